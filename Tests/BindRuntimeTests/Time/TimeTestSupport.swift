import Foundation
import XCTest
@testable import BindRuntime

/// Records what an observer or handler saw and when, on a scheduler's time,
/// as lines like `"300ms: a -> ab"`, so a test asserts a whole timeline.
final class Timeline: @unchecked Sendable {
  private let scheduler: Scheduler
  private let lock = NSLock()
  private var storage: [String] = []

  init(_ scheduler: Scheduler) { self.scheduler = scheduler }

  var lines: [String] {
    lock.lock(); defer { lock.unlock() }
    return storage
  }

  func record(_ text: String) {
    let line = "\(Self.milliseconds(scheduler.now)): \(text)"
    lock.lock(); storage.append(line); lock.unlock()
  }

  /// Observes `value`'s changes and completion (keep the token).
  func observe<Value>(_ value: ObservableValue<Value>, as name: String = "") -> Disposable {
    let prefix = name.isEmpty ? "" : "\(name) "
    return value.observe { [self] change in
      switch change {
      case .initial(let value): record("\(prefix)initial \(value)")
      case .changed(let old, let new): record("\(prefix)\(old) -> \(new)")
      case .completed: record("\(prefix)completed")
      }
    }
  }

  /// Handles `stream`'s events (keep the token).
  func on<Payload>(_ stream: EventStream<Payload>, as name: String = "") -> Disposable {
    let prefix = name.isEmpty ? "" : "\(name) "
    return stream.on { [self] payload in record("\(prefix)\(payload)") }
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
  }
}

extension Duration {
  static func ms(_ value: Int) -> Duration { .milliseconds(value) }
}

extension Scheduler {
  /// Advances to `time` (in milliseconds since the start).
  func advance(to milliseconds: Int) {
    advance(by: .milliseconds(milliseconds) - now)
  }
}

import BindRuntime
import XCTest
@testable import BindLanguage

/// Swift classes the embedding tests register: a view-model with one member
/// of each kind, and a user object it refers to.
final class HostUser {
  @Observed var name: String
  init(name: String) { self.name = name }
}

final class HostLoginViewModel {
  @Observed var username = ""
  @Observed var password = ""
  @Observed var user: HostUser?
  @Observed var tags: [String] = []
  @Observed var score = 0.0
  lazy var canSubmit = Derived { [unowned self] in !username.isEmpty && password.count >= 8 }
  let submit = EventStream<Void>()
  let picked = EventStream<Int>()
}

/// A class with a property the bridge cannot carry.
struct Point: Equatable { var x = 0, y = 0 }
final class Unbridgeable {
  @Observed var origin = Point()
  @Observed var count = 0
  @Observed var nested: Int?? = nil
  @Observed var user: HostUser?
}

extension ScriptSession {
  /// A session whose interpreter knows `User` and `LoginViewModel`.
  static func withHostTypes(file: StaticString = #filePath, line: UInt = #line) -> ScriptSession {
    let session = ScriptSession()
    do {
      try session.interpreter.registerHostTestTypes()
    } catch {
      XCTFail("registration failed: \(error)", file: file, line: line)
    }
    return session
  }
}

extension Interpreter {
  func registerHostTestTypes() throws {
    try register(HostUser.self, as: "User") { type in
      type.property("name", \.$name)
      type.constructor { HostUser(name: "") }
    }
    try register(HostLoginViewModel.self, as: "LoginViewModel") { type in
      type.property("username", \.$username)
      type.property("password", \.$password)
      type.property("user", \.$user)
      type.property("tags", \.$tags)
      type.property("score", \.$score)
      type.property("canSubmit", \.canSubmit)
      type.event("submit", \.submit)
      type.event("picked", \.picked)
      type.constructor { HostLoginViewModel() }
    }
  }
}

/// Records everything a Swift observer sees, as text.
final class SwiftRecorder {
  private(set) var lines: [String] = []
  private var tokens: [Disposable] = []

  func observe<T>(_ name: String, _ node: ObservableValue<T>) {
    tokens.append(node.observe(options: []) { [unowned self] change in
      switch change {
      case .initial(let value): self.lines.append("\(name): \(value)")
      case .changed(let old, let new): self.lines.append("\(name): \(old) -> \(new)")
      case .completed: self.lines.append("\(name): completed")
      }
    })
  }

  func on<P>(_ name: String, _ stream: EventStream<P>) {
    tokens.append(stream.on { [unowned self] payload in self.lines.append("\(name)(\(payload))") })
  }
}

extension ScriptSession {
  /// What the script printed while Swift code ran `body` (observers and
  /// handlers the Swift writes triggered).
  func output(during body: () throws -> Void) rethrows -> [String] {
    let start = lines.count
    try body()
    return Array(lines[start...])
  }
}

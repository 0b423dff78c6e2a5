import BindScriptable
import Observation

/// An error banner that hides itself: `show(_:)` puts it up, and a `Task`
/// sleeping on the injected clock takes it down after ``visibleFor``.
@MainActor @Scriptable @Observable
public final class BannerModel {
  /// Whether a banner is up; a nested type of the same name as ``CartModel/State``.
  @ScriptableValue public enum State: Equatable, Sendable { case hidden, showing }

  public private(set) var message: String?
  public var isVisible: Bool { message != nil }
  public var state: State { message == nil ? .hidden : .showing }

  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var hiding: Task<Void, Never>?

  /// How long a banner stays up (`BannerModel.visibleFor` in scripts).
  public static let visibleFor = Duration.seconds(3)

  public static func makeForScripts(in interpreter: Interpreter) -> BannerModel {
    BannerModel(clock: interpreter.scheduler.clock)
  }

  public init(clock: any Clock<Duration>) { self.clock = clock }

  /// Shows `message` for ``visibleFor``; a newer message restarts the time.
  public func show(_ message: String) {
    self.message = message
    hiding?.cancel()
    hiding = Task { [weak self, clock] in
      guard (try? await clock.sleep(for: Self.visibleFor)) != nil else { return }
      self?.message = nil
    }
  }
}

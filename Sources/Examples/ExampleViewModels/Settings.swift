import BindScriptable
import Observation

/// App settings on Swift's `@Observable`: registered for scripts by plain
/// key paths, with no change to this source.
@Scriptable @Observable
public final class Settings {
  /// 0 to 10; a larger or smaller value is clamped.
  public var volume = 5 {
    didSet { if !(0...10).contains(volume) { volume = min(max(volume, 0), 10) } }
  }
  public var theme = "system"
  /// Where sound goes; changed by ``connectHeadphones()`` only.
  public private(set) var outputDevice = "speaker"
  public var isLoud: Bool { volume > 7 }

  /// Settings as saved: a script makes them with the same labels,
  /// `Settings(volume: 9)` or `Settings(volume: 2, theme: "dark")`.
  /// (`didSet` does not run in an initializer, so the clamp is here too.)
  public init(volume: Int = 5, theme: String = "system") {
    self.volume = min(max(volume, 0), 10)
    self.theme = theme
  }

  /// Sound goes to headphones, at a volume that spares the ears.
  public func connectHeadphones() {
    outputDevice = "headphones"
    volume = min(volume, 6)
  }

  /// Back to the defaults.
  public func reset() {
    volume = 5
    theme = "system"
    outputDevice = "speaker"
  }
}

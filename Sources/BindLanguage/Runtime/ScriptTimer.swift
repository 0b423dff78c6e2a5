import BindRuntime

/// A timer a script made with `after` or `every`, as scripts see it:
/// `Timer#N`, which `dispose` cancels.
public final class ScriptTimer {
  let timer: ScheduledTimer
  /// `Timer#N`, N counting the session's timers from 1.
  public let displayName: String

  init(timer: ScheduledTimer, number: Int) {
    self.timer = timer
    displayName = "Timer#\(number)"
  }
}

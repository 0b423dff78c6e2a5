/// Work a line reader does while it waits for a key: a REPL with a real
/// clock fires its timers at the prompt through it.
///
/// The reader asks ``timeUntilDue`` before each wait for a key, waits at most
/// that long, and calls ``run`` once it has passed; it never calls either in
/// the middle of a key, nor while the line is not being read. Both run on the
/// reader's thread.
public struct IdleWork {
  /// How long the reader may wait for a key before it calls ``run``; `nil`
  /// for as long as it takes.
  public var timeUntilDue: () -> Duration?
  /// Does what is due. Its argument makes room for output above the line
  /// being edited: call it before printing anything (once is enough; later
  /// calls do nothing). The reader then draws the prompt and the line again
  /// below what was printed. Work that prints nothing leaves the screen as
  /// it was.
  public var run: (_ beginOutput: () -> Void) -> Void

  public init(timeUntilDue: @escaping () -> Duration?, run: @escaping (_ beginOutput: () -> Void) -> Void) {
    self.timeUntilDue = timeUntilDue
    self.run = run
  }
}

/// Work a line reader does while it waits for a key: a REPL with a real
/// clock fires its timers at the prompt through it, and `bindscript attach`
/// prints what the attached app's observers print.
///
/// The reader asks ``timeUntilDue`` before each wait for a key, waits at most
/// that long (or until ``descriptor`` has input), and calls ``run`` once it
/// has passed; it never calls either in the middle of a key, nor while the
/// line is not being read. All of them run on the reader's thread.
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
  /// A descriptor (an attached app's connection) whose input, or end,
  /// makes the work due at once; `nil` for the clock alone.
  public var descriptor: Int32?
  /// Asked after each ``run``: `true` ends the line being read as an end
  /// of input would (the attached app went away), so the REPL ends.
  public var endsInput: () -> Bool

  public init(
    descriptor: Int32? = nil, timeUntilDue: @escaping () -> Duration?,
    run: @escaping (_ beginOutput: () -> Void) -> Void, endsInput: @escaping () -> Bool = { false }
  ) {
    self.descriptor = descriptor
    self.timeUntilDue = timeUntilDue
    self.run = run
    self.endsInput = endsInput
  }
}

import CLibEdit

/// The process-wide Ctrl-C (SIGINT) flag.
///
/// Once installed, SIGINT never kills the process: the handler only sets an
/// atomic flag. While a line is being read, the flag makes the reader return
/// `.interrupted`; while a statement runs, the CLI polls `consumePending()`
/// (directly, or through `check`) and abandons the statement.
public enum SignalInterrupts {
  /// Installs the SIGINT handler. Idempotent; `EditLineReader` calls it.
  ///
  /// The handler is installed without `SA_RESTART`, so blocking reads fail
  /// with `EINTR` instead of waiting for the next keypress.
  /// - Returns: `false` when `sigaction` failed.
  @discardableResult
  public static func install() -> Bool {
    bs_interrupts_install() == 0
  }

  /// Whether the handler is installed.
  public static var isInstalled: Bool {
    bs_interrupts_installed() != 0
  }

  /// Whether a SIGINT arrived since it was last consumed; does not clear it.
  public static var isPending: Bool {
    bs_interrupts_peek() != 0
  }

  /// Returns `true`, and clears the flag, when a SIGINT arrived since the
  /// last call.
  @discardableResult
  public static func consumePending() -> Bool {
    bs_interrupts_consume() != 0
  }

  /// Sets the flag as a real SIGINT would (tests, embedders' own cancel).
  public static func signal() {
    bs_interrupts_signal()
  }

  /// The descriptor that becomes readable when a SIGINT arrives (the line
  /// reader's wake pipe), for a thread that waits on other input with
  /// `poll` and must notice Ctrl-C at once (`bindscript attach` waiting
  /// for the app's answer). Call ``drainWakes()`` after it was readable.
  public static var wakeDescriptor: Int32 { bs_wake_descriptor() }

  /// Empties the wake pipe, so the next `poll` on ``wakeDescriptor`` waits.
  public static func drainWakes() { bs_wake_drain() }

  /// A closure for an interpreter's cancellation hook: each call consumes a
  /// pending interrupt and says whether there was one.
  public static let check: @Sendable () -> Bool = { consumePending() }
}

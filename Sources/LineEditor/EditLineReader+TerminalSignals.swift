import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's signals, acted on by the reading thread.
///
/// The handlers (`CLibEdit/TerminalSignals.c`) only record a signal and
/// wake the key reader, which calls here between keys: libedit's own
/// handlers (`EL_SIGNAL`, off) resized the editor inside the handler, on
/// any thread, while this thread could be drawing from the buffers it
/// freed.
extension EditLineReader {
  /// Starts a read: the signals of a terminal in editing mode are recorded
  /// from now on, and a resize made while no line was read is taken in.
  func beginFollowingTerminalSignals() {
    guard handlesSignals, let editLine = openEditLine else { return }
    bs_terminal_signals_reading(1)
    if bs_terminal_signals_take_resize() != 0 { el_resize(editLine) }
  }

  /// Ends a read (the terminal is back in its own mode): the signals get
  /// their own actions again, and one that came as the line ended is passed
  /// on to them now.
  func endFollowingTerminalSignals() {
    guard handlesSignals else { return }
    bs_terminal_signals_reading(0)
    let termination = bs_terminal_signals_take_termination()
    if termination != 0 { bs_terminal_signals_pass_on(termination) }
    if bs_terminal_signals_take_suspend() != 0 { bs_terminal_signals_pass_on(SIGTSTP) }
    _ = bs_terminal_signals_take_continue()
  }

  /// Acts on the signals recorded since the last call, as libedit's
  /// handlers did: a resize tells the editor the new size; Ctrl-Z
  /// (SIGTSTP), SIGTERM, SIGHUP and SIGQUIT put the terminal back in its
  /// own mode before they stop or end the process; once it is continued,
  /// editing mode comes back and the prompt and the line are drawn again.
  func followTerminalSignals() {
    guard let editLine = openEditLine else { return }
    if bs_terminal_signals_take_resize() != 0 { resize(editLine) }
    let termination = bs_terminal_signals_take_termination()
    if termination != 0 {
      _ = bs_el_prep_term(editLine, 0)
      bs_terminal_signals_pass_on(termination)
      _ = bs_el_prep_term(editLine, 1)  // it was ignored, or handled and returned
    }
    if bs_terminal_signals_take_suspend() != 0 {
      _ = bs_el_prep_term(editLine, 0)
      bs_terminal_signals_pass_on(SIGTSTP)
      _ = bs_el_prep_term(editLine, 1)
    }
    if bs_terminal_signals_take_continue() != 0 {
      // The shell may have changed the terminal's modes while the process
      // was stopped: put editing mode back whole, then redraw.
      _ = bs_el_prep_term(editLine, 0)
      _ = bs_el_prep_term(editLine, 1)
      _ = bs_el_refresh(editLine)
    }
  }

  /// Tells the editor the terminal's new size, and draws the prompt and
  /// the line again from the start of the cursor's row, clearing below.
  ///
  /// `el_resize` forgets what was drawn (its model of the screen becomes
  /// empty, the cursor at its top left) while the line stays on the
  /// screen; libedit 3.1's drawing code, continuing from that model (the
  /// next key's fast append, a cursor move), wrote past its display rows
  /// after some sizes: a segmentation fault or a double free. Drawing
  /// everything again at once makes the model and the screen agree, the
  /// state every ordinary key leaves them in.
  private func resize(_ editLine: OpaquePointer) {
    el_resize(editLine)
    write("\r\u{1B}[J")
    _ = bs_el_refresh(editLine)
  }
}

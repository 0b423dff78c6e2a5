import CLibEdit
import LineReading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line reader with libedit's native line editing: emacs keys, history on
/// the arrows, `^R` history search (`EditLineReader+Search.swift`), Tab completion, and the user's
/// `~/.editrc` (lines prefixed `bindscript:` apply to BindScript only).
///
/// Ctrl-C while typing returns `.interrupted` (see `SignalInterrupts`);
/// Ctrl-D on an empty line returns `.endOfFile`. The terminal is in raw
/// mode only inside `readLine(prompt:)`, and `close()` (or deinit) restores
/// its original settings.
///
/// Use from one thread. libedit callbacks reach this object through
/// `EL_CLIENTDATA`, so it must outlive the editor, which it owns.
public final class EditLineReader: LineReader {
  /// The persistent history that `addHistory(_:)` writes to.
  public let history: HistoryStore
  /// Computes Tab completions; `nil` makes Tab beep.
  public var completer: Completer?
  /// What the last `.interrupted` discarded ("" for an empty line).
  public private(set) var discardedText = ""

  /// The `EditLine *`; `nil` after `close()`.
  private var editLine: OpaquePointer?
  private let editorHistory: LibEditHistory
  let output: UnsafeMutablePointer<FILE>
  /// The descriptor libedit reads keys from.
  let inputDescriptor: Int32
  /// What to do while waiting for a key (see `EditLineReader+Keys.swift`).
  var idleWork: IdleWork?
  /// Whether this reader follows the terminal's resizes, Ctrl-Z and
  /// termination (`EditLineReader+TerminalSignals.swift`).
  let handlesSignals: Bool
  /// The current prompt as wide text. libedit calls the prompt function on
  /// every redraw and keeps the returned pointer, so this buffer must stay
  /// put until the next prompt replaces it.
  private var promptStorage: UnsafeMutablePointer<wchar_t>

  /// Starts libedit on the given streams, or returns `nil` if it cannot.
  ///
  /// - Parameters:
  ///   - programName: The name `~/.editrc` lines may be prefixed with.
  ///   - history: Loaded into the editor; new entries are saved to it.
  ///   - completer: Tab completion.
  ///   - handlesSignals: Follows SIGWINCH resizes, and restores the
  ///     terminal's own mode around Ctrl-Z (SIGTSTP) and before SIGTERM,
  ///     SIGHUP or SIGQUIT end the process. The handlers only record the
  ///     signal; the reading thread acts on it.
  ///   - input: The terminal to read; standard input by default.
  ///   - output: Where the editor draws; standard output by default.
  ///   - error: Where libedit reports problems; standard error by default.
  public init?(
    programName: String = "bindscript",
    history: HistoryStore,
    completer: Completer? = nil,
    handlesSignals: Bool = true,
    input: UnsafeMutablePointer<FILE> = stdin,
    output: UnsafeMutablePointer<FILE> = stdout,
    error: UnsafeMutablePointer<FILE> = stderr
  ) {
    // MUST precede el_init: libedit reads the codeset when it starts, and in
    // the "C" locale it drops non-ASCII input bytes.
    _ = bs_setlocale_ctype()
    SignalInterrupts.install()
    if handlesSignals { _ = bs_terminal_signals_install() }
    guard let editorHistory = LibEditHistory(capacity: history.capacity),
      let editLine = bs_el_init(programName, input, output, error)
    else { return nil }
    self.history = history
    self.completer = completer
    self.editorHistory = editorHistory
    self.editLine = editLine
    self.output = output
    self.handlesSignals = handlesSignals
    inputDescriptor = fileno(input)
    promptStorage = .allocate(capacity: 1)
    promptStorage.initialize(to: 0)
    for entry in history.entries {
      editorHistory.add(entry)
    }
    configure(editLine)
  }

  deinit {
    close()
    promptStorage.deallocate()
  }

  /// Sets up prompt, keys, history and completion, then reads `~/.editrc`
  /// last so the user's settings win.
  private func configure(_ editLine: OpaquePointer) {
    _ = bs_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = bs_el_set_prompt_esc(
      editLine, promptCallback, wchar_t(PromptMarkup.ignore.unicodeScalars.first!.value))
    _ = bs_el_set_editor(editLine, "emacs")
    _ = bs_el_set_signal(editLine, 0)
    _ = bs_el_set_getc(editLine, readCharacterCallback)
    _ = bs_el_set_history(editLine, editorHistory.handle)
    _ = bs_el_add_function(editLine, "bs-complete", "Complete the word before the cursor", completeCallback)
    _ = bs_el_bind(editLine, "^I", "bs-complete")
    _ = bs_el_add_function(editLine, "bs-search-history", "Search the history", searchCallback)
    _ = bs_el_bind(editLine, "^R", "bs-search-history")
    _ = bs_el_source_default(editLine)
  }

  /// Reads one line, showing `prompt` (which may contain ANSI colour).
  public func readLine(prompt: String) -> LineInput {
    guard let editLine else { return .endOfFile }
    setPrompt(prompt)
    // A Ctrl-C that arrived while nobody was reading is stale by now.
    SignalInterrupts.consumePending()
    if endOfFileIsPending() {
      write("\n")
      return .endOfFile
    }
    var count: Int32 = 0
    errno = 0
    beginFollowingTerminalSignals()
    let text = el_wgets(editLine, &count)
    let readError = errno
    endFollowingTerminalSignals()
    // Checked first: Ctrl-C during ^R search makes libedit report EOF, and
    // that must not end the session.
    if SignalInterrupts.consumePending() || (text == nil && count < 0 && readError == EINTR) {
      return interrupted(editLine, libeditEndedLine: text == nil && count == 0)
    }
    guard let text, count > 0 else {
      write("\n")  // After libedit's "^D", so the shell prompt starts afresh.
      return .endOfFile
    }
    var line = WideString.string(text, count: Int(count))
    if line.hasSuffix("\n") { line.removeLast() }
    return .line(line)
  }

  /// Whether a Ctrl-D typed while a statement ran waits at the head of the
  /// input, and if so consumes it.
  ///
  /// Between lines the terminal is in its own (canonical) mode, where Ctrl-D
  /// on an empty line is an end-of-file mark that a `read` returns as 0
  /// bytes. Once libedit switches to raw mode that mark would read as a NUL
  /// byte and the Ctrl-D be lost, so look for it first: the terminal says
  /// input is ready (`poll`) yet holds no bytes (`FIONREAD` does not count
  /// end-of-file marks), and a `read` returns 0.
  private func endOfFileIsPending() -> Bool {
    var settings = termios()
    guard tcgetattr(inputDescriptor, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 else { return false }
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
    var available: Int32 = 0
    guard ioctl(inputDescriptor, UInt(FIONREAD), &available) == 0, available == 0 else { return false }
    var byte: UInt8 = 0
    return posixRead(inputDescriptor, &byte, 1) == 0
  }

  /// Adds `entry` to the persistent history and to the editor's, unless
  /// the store refuses it (blank, or equal to the newest entry).
  public func addHistory(_ entry: String) {
    if history.add(entry), let stored = history.entries.last {
      editorHistory.add(stored)
    }
  }

  /// Ends libedit, restoring the terminal's original settings. Idempotent.
  public func close() {
    guard let editLine else { return }
    self.editLine = nil
    bs_el_end(editLine)
  }

  /// The entries the editor's history holds, oldest first.
  public var editorHistoryEntries: [String] {
    editorHistory.entries
  }

  /// Records and abandons the interrupted line: echoes the text after the
  /// cursor (moving the cursor to the end of the line without changing
  /// what is shown), then `^C` and a newline.
  ///
  /// - Parameter libeditEndedLine: libedit reported end-of-file, which is
  ///   how a Ctrl-C inside `^R` search surfaces. It has then already moved
  ///   below the edit area, and the buffer ends with its "\nbck:pattern"
  ///   search prompt, which is not part of the user's line.
  private func interrupted(_ editLine: OpaquePointer, libeditEndedLine: Bool) -> LineInput {
    let info = el_wline(editLine).pointee
    var text = WideString.string(from: info.buffer, to: info.lastchar)
    if libeditEndedLine {
      if let newline = text.lastIndex(of: "\n"),
        ["bck", "fwd"].contains(where: { text[text.index(after: newline)...].hasPrefix($0) })
      {
        text = String(text[..<newline])
      }
    } else {
      write(WideString.string(from: info.cursor, to: info.lastchar) + "^C\n")
    }
    discardedText = text
    return .interrupted
  }

  /// Replaces the prompt buffer with `prompt`, colour codes marked.
  private func setPrompt(_ prompt: String) {
    let wide = WideString.make(PromptMarkup.mark(prompt))
    let storage = UnsafeMutablePointer<wchar_t>.allocate(capacity: wide.count)
    storage.initialize(from: wide, count: wide.count)
    promptStorage.deallocate()
    promptStorage = storage
  }

  /// Writes `text` to the editor's output and flushes it.
  func write(_ text: String) {
    fputs(text, output)
    fflush(output)
  }

  /// The `EditLine *` while open; for the completion extension.
  var openEditLine: OpaquePointer? { editLine }

  /// The object behind a libedit callback's `EditLine *`.
  static func reader(for editLine: OpaquePointer?) -> EditLineReader? {
    guard let editLine, let data = bs_el_client_data(editLine) else { return nil }
    return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
  }

  /// The prompt buffer libedit draws; it asks on every redraw.
  var currentPrompt: UnsafeMutablePointer<wchar_t> { promptStorage }
}

/// `EL_PROMPT_ESC`'s callback. A C function pointer cannot capture, so it
/// finds the reader through the editor's client data.
private let promptCallback: bs_prompt_fn = { editLine in
  EditLineReader.reader(for: editLine)?.currentPrompt ?? emptyPrompt
}

/// A prompt for the (never expected) case of a callback with no reader.
private let emptyPrompt: UnsafeMutablePointer<wchar_t> = {
  let prompt = UnsafeMutablePointer<wchar_t>.allocate(capacity: 1)
  prompt.initialize(to: 0)
  return prompt
}()

/// `EL_GETCFN`'s callback: every key is read by ``EditLineReader/readCharacter(into:)``.
private let readCharacterCallback: bs_getc_fn = { editLine, character in
  guard let character else { return -1 }
  guard let reader = EditLineReader.reader(for: editLine) else {
    character.pointee = 0
    return -1
  }
  return reader.readCharacter(into: character)
}

extension EditLineReader {
  /// Sets the work to do while waiting for a key: ``readCharacter(into:)``
  /// then waits for a key no longer than the work's time.
  public func setIdleWork(_ work: IdleWork?) {
    idleWork = work
  }
}

/// The `bs-search-history` editor command bound to Ctrl-R.
private let searchCallback: bs_command_fn = { editLine, _ in
  EditLineReader.reader(for: editLine)?.searchHistory() ?? UInt8(CC_ERROR)
}

/// The `bs-complete` editor command bound to Tab.
private let completeCallback: bs_command_fn = { editLine, _ in
  EditLineReader.reader(for: editLine)?.complete() ?? UInt8(CC_ERROR)
}

import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-R: incremental search of the history, newest first, with a prompt
/// that says what it is (`(history search) 'text': match`) instead of
/// libedit's own `bck:` line.
///
/// Keys while searching: text extends the search; Backspace shortens it;
/// Ctrl-R finds the next older match; Enter runs the match; Ctrl-G or Esc
/// gives the line back as it was; any other key takes the match into the
/// line and then acts as usual (Ctrl-A, Ctrl-E, arrows); Ctrl-C abandons
/// the line as it does at the prompt.
extension EditLineReader {
  /// The label the search line starts with.
  static let searchLabel = "(history search)"

  /// The `bs-search-history` editor command bound to Ctrl-R.
  /// - Returns: The `CC_*` code telling libedit what to do next.
  func searchHistory() -> UInt8 {
    guard let editLine = openEditLine else { return UInt8(CC_ERROR) }
    let info = el_wline(editLine).pointee
    let original = WideString.string(from: info.buffer, to: info.lastchar)
    let entries = editorHistoryEntries
    var search = HistorySearch(entries: entries)
    while true {
      drawSearch(search)
      var character: wchar_t = 0
      let count = el_wgetc(editLine, &character)
      if count <= 0 || SignalInterrupts.isPending {
        // Ctrl-C (or the end of input): the line shown is abandoned by
        // `readLine`, which sees the pending interrupt; as it was discarded,
        // the Ctrl-C does not count towards leaving the REPL.
        leaveSearch(editLine, line: search.match ?? original)
        write("^C\n")
        return UInt8(CC_EOF)
      }
      switch character {
      case 0x12:  // Ctrl-R
        search.findOlder()
      case 0x7F, 0x08:  // Backspace
        search.shorten()
      case 0x07, 0x1B:  // Ctrl-G, Esc
        leaveSearch(editLine, line: original)
        return UInt8(CC_REFRESH)
      case 0x0A, 0x0D:  // Enter
        leaveSearch(editLine, line: search.match ?? original)
        return UInt8(CC_NEWLINE)
      case let key where key >= 0x20:
        search.extend(with: Character(Unicode.Scalar(UInt32(key)) ?? " "))
      default:
        leaveSearch(editLine, line: search.match ?? original)
        var pushed: [wchar_t] = [character, 0]
        el_wpush(editLine, &pushed)
        return UInt8(CC_REFRESH)
      }
    }
  }

  /// Draws the search line over the current line.
  private func drawSearch(_ search: HistorySearch) {
    let label = search.failed ? "(failed history search)" : Self.searchLabel
    let shown = (search.match ?? "").replacingNewlines()
    write("\r\u{1B}[K\(label) '\(search.text)': \(shown)")
  }

  /// Puts `line` in libedit's buffer, cursor at its end, and has libedit
  /// draw the prompt and the line afresh where the search line was.
  private func leaveSearch(_ editLine: OpaquePointer, line: String) {
    let info = el_wline(editLine).pointee
    let after = info.lastchar - info.cursor
    if after > 0 { _ = el_cursor(editLine, Int32(after)) }
    let length = info.lastchar - info.buffer
    if length > 0 { el_deletestr(editLine, Int32(length)) }
    if !line.isEmpty { _ = el_winsertstr(editLine, WideString.make(line)) }
    write("\r\u{1B}[K")
    _ = bs_el_refresh(editLine)
  }
}

/// The state of one Ctrl-R search: the text typed and the entry it found.
struct HistorySearch {
  /// The history, oldest first.
  let entries: [String]
  /// What the user typed.
  private(set) var text = ""
  /// The index of the entry found, if any.
  private var found: Int?
  /// Whether the text matches no entry (from where the search stands).
  private(set) var failed = false

  init(entries: [String]) { self.entries = entries }

  /// The entry found.
  var match: String? { found.map { entries[$0] } }

  /// Adds a character; searches again from the current match.
  mutating func extend(with character: Character) {
    text.append(character)
    search(from: found ?? entries.count - 1)
  }

  /// Drops the last character; searches again from the newest entry.
  mutating func shorten() {
    guard !text.isEmpty else { return }
    text.removeLast()
    found = nil
    failed = false
    if !text.isEmpty { search(from: entries.count - 1) }
  }

  /// The next older entry with the text.
  mutating func findOlder() {
    guard !text.isEmpty, let current = found else { return }
    search(from: current - 1)
  }

  private mutating func search(from start: Int) {
    var index = start
    while index >= 0 {
      if entries[index].contains(text) {
        found = index
        failed = false
        return
      }
      index -= 1
    }
    failed = true
  }
}

extension String {
  /// The text on one line: each line break shown as `↵`.
  fileprivate func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ↵ ")
  }
}

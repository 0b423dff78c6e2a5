import CLibEdit
import LineReading

/// Tab completion: applies a `Completer`'s answer to libedit's line buffer.
extension EditLineReader {
  /// Runs the completer on the text before the cursor, then inserts the
  /// unique candidate or the candidates' longest common prefix, or lists
  /// the candidates below the line and redraws the prompt.
  /// - Returns: The `CC_*` code telling libedit how to redraw.
  func complete() -> UInt8 {
    guard let editLine = openEditLine, let completer else { return UInt8(CC_ERROR) }
    let info = el_wline(editLine).pointee
    let before = WideString.string(from: info.buffer, to: info.cursor)
    let completion = completer(before)
    switch completion.action {
    case .beep:
      return UInt8(CC_ERROR)
    case .replace(let text):
      // The completer must describe text that is really there.
      guard before.hasSuffix(completion.word) else { return UInt8(CC_ERROR) }
      let removed = completion.word.unicodeScalars.count
      if removed > 0 { el_deletestr(editLine, Int32(removed)) }
      if !text.isEmpty {
        let wide = WideString.make(text)
        _ = el_winsertstr(editLine, wide)
      }
      return UInt8(CC_REFRESH)
    case .list(let names):
      write("\n" + CompletionList.columns(names, width: Int(bs_el_columns(editLine))))
      // CC_REDISPLAY redraws the prompt and the whole line below the list.
      return UInt8(CC_REDISPLAY)
    }
  }
}

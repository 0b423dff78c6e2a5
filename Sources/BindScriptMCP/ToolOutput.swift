import REPLCore

/// What a session prints during one tool call: standard output and
/// standard error in the order they were written, as one text, the way a
/// terminal shows them.
///
/// Kept to ``limit`` bytes: a statement that prints in a loop until the
/// step limit stops it must not grow the server's memory, nor the answer,
/// without end; the rest is counted and said to be left out.
final class ToolOutput {
  /// The most text one answer carries.
  static let limit = 1 << 20

  private var text = ""
  private var byteCount = 0
  private var omittedBytes = 0
  /// Whether anything went to standard error: a statement's error, a
  /// syntax error, a meta command's complaint.
  private(set) var hasErrors = false

  /// A console that writes here, without colour.
  var console: REPLConsole {
    REPLConsole(write: { [unowned self] in append($0) }, writeError: { [unowned self] in append($0, isError: true) })
  }

  func append(_ written: String, isError: Bool = false) {
    if isError { hasErrors = true }
    let room = Self.limit - byteCount
    let count = written.utf8.count
    guard count > room else {
      text += written
      byteCount += count
      return
    }
    if room > 0 {
      text += String(decoding: written.utf8.prefix(room), as: UTF8.self)
      byteCount = Self.limit
    }
    omittedBytes += count - max(room, 0)
  }

  /// The text so far, with a last line saying what was left out; empties
  /// the output for the next call.
  func take() -> (text: String, hasErrors: Bool) {
    var taken = text
    if omittedBytes > 0 {
      if !taken.isEmpty && !taken.hasSuffix("\n") { taken += "\n" }
      taken += "… \(omittedBytes) more bytes of output left out (the first \(Self.limit >> 20) MiB are shown)\n"
    }
    defer { (text, byteCount, omittedBytes, hasErrors) = ("", 0, 0, false) }
    return (taken, hasErrors)
  }
}

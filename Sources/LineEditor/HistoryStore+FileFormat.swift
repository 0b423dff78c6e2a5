import BindPlatform

/// The history file's text format.
///
/// UTF-8, one entry per line, oldest first. Inside an entry a backslash is
/// written `\\`, a newline `\n` and a carriage return `\r`, so a multi-line
/// entry stays on one line of the file and comes back unchanged. Any other
/// backslash sequence is read literally, so a hand-edited file cannot fail
/// to load. Empty lines are ignored.
extension HistoryStore {
  /// `entry` as one line of the history file (without the line break).
  public static func encode(_ entry: String) -> String {
    TextEscaping.singleLine.escape(entry)
  }

  /// The entry one line of the history file holds.
  public static func decode(_ line: Substring) -> String {
    var entry = String.UnicodeScalarView()
    var escaped = false
    for scalar in line.unicodeScalars {
      if escaped {
        escaped = false
        switch scalar {
        case "\\": entry.append("\\")
        case "n": entry.append("\n")
        case "r": entry.append("\r")
        default: entry.append(contentsOf: ["\\", scalar])
        }
      } else if scalar == "\\" {
        escaped = true
      } else {
        entry.append(scalar)
      }
    }
    if escaped { entry.append("\\") }
    return String(entry)
  }

  /// The file's text for `entries`.
  static func encodeFile(_ entries: [String]) -> String {
    entries.map { encode($0) + "\n" }.joined()
  }

  /// The entries in a history file's text.
  static func decodeFile(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
      decode(line.last == "\r" ? line.dropLast() : line)
    }
  }
}

/// How one text format writes the characters it cannot hold as they are.
///
/// Every output format BindScript writes (its own string literals, the
/// history file, the test worker's wire format, Graphviz DOT, JUnit XML, TAP
/// and its YAML blocks) escapes through one of the rules below, so each
/// format's table is in one place and the loop over the text is written once.
package struct TextEscaping: Sendable {
  /// What stands for `scalar` in the format, or `nil` to keep it as it is.
  private let replacement: @Sendable (Unicode.Scalar) -> String?

  package init(_ replacement: @escaping @Sendable (Unicode.Scalar) -> String?) {
    self.replacement = replacement
  }

  /// `text` with every character the format cannot hold replaced.
  package func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) {
        result += replaced
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension TextEscaping {
  /// The inside of a BindScript (and Swift) string literal: quotes,
  /// backslashes and control characters as escapes that read back the same.
  package static let stringLiteral = TextEscaping { scalar in
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case "\0": "\\0"
    default: isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : nil
    }
  }

  /// One line of a line-based file: backslash, newline and carriage return
  /// escaped, so a multi-line value stays on one line (the REPL's history).
  package static let singleLine = TextEscaping { scalar in
    switch scalar {
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\r": "\\r"
    default: nil
    }
  }

  /// One field of a tab-separated line: `singleLine` plus the tab (the test
  /// worker's wire format).
  package static let tabSeparatedField = TextEscaping { scalar in
    scalar == "\t" ? "\\t" : singleLine.replacement(scalar)
  }

  /// The inside of a Graphviz DOT quoted label: quotes and backslashes
  /// escaped, a line break as DOT's `\n` (a centred line), `&` as an entity
  /// (Graphviz reads entities such as `&lt;` in every label), a tab as a
  /// space, and other control characters, which DOT cannot show, as U+FFFD.
  /// The only escaper for DOT: labels are built with real newlines and
  /// escaped once, whole.
  package static let dotString = TextEscaping { scalar in
    switch scalar {
    case "\\": "\\\\"
    case "\"": "\\\""
    case "\n": "\\n"
    case "\r": ""
    case "\t": " "
    case "&": "&amp;"
    default: isControl(scalar) ? "\u{FFFD}" : nil
    }
  }

  /// XML 1.0 character data; characters XML cannot hold become U+FFFD.
  package static let xmlText = TextEscaping { scalar in
    scalar == "\n" ? "\n" : xmlAttribute.replacement(scalar)
  }

  /// A double- or single-quoted XML 1.0 attribute value, where a line break
  /// must be a character reference to survive attribute normalization.
  package static let xmlAttribute = TextEscaping { scalar in
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&apos;"
    case "\n", "\t", "\r": "&#\(scalar.value);"
    default: scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : nil
    }
  }

  /// A TAP test point description: `#` would start a directive and a line
  /// break would end the test line.
  package static let tapDescription = TextEscaping { scalar in
    switch scalar {
    case "#": "\\#"
    case "\\": "\\\\"
    case "\n", "\r": " "
    default: nil
    }
  }

  /// The inside of a YAML double-quoted scalar (TAP's diagnostic blocks).
  package static let yamlDoubleQuoted = TextEscaping { scalar in
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    default: isControl(scalar) ? "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) : nil
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }
}

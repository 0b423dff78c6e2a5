/// A tuple type as the editor sees it: the text of an annotation such as
/// `(x: Int, y: [String: Int])`, taken apart into its elements.
enum TupleTypeName {
  /// The elements of `typeName` (a label, or `nil`, and the type's text),
  /// or `nil` when it is not a tuple type.
  static func elements(of typeName: String) -> [(label: String?, type: String)]? {
    guard typeName.hasPrefix("("), typeName.hasSuffix(")"), !typeName.contains("->") else { return nil }
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in typeName.dropFirst().dropLast() {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      case "," where depth == 0:
        parts.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current)
    guard parts.count > 1 else { return nil }
    return parts.map { part in
      let trimmed = stripped(part)
      // `name: Type`: a label is a plain name before the first top-level ':'.
      if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
        return (String(trimmed[..<colon]), stripped(trimmed[trimmed.index(after: colon)...]))
      }
      return (nil, trimmed)
    }
  }

  private static func stripped(_ text: some StringProtocol) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  /// The element called `member` (a label or a position) of the tuple type
  /// `typeName`, with the name it is written by.
  static func element(_ member: String, of typeName: String) -> (name: String, type: String)? {
    guard let elements = elements(of: typeName) else { return nil }
    for (position, element) in elements.enumerated() where element.label == member || String(position) == member {
      return (element.label ?? String(position), element.type)
    }
    return nil
  }
}

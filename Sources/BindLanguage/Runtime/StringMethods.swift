import BindSyntax

/// The built-in methods and properties of strings, with Swift's (and, for
/// `components(separatedBy:)`, `trimmingCharacters(in:)`,
/// `replacingOccurrences(of:with:)` and `capitalized`, Foundation's)
/// meaning. Results that Swift types as `Substring` or `[Substring]` are
/// strings here: they print the same.
enum StringMethods {
  static let table = MethodTable<String>([
    "uppercased()": { text, _ in .string(text.uppercased()) },
    "lowercased()": { text, _ in .string(text.lowercased()) },
    // Every string contains the empty string, as in Swift (and unlike Foundation).
    "contains(_:)": { text, arguments in
      let other = try arguments[0].string(for: "contains(_:)")
      return .bool(other.isEmpty || text.contains(other))
    },
    "hasPrefix(_:)": { text, arguments in .bool(text.hasPrefix(try arguments[0].string(for: "hasPrefix(_:)"))) },
    "hasSuffix(_:)": { text, arguments in .bool(text.hasSuffix(try arguments[0].string(for: "hasSuffix(_:)"))) },
    "starts(with:)": { text, arguments in .bool(text.hasPrefix(try arguments[0].string(for: "starts(with:)"))) },
    "split(separator:)": { text, arguments in
      let separator = try separator(arguments[0], for: "split(separator:)")
      return .array(text.split(separator: separator).map { .string(String($0)) })
    },
    "components(separatedBy:)": { text, arguments in
      let separator = try separator(arguments[0], for: "components(separatedBy:)")
      return .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
    },
    "trimmingCharacters(in:)": { text, arguments in
      let trimmed = try characterSet(arguments[0])
      return .string(String(text.drop(while: trimmed).reversed().drop(while: trimmed).reversed()))
    },
    "replacingOccurrences(of:with:)": { text, arguments in
      let target = try arguments[0].string(for: "replacingOccurrences(of:with:)")
      let replacement = try arguments[1].string(for: "replacingOccurrences(of:with:)")
      // An empty target matches nowhere, as in Foundation.
      guard !target.isEmpty else { return .string(text) }
      // Measured before it is built: each match adds the difference in length.
      let matches = text.ranges(of: target).count
      try Operators.checkLength(utf8: text.utf8.count + matches * (replacement.utf8.count - target.utf8.count))
      return .string(text.replacing(target, with: replacement))
    },
    "prefix(_:)": { text, arguments in .string(String(text.prefix(try arguments[0].count(for: "prefix(_:)")))) },
    "suffix(_:)": { text, arguments in .string(String(text.suffix(try arguments[0].count(for: "suffix(_:)")))) },
    "dropFirst()": { text, _ in .string(String(text.dropFirst())) },
    "dropFirst(_:)": { text, arguments in
      .string(String(text.dropFirst(try arguments[0].count(for: "dropFirst(_:)"))))
    },
    "dropLast()": { text, _ in .string(String(text.dropLast())) },
    "dropLast(_:)": { text, arguments in .string(String(text.dropLast(try arguments[0].count(for: "dropLast(_:)")))) },
    "reversed()": { text, _ in .string(String(text.reversed())) },
  ])

  /// The read-only properties.
  static let propertyNames = ["count", "isEmpty", "capitalized"]

  static func property(_ name: String, of text: String) -> Value? {
    switch name {
    case "count": return .int(text.count)
    case "isEmpty": return .bool(text.isEmpty)
    case "capitalized": return .string(capitalized(text))
    default: return nil
    }
  }

  /// Foundation's `capitalized`: the first character of each word (a run
  /// between whitespace) upper-cased, the rest lower-cased.
  private static func capitalized(_ text: String) -> String {
    var result = ""
    var startsWord = true
    for character in text {
      if character.isWhitespace {
        result.append(character)
        startsWord = true
      } else {
        result += startsWord ? character.uppercased() : character.lowercased()
        startsWord = false
      }
    }
    return result
  }

  /// A separator argument: a non-empty String (Swift's is a `Character` or
  /// a string).
  private static func separator(_ value: Value, for method: String) throws -> String {
    let separator = try value.string(for: method)
    guard !separator.isEmpty else { throw ScriptError(.library(.emptySeparator(method: method))) }
    return separator
  }

  /// The characters `trimmingCharacters(in:)` removes, by the name of
  /// Foundation's `CharacterSet` given as `.whitespaces` and its kin.
  private static let characterSets: KeyValuePairs<String, @Sendable (Character) -> Bool> = [
    "whitespaces": { $0.isWhitespace && !$0.isNewline },
    "whitespacesAndNewlines": { $0.isWhitespace },
    "newlines": { $0.isNewline },
  ]

  private static func characterSet(_ value: Value) throws -> (Character) -> Bool {
    let names = characterSets.map { ".\($0.key)" }.joined(separator: ", ")
    guard case .enumValue(let member) = value, member.type.isContextual, member.associatedValues.isEmpty else {
      throw ScriptError(.needs(subject: "'trimmingCharacters(in:)'", expected: "one of \(names)", actual: value.typeName))
    }
    let name = member.enumCase.name
    guard let test = characterSets.first(where: { $0.key == name })?.value else {
      let guess = suggestion(for: name, among: characterSets.map(\.key))
      throw ScriptError(.unknownCharacterSet(name, known: names, suggestion: guess))
    }
    return test
  }
}

import BindPlatform
import BindSyntax

/// `String(format: "%.2f", x)`: Foundation's format strings, checked.
///
/// Each conversion is matched with its argument before anything is
/// formatted, and only numbers reach C's `printf`, one at a time, through
/// a specification built from parts that were checked here
/// (``PrintfConversion``); strings and other values are padded in Swift.
/// A conversion without an argument, an argument without a conversion and
/// an argument of the wrong type are errors, where Foundation would read
/// garbage or crash.
enum StringFormat {
  /// The widest width and precision a conversion may ask for: enough for
  /// any table, and a format cannot build a string of megabytes.
  static let widthLimit = 1_000

  /// One `%…` conversion, as written.
  struct Conversion {
    var flags = ""
    var width: Int?
    var precision: Int?
    var length = ""
    var kind: Character = "%"
    /// `%5.1f`, for messages.
    var written: String { "%" + flags + (width.map(String.init) ?? "") + (precision.map { ".\($0)" } ?? "") + length + String(kind) }
  }

  static let integerKinds: Set<Character> = ["d", "i", "u", "x", "X", "o"]
  static let floatingKinds: Set<Character> = ["f", "F", "e", "E", "g", "G", "a", "A"]
  static let textKinds: Set<Character> = ["@", "s"]
  private static let flagCharacters: Set<Character> = ["-", "+", " ", "#", "0"]
  private static let lengthCharacters: Set<Character> = ["l", "h", "q", "z", "j", "t"]
  private static let known = "%d, %i, %u, %x, %X, %o (Int), %f, %e, %g (Double), %@, %s (any value) and %%"

  /// `format` with its conversions replaced by `arguments`, in order.
  static func format(_ format: String, _ arguments: [Value]) throws -> String {
    var result = ""
    var next = 0
    var characters = format[...]
    while let percent = characters.firstIndex(of: "%") {
      result += characters[..<percent]
      characters = characters[characters.index(after: percent)...]
      let conversion = try parseConversion(&characters)
      if conversion.kind == "%" {
        result.append("%")
        continue
      }
      guard next < arguments.count else {
        let given = arguments.count
        throw ScriptError(
          .format(.moreConversionsThanArguments(given: given, conversion: conversion.written)))
      }
      result += try apply(conversion, to: arguments[next], position: next + 1)
      next += 1
      try Operators.checkLength(utf8: result.utf8.count)
    }
    result += characters
    guard next == arguments.count else {
      throw ScriptError(
        .format(.moreArgumentsThanConversions(conversions: next, given: arguments.count)))
    }
    try Operators.checkLength(utf8: result.utf8.count)
    return result
  }

  /// Reads `[flags][width][.precision][length]kind` after a `%`.
  private static func parseConversion(_ characters: inout Substring) throws -> Conversion {
    var conversion = Conversion()
    func number() throws -> Int? {
      let digits = characters.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty else { return nil }
      characters = characters.dropFirst(digits.count)
      guard digits.count <= 4, let value = Int(digits), value <= widthLimit else {
        throw ScriptError(.format(.widthTooLarge(digits: String(digits), limit: widthLimit)))
      }
      return value
    }
    while let first = characters.first, flagCharacters.contains(first) {
      // Repeating a flag changes nothing; kept once, the specification stays short.
      if !conversion.flags.contains(first) { conversion.flags.append(first) }
      characters = characters.dropFirst()
    }
    conversion.width = try number()
    if characters.first == "." {
      characters = characters.dropFirst()
      conversion.precision = try number() ?? 0
    }
    while let first = characters.first, lengthCharacters.contains(first) {
      conversion.length.append(first)
      characters = characters.dropFirst()
    }
    guard let kind = characters.first else {
      throw ScriptError(.format(.endsInsideConversion(written: String(conversion.written.dropLast()))))
    }
    characters = characters.dropFirst()
    conversion.kind = kind
    guard kind == "%" || integerKinds.contains(kind) || floatingKinds.contains(kind) || textKinds.contains(kind) else {
      if kind == "*" || kind == "$" {
        throw ScriptError(.format(.widthFromArgument(conversion: conversion.written)))
      }
      throw ScriptError(.format(.unknownConversion(conversion.written, known: known)))
    }
    return conversion
  }

  /// Argument `position` (1-based) formatted by `conversion`.
  private static func apply(_ conversion: Conversion, to argument: Value, position: Int) throws -> String {
    let (flags, width, precision, kind) = (conversion.flags, conversion.width, conversion.precision, conversion.kind)
    func wrongType(_ wanted: String) -> ScriptError {
      ScriptError(
        .format(.argumentType(conversion: conversion.written, wanted: wanted, position: position, valueType: argument.typeName, literal: argument.literal)))
    }
    if integerKinds.contains(kind) {
      guard case .int(let int) = argument else {
        throw wrongType(argument.number == nil ? "an Int" : "an Int; convert with Int(…) or use '%f' for a Double")
      }
      return PrintfConversion.format(int, flags: flags, width: width, precision: precision, conversion: kind)
    }
    if floatingKinds.contains(kind) {
      // An Int is formatted as the Double it equals (Foundation would read garbage).
      guard let double = argument.number else { throw wrongType("a number") }
      return PrintfConversion.format(double, flags: flags, width: width, precision: precision, conversion: kind)
    }
    // `%@` and `%s`: the value as `print` shows it, cut to the precision,
    // padded to the width.
    var text = argument.printed
    if let precision { text = String(text.prefix(precision)) }
    let padding = String(repeating: " ", count: max(0, (width ?? 0) - text.count))
    return flags.contains("-") ? text + padding : padding + text
  }
}

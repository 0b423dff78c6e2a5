/// The kinds of token the lexer produces.
public enum TokenKind: String, Hashable, Sendable, CaseIterable {
  // Literals and names.
  /// A name: `vm`, `title`, `café`.
  case identifier
  /// An integer literal such as `1_000` (the value is checked by the parser).
  case integer
  /// A floating-point literal such as `3.25` or `1e-3`.
  case double
  /// A duration literal: a number with a unit, `300ms`, `1.5s`, `2min`, `1h`.
  case duration
  /// A string literal without interpolation: `"text"`.
  case string
  /// The part of an interpolated string up to the first `\(`: `"Hi, \(`.
  case stringHead
  /// The part between two interpolations: `) and \(`.
  case stringMiddle
  /// The part after the last interpolation: `)!"`.
  case stringTail

  // Keywords.
  /// Declaration and reactive keywords.
  case `let`, `var`, type, event, bind, observe, initial, `as`, on, emit, dispose, batch
  /// Time keywords.
  case wait, after, every, timeline
  /// Control-flow keywords.
  case `if`, `else`, `for`, `in`, `while`, `func`, `return`, `break`, `continue`, `import`, `guard`
  /// Value-type keywords.
  case `struct`, `enum`, `switch`, `case`, `default`
  /// Concurrency keywords.
  case await
  /// Error-handling keywords.
  case `do`, `catch`, `throw`, `throws`, `try`, `defer`
  /// Literal keywords.
  case `true`, `false`, `nil`

  // Punctuation and operators.
  /// Brackets.
  case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
  case leftBrace = "{", rightBrace = "}"
  /// Separators.
  case comma = ",", dot = ".", colon = ":", semicolon = ";"
  /// Operators.
  case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
  case equalEqual = "==", bangEqual = "!=", less = "<", lessEqual = "<=", greater = ">"
  case greaterEqual = ">="
  case ampAmp = "&&", pipePipe = "||", bang = "!"
  case question = "?", questionQuestion = "??", questionDot = "?."
  case arrow = "->", twoWayArrow = "<->"
  case equal = "=", plusEqual = "+=", minusEqual = "-="
  case starEqual = "*=", slashEqual = "/=", percentEqual = "%="
  case dotDotDot = "...", dotDotLess = "..<"
  /// Attributes (`@equal(by: \.id)`) and key paths (`\.id`).
  case at = "@", backslash = "\\"

  // Layout.
  /// The end of a line that ends a statement (see `Lexer` for when a newline
  /// is significant).
  case newline
  /// The end of the input.
  case eof

  /// The keywords, by spelling.
  package static let keywords: [String: TokenKind] = {
    let all: [TokenKind] = [
      .let, .var, .type, .event, .bind, .observe, .initial, .as, .on, .emit, .dispose, .batch,
      .wait, .after, .every, .timeline,
      .if, .else, .for, .in, .while, .func, .return, .break, .continue, .import, .guard, .await,
      .struct, .enum, .switch, .case, .default,
      .do, .catch, .throw, .throws, .try, .defer,
      .true, .false, .nil,
    ]
    return Dictionary(uniqueKeysWithValues: all.map { ($0.rawValue, $0) })
  }()

  /// Whether this is a keyword (keywords may still be used as member names,
  /// property names and argument labels).
  public var isKeyword: Bool { TokenKind.keywords[rawValue] == self }

  /// Whether a line ending with this token continues onto the next line:
  /// binary operators, `->`, `<->`, `,`, assignment operators, `:` and `!`.
  var continuesLine: Bool {
    switch self {
    case .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual,
      .greater, .greaterEqual, .ampAmp, .pipePipe, .bang, .questionQuestion, .dotDotDot,
      .dotDotLess, .arrow, .twoWayArrow, .comma, .equal, .plusEqual, .minusEqual, .starEqual, .slashEqual, .percentEqual, .colon:
      return true
    default:
      return false
    }
  }
}

/// One token: its kind, where it is, and its text.
///
/// The one-byte fields come last so that they share the padding at the end:
/// the lexer makes a token for every word and symbol of a file.
public struct Token: Hashable, Sendable, CustomStringConvertible {
  /// Where the token is in the source.
  public var range: SourceRange
  /// The token's exact source text (empty for `eof` and recovery tokens).
  public var text: String
  /// For string tokens, the decoded text of the segment (escapes resolved).
  public var value: String?
  /// What kind of token this is.
  public var kind: TokenKind
  /// Whether the lexer made this token up to recover from an error it has
  /// already reported; the parser reports no error of its own at it.
  public var isRecovery: Bool

  /// Creates a token.
  public init(
    kind: TokenKind, range: SourceRange, text: String, value: String? = nil,
    isRecovery: Bool = false
  ) {
    self.kind = kind
    self.range = range
    self.text = text
    self.value = value
    self.isRecovery = isRecovery
  }

  /// How messages name this token: `'->'`, `'foo'`, `newline`, `end of input`.
  public var description: String {
    switch kind {
    case .newline: return "newline"
    case .eof: return "end of input"
    case .string, .stringHead, .stringMiddle, .stringTail: return "string literal"
    default: return "'\(text)'"
    }
  }
}

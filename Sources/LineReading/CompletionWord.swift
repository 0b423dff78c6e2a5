/// The word under completion, found in the text before the cursor.
///
/// Pure and terminal-free, so a `Completer` can be written and tested on
/// plain strings:
///
///     CompletionWord.split("bind vm.user.na")
///     // kind .member, token "vm.user.na", receiver ["vm", "user"], partial "na"
public struct CompletionWord: Equatable, Sendable {
  /// What sort of word the cursor is in.
  public enum Kind: Equatable, Sendable {
    /// A bare identifier (possibly empty, e.g. at the start of a line):
    /// complete keywords, variables and type names.
    case identifier
    /// The part after the last `.` of a chain such as `vm.user.na`:
    /// complete the members of `receiver`.
    case member
    /// Nothing typed yet after the `(` or a `,` of a call, such as
    /// `vm.signIn(`: `receiver` is the callee (`["vm", "signIn"]`), whose
    /// signatures make a hint.
    case arguments
    /// A meta command being typed, such as `:lo`: `partial` includes the `:`.
    case metaCommand
    /// A file path after a meta command that takes one (`:load `, `:save `,
    /// `:graph `): `directory` is the path up to its last `/`, `partial` the
    /// name after it.
    case path
    /// Nothing sensible to complete (inside a string literal, a number).
    case none
  }

  /// What sort of word this is.
  public var kind: Kind
  /// The whole token before the cursor: `vm.user.na`, `:lo`, `Scripts/ba`.
  public var token: String
  /// The suffix of `token` that completion replaces: `na`, `:lo`, `ba`.
  /// Use it as `Completion.word`.
  public var partial: String
  /// For `.member`, the chain before the last dot: `["vm", "user"]`; a
  /// subscript is a step of its own, written with its brackets
  /// (`search.results[0].` gives `["search", "results", "[0]"]`), and the
  /// `?` or `!` of optional chaining is left out. For `.arguments`, the
  /// callee's chain.
  public var receiver: [String]
  /// For `.path`, the directory part including its trailing `/` (may start
  /// with `~/`, or be empty for the current directory).
  public var directory: String
  /// For `.path`, the meta command the path belongs to, without `:`.
  public var command: String?

  /// Creates a word; `split(_:)` is the usual way to get one.
  public init(
    kind: Kind, token: String, partial: String, receiver: [String] = [],
    directory: String = "", command: String? = nil
  ) {
    self.kind = kind
    self.token = token
    self.partial = partial
    self.receiver = receiver
    self.directory = directory
    self.command = command
  }

  /// Meta commands whose argument is a file path.
  public static let pathCommands: Set<String> = ["load", "save", "graph"]

  /// Finds the word being completed at the end of `lineBeforeCursor`.
  /// - Parameters:
  ///   - lineBeforeCursor: The line's text up to the cursor.
  ///   - pathCommands: Meta commands (without `:`) whose argument is a path.
  public static func split(
    _ lineBeforeCursor: String, pathCommands: Set<String> = pathCommands
  ) -> CompletionWord {
    let trimmed = lineBeforeCursor.drop { $0 == " " || $0 == "\t" }
    if trimmed.first == ":" {
      return splitMetaCommand(trimmed, pathCommands: pathCommands)
    }
    if isInsideStringLiteral(lineBeforeCursor) {
      return CompletionWord(kind: .none, token: "", partial: "")
    }
    let text = Array(lineBeforeCursor)
    guard let chain = chain(endingAt: text.count, in: text) else {
      return CompletionWord(kind: .none, token: "", partial: "")
    }
    var segments = chain.segments
    let partial = segments.removeLast()
    let token = String(text[chain.start...])
    if let first = partial.first, first.isNumber {
      return CompletionWord(kind: .none, token: token, partial: "")
    }
    if !segments.isEmpty {
      return CompletionWord(kind: .member, token: token, partial: partial, receiver: segments)
    }
    if partial.isEmpty, let callee = callee(before: text) {
      return CompletionWord(kind: .arguments, token: "", partial: "", receiver: callee)
    }
    return CompletionWord(kind: .identifier, token: token, partial: partial)
  }

  /// The chain of names, dots and subscripts that ends at `end`, read
  /// backwards: `vm.user.na` is `["vm", "user", "na"]`, `dict["k"]?.` is
  /// `["dict", "[\"k\"]", ""]` (the last segment is the name being typed,
  /// maybe empty). `nil` when a dot follows no name (`1.`, `f().`).
  private static func chain(endingAt end: Int, in text: [Character]) -> (start: Int, segments: [String])? {
    var index = end
    var segments = [name(endingAt: &index, in: text)]
    while index > 0, text[index - 1] == "." {
      var cursor = index - 1
      var steps: [String] = []
      skipOptionalMarks(&cursor, in: text)
      while cursor > 0, text[cursor - 1] == "]" {
        guard let open = matchingOpen(of: cursor - 1, in: text) else { return nil }
        steps.append(String(text[open..<cursor]))
        cursor = open
        skipOptionalMarks(&cursor, in: text)
      }
      let name = name(endingAt: &cursor, in: text)
      guard let first = name.first, !first.isNumber else { return nil }
      segments += steps + [name]
      index = cursor
    }
    return (index, segments.reversed())
  }

  /// The identifier characters that end at `index`, moving `index` to their start.
  private static func name(endingAt index: inout Int, in text: [Character]) -> String {
    let end = index
    while index > 0, isIdentifierCharacter(text[index - 1]) { index -= 1 }
    return String(text[index..<end])
  }

  /// Moves `index` back over the `?` and `!` of optional chaining.
  private static func skipOptionalMarks(_ index: inout Int, in text: [Character]) {
    while index > 0, text[index - 1] == "?" || text[index - 1] == "!" { index -= 1 }
  }

  /// The callee of the call whose `(` or `,` the text ends with (spaces
  /// aside): `["vm", "signIn"]` for `let u = vm.signIn(`; `nil` outside a
  /// call (`if (`, `[1, `).
  private static func callee(before text: [Character]) -> [String]? {
    var end = text.count
    while end > 0, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
    guard end > 0, text[end - 1] == "(" || text[end - 1] == "," else { return nil }
    guard let open = innermostOpener(before: end, in: text), text[open] == "(" else { return nil }
    guard let callee = chain(endingAt: open, in: text), let name = callee.segments.last, !name.isEmpty,
      !(name.first?.isNumber ?? true)
    else { return nil }
    return callee.segments
  }

  /// The `(`, `[` or `{` left open before `end`, string literals skipped.
  private static func innermostOpener(before end: Int, in text: [Character]) -> Int? {
    var depth = 0
    var index = end
    while index > 0 {
      index -= 1
      switch text[index] {
      case "\"": index = stringStart(endingAt: index, in: text)
      case ")", "]", "}": depth += 1
      case "(", "[", "{":
        if depth == 0 { return index }
        depth -= 1
      default: break
      }
    }
    return nil
  }

  /// The `[` that the `]` at `close` closes, string literals skipped: the
  /// opener left open just before it.
  private static func matchingOpen(of close: Int, in text: [Character]) -> Int? {
    innermostOpener(before: close, in: text).flatMap { text[$0] == "[" ? $0 : nil }
  }

  /// The opening quote of the string literal whose closing quote is at
  /// `close` (reading backwards, a quote after a backslash is escaped).
  private static func stringStart(endingAt close: Int, in text: [Character]) -> Int {
    var index = close
    while index > 0 {
      index -= 1
      guard text[index] == "\"" else { continue }
      var backslashes = 0
      while index - backslashes > 0, text[index - backslashes - 1] == "\\" { backslashes += 1 }
      if backslashes % 2 == 0 { return index }
    }
    return 0
  }

  /// `:lo` → a meta command; `:load Scripts/ba` → a path.
  private static func splitMetaCommand(
    _ text: Substring, pathCommands: Set<String>
  ) -> CompletionWord {
    guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
      return CompletionWord(kind: .metaCommand, token: String(text), partial: String(text))
    }
    let command = String(text[text.index(after: text.startIndex)..<space])
    guard pathCommands.contains(command) else {
      return CompletionWord(kind: .none, token: "", partial: "")
    }
    // The rest of the line is one path, so names with spaces complete too.
    let path = String(text[space...].drop { $0 == " " || $0 == "\t" })
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return CompletionWord(
      kind: .path, token: path, partial: name, directory: directory, command: command)
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }

  /// True when an odd number of unescaped `"` precede the cursor.
  private static func isInsideStringLiteral(_ text: String) -> Bool {
    var inside = false
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = inside
      } else if character == "\"" {
        inside.toggle()
      } else if character == "#", !inside {
        return true  // A comment: nothing to complete either.
      }
    }
    return inside
  }
}

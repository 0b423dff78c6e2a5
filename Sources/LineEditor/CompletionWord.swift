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
  /// For `.member`, the chain before the last dot: `["vm", "user"]`.
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
    let token = String(lineBeforeCursor.reversed().prefix { isWordCharacter($0) }.reversed())
    if let first = token.first, first.isNumber || first == "." {
      return CompletionWord(kind: .none, token: token, partial: "")
    }
    guard token.contains(".") else {
      return CompletionWord(kind: .identifier, token: token, partial: token)
    }
    var segments = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let partial = segments.removeLast()
    if segments.contains(where: \.isEmpty) {
      return CompletionWord(kind: .none, token: token, partial: "")
    }
    return CompletionWord(kind: .member, token: token, partial: partial, receiver: segments)
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

  /// Identifier characters plus `.`, which chains members.
  private static func isWordCharacter(_ character: Character) -> Bool {
    character == "_" || character == "." || character.isLetter || character.isNumber
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

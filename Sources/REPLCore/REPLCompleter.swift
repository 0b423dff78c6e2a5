import BindLanguage
import BindSyntax
import LineReading

/// Tab completion from the live session: keywords, variables, defined
/// functions, type names and built-in functions; the members of a value
/// after `name.` (also through chains and subscripts such as `vm.user.`,
/// `search.results[0].`); the signatures of the function or method being
/// called after its `(`; meta commands after `:`; help topics after
/// `:help `; file names after `:load `, `:save ` and `:graph `.
///
/// It reads the session's state and never runs script code (see
/// `Interpreter.storedValue(_:of:)`), so a Tab press cannot change anything.
public struct REPLCompleter {
  /// The interpreter to complete against; asked on every Tab press because
  /// `:reset` replaces it.
  public var interpreter: () -> Interpreter
  /// Completes file names; `nil` makes one for the current directory when
  /// first needed (not at start-up: it asks Foundation for the current and
  /// home directories, which the first prompt should not wait for).
  public var files: FileNameCompleter?

  /// Creates a completer.
  /// - Parameters:
  ///   - files: Completes paths; relative to the current directory by default.
  ///   - interpreter: The session's current interpreter.
  public init(files: FileNameCompleter? = nil, interpreter: @escaping () -> Interpreter) {
    self.files = files
    self.interpreter = interpreter
  }

  /// The completion for the text before the cursor.
  public func complete(_ lineBeforeCursor: String) -> Completion {
    if let topic = helpTopicPrefix(lineBeforeCursor) {
      return matching(topic, among: REPLHelp.topics.keys.sorted())
    }
    let word = CompletionWord.split(lineBeforeCursor)
    switch word.kind {
    case .identifier: return matching(word.partial, among: identifiers())
    case .member: return matching(word.partial, among: members(of: word.receiver))
    case .arguments: return arguments(of: word.receiver)
    case .metaCommand: return metaCommands(word.partial)
    case .path: return (files ?? FileNameCompleter()).complete(word.directory + word.partial)
    case .none: return .none
    }
  }

  /// Keywords, global variables (functions the script defined among
  /// them), types (objects, structs and enums, the script's and the
  /// host's), the host's functions and the built-in ones.
  func identifiers() -> [String] {
    let session = interpreter()
    return Interpreter.keywordNames + session.globals.map(\.name)
      + session.typesByName.keys.sorted() + session.valueTypeNames
      + session.hostFunctionNames + Interpreter.builtinFunctionNames
  }

  /// The members of the value `receiver` names (`["vm", "user"]`,
  /// `["search", "results", "[0]"]`), found by reading variables and stored
  /// properties; where a value is `nil` or a derived property, by the
  /// property's declared type.
  func members(of receiver: [String]) -> [String] {
    interpreter().completionMembers(of: receiver)
  }

  /// After `(` (or a `,`) of a call: the callee's signatures as a hint, or
  /// every identifier when there is none to show (a built-in, `if (`).
  func arguments(of callee: [String]) -> Completion {
    let signatures = interpreter().completionSignatures(of: callee)
    guard !signatures.isEmpty else { return matching("", among: identifiers()) }
    return Completion(hint: signatures)
  }

  /// `:` commands; those taking an argument complete with a trailing space.
  func metaCommands(_ partial: String) -> Completion {
    let names = MetaCommand.names.map { ":" + $0 }
    let found = names.filter { $0.hasPrefix(partial) }
    let candidates = found.map { MetaCommand.takesArgument.contains(String($0.dropFirst())) ? $0 + " " : $0 }
    return Completion(word: partial, candidates: candidates, listedNames: found)
  }

  /// The topic typed so far after `:help `, or `nil` on another line.
  func helpTopicPrefix(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.hasPrefix(":help ") || trimmed.hasPrefix(":help\t") else { return nil }
    let topic = trimmed.dropFirst(5).drop { $0 == " " || $0 == "\t" }
    return topic.contains(where: \.isWhitespace) ? nil : String(topic)
  }

  /// The candidates that start with `partial`, in order, without duplicates.
  func matching(_ partial: String, among names: [String]) -> Completion {
    var seen = Set<String>()
    let candidates = names.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    return Completion(word: partial, candidates: candidates)
  }
}

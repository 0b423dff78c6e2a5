import BindLanguage
import BindSyntax

/// A REPL command that talks about the session rather than running code:
/// a line starting with `:`.
public enum MetaCommand: Equatable {
  /// `:help` or `:help TOPIC`.
  case help(topic: String?)
  /// `:quit` (Ctrl-D does the same).
  case quit
  /// `:load FILE`: run a file into the session.
  case load(path: String)
  /// `:save FILE`: write the session as a replayable test script.
  case save(path: String)
  /// `:vars`: the global variables and their values.
  case vars
  /// `:types`: the types with their properties and events.
  case types
  /// `:bindings`: the live bindings, observers and handlers.
  case bindings
  /// `:pending`: the timers and Swift tasks still to run, with their due times.
  case pending
  /// `:why VALUE`: the `why` statement, what caused the value's last change.
  case why(value: String)
  /// `:graph [FILE]`: the binding graph as Graphviz DOT, or drawn into
  /// FILE (`.svg`, `.png`, `.pdf`, `.dot`).
  case graph(path: String?)
  /// `:reset`: start over with a fresh interpreter.
  case reset

  /// A meta command line that cannot be run, with a message to show.
  public struct ParseError: Error, Equatable {
    /// The message, in the language's style: lowercase, names in 'quotes'.
    public var message: String
  }

  /// What each command looks like, for `:help` and completion, in the order
  /// `:help` lists them.
  public static let synopses: [(name: String, usage: String, summary: String)] = [
    ("help", ":help [TOPIC]", "show this help, or help on a statement form"),
    ("quit", ":quit", "leave the REPL (also Ctrl-D)"),
    ("load", ":load FILE", "run a script file into this session"),
    ("save", ":save FILE", "write this session as a replayable test script"),
    ("vars", ":vars", "list the variables and their values"),
    ("types", ":types", "list the types with their members, as Swift declares them"),
    ("bindings", ":bindings", "list the live bindings, observers and handlers"),
    ("pending", ":pending", "list the timers and Swift tasks still to run, with where they started and their due times"),
    ("why", ":why VALUE", "show what caused the value's last change (as 'why VALUE'; records changes from its first use)"),
    ("graph", ":graph [FILE]", "draw the binding graph (FILE.svg/.png/.pdf/.dot; DOT without FILE)"),
    ("reset", ":reset", "start over: forget all variables, types and bindings"),
  ]

  /// The command names, without `:`.
  public static var names: [String] { synopses.map(\.name) }

  /// Commands that take an argument, so completion adds a space after them.
  static let takesArgument: Set<String> = ["help", "load", "save", "graph", "why"]

  /// Parses a meta command line such as `:load demo.bind`.
  ///
  /// The argument is the rest of the line, trimmed, so a file name may hold
  /// spaces. An unknown command is an error suggesting the closest name.
  public static func parse(_ line: String) -> Result<MetaCommand, ParseError> {
    var text = Substring(line.trimmingWhitespace())
    if text.hasPrefix(":") { text = text.dropFirst() }
    let name = String(text.prefix { !$0.isWhitespace })
    let argument = String(text.dropFirst(name.count)).trimmingWhitespace()
    let optional = argument.isEmpty ? nil : argument
    switch name {
    case "help": return .success(.help(topic: optional))
    case "load", "save":
      guard let path = optional else { return .failure(ParseError(message: "':\(name)' needs a file name: :\(name) FILE")) }
      return .success(name == "load" ? .load(path: path) : .save(path: path))
    case "graph": return .success(.graph(path: optional))
    case "why":
      guard let value = optional else { return .failure(ParseError(message: "':why' needs a value: :why label.text")) }
      return .success(.why(value: value))
    case "quit", "vars", "types", "bindings", "pending", "reset":
      if optional != nil { return .failure(ParseError(message: "':\(name)' takes no argument")) }
      return .success([
        "quit": .quit, "vars": .vars, "types": .types, "bindings": .bindings, "pending": .pending, "reset": .reset,
      ][name]!)
    case "":
      return .failure(ParseError(message: "expected a command name after ':'; type :help to list them"))
    default:
      var message = "unknown command ':\(name)'"
      if let guess = suggestion(for: name, among: names) ?? prefixMatch(name) {
        message += "; did you mean ':\(guess)'?"
      } else {
        message += "; type :help to list the commands"
      }
      return .failure(ParseError(message: message))
    }
  }

  /// The one command `name` abbreviates (`:q` → `quit`), as a suggestion:
  /// edit distance alone cannot guess from one or two letters.
  private static func prefixMatch(_ name: String) -> String? {
    let matches = names.filter { $0.hasPrefix(name) }
    return matches.count == 1 ? matches[0] : nil
  }
}

import MCP

/// The tools `bindscript mcp` offers, each what a REPL user would type.
enum SessionTool: String, CaseIterable {
  case run, types, graph, pending, test, reset

  /// A call's arguments, checked against the tool's parameters.
  enum Arguments: Equatable {
    case none
    /// `run`'s statements, or `test`'s path.
    case text(String)
  }

  /// The one parameter a tool takes, if any: its name and what it is.
  private var parameter: (name: String, description: String)? {
    switch self {
    case .run:
      return ("code", "One statement or several lines, as typed at the REPL: a block may span lines, and a line starting with ':' is a meta command (:vars, :bindings, :why VALUE, …).")
    case .test:
      return ("path", "A test script (.bind) or a folder searched for them, relative to the server's working folder.")
    case .types, .graph, .pending, .reset:
      return nil
    }
  }

  private var summary: String {
    switch self {
    case .run:
      return "Run BindScript statements in the session, which keeps its variables, types, bindings and timers from call to call. Returns exactly what the REPL prints: each bare expression's value, what print and observers print, and errors (isError is then true). A statement that loops forever stops at the step limit."
    case .types:
      return "List the session's types with their properties, methods and events, as the REPL's :types does: the script's own types, the app's Swift types, then the built-in ones."
    case .graph:
      return "The session's binding graph as Graphviz DOT text, as the REPL's :graph prints it: each value, derived value, binding and observer, and what depends on what."
    case .pending:
      return "The timers and Swift tasks still to run, with where they started and when they are due, as the REPL's :pending prints them."
    case .test:
      return "Run test scripts, as `bindscript test PATH` does: each file with a fresh interpreter, its '#>' expectations checked. Returns the plain report (PASS/FAIL per file, each failure's diff, 'N passed, N failed'); isError is true when a script failed."
    case .reset:
      return "Start the session over: forget its variables, types, bindings and timers (the REPL's :reset). With --attach, only this client's session in the app is reset; the app's own objects stay as they are."
    }
  }

  /// How tools/list shows the tool.
  var definition: Tool {
    var properties: [String: Value] = [:]
    var required: [Value] = []
    if let parameter {
      properties[parameter.name] = ["type": "string", "description": .string(parameter.description)]
      required.append(.string(parameter.name))
    }
    let changesNothing = self == .types || self == .graph || self == .pending
    return Tool(
      name: rawValue, description: summary,
      inputSchema: ["type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false],
      annotations: Tool.Annotations(readOnlyHint: changesNothing, openWorldHint: false))
  }

  /// The arguments of a call, or why they do not fit the tool (told to the
  /// assistant as an error result it can correct).
  func arguments(from given: [String: Value]?) -> Result<Arguments, ArgumentError> {
    let given = given ?? [:]
    if let unknown = given.keys.sorted().first(where: { $0 != parameter?.name }) {
      let takes = parameter.map { "takes only '\($0.name)'" } ?? "takes no arguments"
      return .failure(ArgumentError(message: "unknown argument '\(unknown)': '\(rawValue)' \(takes)"))
    }
    guard let parameter else { return .success(.none) }
    guard let value = given[parameter.name] else {
      return .failure(ArgumentError(message: "'\(rawValue)' needs '\(parameter.name)', a string"))
    }
    guard let text = value.stringValue else {
      return .failure(ArgumentError(message: "'\(parameter.name)' must be a string"))
    }
    return .success(.text(text))
  }

  /// Arguments a tool cannot take.
  struct ArgumentError: Error, Equatable {
    var message: String
  }
}

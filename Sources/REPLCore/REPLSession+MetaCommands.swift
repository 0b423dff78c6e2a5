import BindLanguage
import BindPlatform
import BindSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The meta commands: `:help`, `:load`, `:save`, `:vars`, `:types`,
/// `:bindings`, `:graph`, `:reset` (and `:quit`, which the loop handles).
extension REPLSession {
  /// Parses and runs a meta command line.
  /// - Returns: `false` when the command ends the session (`:quit`).
  public func perform(_ line: String) -> Bool {
    switch MetaCommand.parse(line) {
    case .success(let command): return perform(command)
    case .failure(let error):
      console.error(error.message)
      return true
    }
  }

  /// Runs a meta command.
  /// - Returns: `false` when the command ends the session (`:quit`).
  public func perform(_ command: MetaCommand) -> Bool {
    switch command {
    case .quit: return false
    case .help(let topic): showHelp(topic)
    case .load(let path): load(path)
    case .save(let path): save(path)
    case .vars: showVariables()
    case .types: showTypes()
    case .bindings: showBindings()
    case .pending:
      let lines = interpreter.pendingWork
      for line in lines.isEmpty ? ["nothing pending"] : lines { console.line(line) }
    case .graph(let path): writeGraph(to: path)
    case .why(let value): evaluate("why " + value)
    case .reset:
      do {
        try reset()
        console.line("session reset: variables, types and bindings are gone")
      } catch {
        console.error("cannot reset the session: \(error)")
      }
    }
    return true
  }

  func showHelp(_ topic: String?) {
    guard let topic else { return console.line(REPLHelp.overview) }
    switch REPLHelp.text(for: topic) {
    case .success(let text): console.line(text)
    case .failure(let error): console.error(error.message)
    }
  }

  /// Runs a file into the session, statement by statement, stopping at the
  /// first error. Errors show `path:line:col`. The statements go into the
  /// transcript as if typed, so a saved session replays without the file.
  func load(_ path: String) {
    guard let file = Self.readScript(path, console: console) else { return }
    load(file, as: path)
  }

  /// Reads the file `:load PATH` names (`~/` expanded), or shows why it
  /// cannot and returns `nil`: where the file is read (the attach client)
  /// may not be where it runs.
  package static func readScript(_ path: String, console: REPLConsole) -> SourceFile? {
    do {
      return try SourceFile.load(path: path) { try FileSystem.readBytes(REPLSession.expandingTilde($0)) }
    } catch .invalidUTF8(let error) {
      console.writeError(console.renderer.render(error.diagnostic, in: error.file))
    } catch {
      console.error("\(error)")
    }
    return nil
  }

  /// Runs a file that `:load PATH` read into the session (see ``load(_:)``).
  package func load(_ file: SourceFile, as path: String) {
    let parsed = Parser.parse(file)
    if parsed.hasErrors {
      return console.writeError(console.renderer.render(parsed.diagnostics, in: file))
    }
    recordComment(":load \(path)")
    interpreter.hoist(parsed)
    for statement in parsed.statements where !run(statement, in: file) { break }
  }

  /// Writes the transcript as a test script `bindscript test` replays.
  func save(_ path: String) {
    Self.writeTranscript(transcript.text, statementCount: recordedStatementCount, to: path, console: console)
  }

  /// Writes a session's transcript to `path` and says how many statements
  /// it holds, or why it could not.
  package static func writeTranscript(_ text: String, statementCount count: Int, to path: String, console: REPLConsole) {
    do {
      try FileSystem.write(text, to: REPLSession.expandingTilde(path))
    } catch {
      return console.error("cannot write '\(path)': \(error)")
    }
    console.line("saved \(count) statement\(count == 1 ? "" : "s") to '\(path)'")
  }

  func showVariables() {
    let globals = interpreter.globals
    guard !globals.isEmpty else { return console.line("no variables") }
    for (name, value) in globals {
      console.line("\(name) = \(console.paint(value))")
    }
  }

  /// Protocols first, then declared types, as declarations, then the
  /// host's structs and enums, then the built-in types.
  func showTypes() {
    let types = interpreter.typesByName
    let builtIn = interpreter.preludeTypeNames
    let declared = types.keys.filter { !builtIn.contains($0) }.sorted()
    for valueType in interpreter.protocolSummaries + interpreter.valueTypeSummaries {
      console.line(valueType.heading + (valueType.members.isEmpty ? " {}" : " {"))
      guard !valueType.members.isEmpty else { continue }
      for member in valueType.members { console.line("  " + member) }
      console.line("}")
    }
    for name in declared + builtIn.sorted() {
      guard let type = types[name] else { continue }
      if name == builtIn.sorted().first {
        for declaration in interpreter.hostValueTypeDeclarations { declaration.forEach { console.line($0) } }
        console.line("# built-in")
      }
      guard !type.memberSummaries.isEmpty else {
        console.line("type \(name) {}")
        continue
      }
      console.line("type \(name) {")
      for member in type.memberSummaries { console.line("  " + member) }
      console.line("}")
    }
  }

  /// One line per live connection, written as the statement that made it.
  func showBindings() {
    let entries = interpreter.connections.entries
    guard !entries.isEmpty else { return console.line("no live bindings, observers, handlers or timers") }
    for entry in entries {
      let keyword: String
      switch entry.kind {
      case .binding, .twoWayBinding: keyword = "bind "
      case .observer: keyword = "observe "
      case .handler: keyword = "on "
      case .timer: keyword = ""  // the summary starts with `after` or `every`
      case .effect: keyword = ""  // the summary is `effect`
      }
      let name = entry.name.map { " as \($0)" } ?? ""
      console.line("\(keyword)\(entry.summary)\(name)")
    }
  }

  /// The binding graph: DOT on standard output, or into a file as DOT or
  /// a picture (SVG, PNG, PDF through Graphviz), by the file's extension.
  func writeGraph(to path: String?) {
    Self.writeGraph(graphDOT, to: path, console: console)
  }

  /// The session's binding graph as Graphviz DOT.
  package var graphDOT: String { GraphExport.dot(for: interpreter, scope: graphScope) }

  /// Writes a session's graph (DOT) to the console, or to `path` drawn by
  /// Graphviz in the format its extension names.
  package static func writeGraph(_ dot: String, to path: String?, console: REPLConsole) {
    guard let path else { return console.write(dot) }
    guard let format = Graphviz.Format(path: path) else {
      return console.error(
        "cannot tell the format of '\(path)' from its extension; name it \(Graphviz.Format.listed)")
    }
    do {
      let warnings = try Graphviz.write(dot, as: format, to: REPLSession.expandingTilde(path))
      if !warnings.isEmpty { console.error("Graphviz: \(warnings)") }
      console.line("wrote the binding graph to '\(path)'")
    } catch {
      console.error("cannot write '\(path)': \(error)")
    }
  }

  /// `~/x` as `$HOME/x`, as a shell would have expanded it.
  static func expandingTilde(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
    return String(cString: home) + path.dropFirst()
  }
}

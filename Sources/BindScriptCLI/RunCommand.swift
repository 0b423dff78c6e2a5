import ArgumentParser
import BindLanguage
import BindSyntax
import BindPlatform

/// `bindscript run FILE... [--trace]`.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run scripts.",
    discussion: "Runs each file in order in one session. Stops at the first error, with exit code 1 (2 for a syntax or file error)."
  )

  @ArgumentParser.Argument(help: "The scripts to run.", completion: .file(extensions: ["bind"]))
  var files: [String]

  @Flag(help: "Print each propagation step: writes, re-evaluations and binding updates.")
  var trace = false

  @Option(
    help: ArgumentHelp(
      "Also write the run as a test script: each statement with its output as '#>' lines.",
      discussion: "Bare expressions are recorded with their values, as 'bindscript test' prints them.",
      valueName: "FILE"),
    completion: .file(extensions: ["bind"]))
  var record: String?

  @OptionGroup var limits: LimitOptions

  func run() throws {
    if let record {
      return try RecordSession(limits: limits, trace: trace).run(files, recordingTo: record)
    }
    try ScriptSession(limits: limits, trace: trace).runFiles(files)
  }
}

/// `bindscript check FILE...`.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Parse scripts and resolve their names and types without running them."
  )

  @ArgumentParser.Argument(help: "The scripts to check.", completion: .file(extensions: ["bind"]))
  var files: [String]

  func run() throws {
    var worst: Int32 = 0
    for path in files {
      let file = try ScriptLoader.sourceFile(path: path, bytes: try ScriptLoader.read(path))
      let parsed = Parser.parse(file)
      if parsed.hasErrors {
        Terminal.printError(Terminal.renderer.render(parsed.diagnostics, in: file))
        worst = 2
        continue
      }
      let errors = Interpreter().check(parsed)
      for error in errors { Terminal.printError(Terminal.render(error, fallback: file)) }
      if !errors.isEmpty { worst = max(worst, 1) }
    }
    if worst != 0 { throw ExitCode(worst) }
  }
}

/// `bindscript graph FILE [-o out.dot]`.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Run a script, then write its binding graph as Graphviz DOT."
  )

  @ArgumentParser.Argument(help: "The script to run.", completion: .file(extensions: ["bind"]))
  var file: String

  @Option(name: .shortAndLong, help: "Where to write the DOT file (standard output by default).")
  var output: String?

  @OptionGroup var limits: LimitOptions

  func run() throws {
    let session = ScriptSession(limits: limits, trace: false)
    try session.runWholeFile(path: file, bytes: try ScriptLoader.read(file))
    let dot = GraphExport.dot(for: session.interpreter)
    if let output {
      do {
        try FileSystem.write(dot, to: output)
      } catch {
        Terminal.printError("error: cannot write '\(output)': \(error)\n")
        throw ExitCode(2)
      }
    } else {
      print(dot, terminator: "")
    }
  }
}

import ArgumentParser
import BindLanguage
import BindSyntax

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
      let file = try ScriptLoader.load(path)
      let parsed = Parser.parse(file)
      if parsed.hasErrors {
        Terminal.printError(Terminal.renderer.render(parsed.diagnostics, in: file))
        worst = 2
        continue
      }
      let interpreter = try CommandContext.current.makeInterpreterOrExit()
      // With the app's types and objects, so that names of theirs resolve.
      let errors = interpreter.check(parsed)
      interpreter.endSession()
      for error in errors { Terminal.printError(Terminal.render(error, fallback: file)) }
      if !errors.isEmpty { worst = max(worst, 1) }
    }
    if worst != 0 { throw ExitCode(worst) }
  }
}

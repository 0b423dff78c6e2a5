import ArgumentParser
import BindLanguage
import BindPlatform

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
    let session = try ScriptSession(limits: limits, trace: false)
    try session.runWholeFile(try ScriptLoader.load(file))
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

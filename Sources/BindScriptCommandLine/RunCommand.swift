import ArgumentParser
import BindLanguage
import BindPlatform
import BindSyntax

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

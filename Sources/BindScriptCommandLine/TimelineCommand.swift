import ArgumentParser
import BindLanguage
import BindPlatform
import BindSyntax
import BindTestRunner

/// `bindscript timeline FILE SOURCE --until D [--every F] [-o out.svg]`.
struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Run a script, then draw what a value or event did over a span of virtual time.",
    discussion: """
      Runs FILE, then lets --until of virtual time pass while it records SOURCE (a property such as \
      'vm.query', an event, or a time operator such as 'debounce(field.text, 300ms)'), as the \
      statement 'timeline SOURCE for D every F' does. Prints the marble diagram; with -o, draws it \
      as SVG (no Graphviz needed).
      """
  )

  @ArgumentParser.Argument(help: "The script to run.", completion: .file(extensions: ["bind"]))
  var file: String

  @ArgumentParser.Argument(help: "What to record, as a script names it: 'vm.query'.")
  var source: String

  @Option(help: "How much virtual time to record, such as 2s or 1500ms.")
  var until: String

  @Option(help: "The length of one frame (default 100ms).")
  var every: String = "100ms"

  @Option(name: .shortAndLong, help: "Where to write the SVG diagram.")
  var output: String?

  @OptionGroup var limits: LimitOptions

  func run() throws {
    if let output {
      guard output.lowercased().hasSuffix(".svg") else {
        Terminal.printError("error: a timeline is drawn as SVG; name the output '….svg', not '\(output)'\n")
        throw ExitCode(2)
      }
      do {
        try OutputFile.checkFolder(of: output)
      } catch {
        Terminal.printError("error: cannot write '\(output)': \(error)\n")
        throw ExitCode(2)
      }
    }
    let session = try ScriptSession(limits: limits, trace: false)
    try session.runWholeFile(try ScriptLoader.load(file))
    // The statement runs as the script's own next line would, so the
    // source is checked, and its errors located, by the usual compiler.
    let statement = SourceFile(path: "<timeline>", text: "timeline \(source) for \(until) every \(every)\n")
    var printed: [String] = []
    let scriptOutput = session.interpreter.output
    session.interpreter.output = { printed.append($0) }
    defer { session.interpreter.output = scriptOutput }
    try session.runWholeFile(statement)
    guard let line = printed.last, let diagram = TimelineDiagram(parsing: line) else {
      Terminal.printError("error: the timeline of '\(source)' printed nothing that reads as a timeline\n")
      throw ExitCode(1)
    }
    for earlier in printed.dropLast() { print(earlier) }
    print(line)
    guard let output else { return }
    do {
      try OutputFile.write(TimelineDiagram.svg([("timeline", diagram)], frame: every), to: output)
    } catch {
      Terminal.printError("error: cannot write '\(output)': \(error)\n")
      throw ExitCode(2)
    }
  }
}

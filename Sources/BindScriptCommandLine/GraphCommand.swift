import ArgumentParser
import BindLanguage
import BindPlatform

/// `bindscript graph FILE [-o out.svg|out.png|out.pdf|out.dot] [--format F] [--no-legend]`.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Run a script, then draw its binding graph (SVG, PNG or PDF through Graphviz's 'dot', or DOT).",
    discussion: """
      The format comes from the output's extension (.svg, .png, .pdf, .dot or .gv), or from --format. \
      Without -o, DOT goes to standard output. Pictures need Graphviz (Debian's package 'graphviz'); \
      DOT does not.
      """
  )

  @ArgumentParser.Argument(help: "The script to run.", completion: .file(extensions: ["bind"]))
  var file: String

  @Option(name: .shortAndLong, help: "Where to write the picture (standard output, as DOT, by default).")
  var output: String?

  @Option(help: "The picture format: svg, png, pdf or dot (default: from the output's extension).")
  var format: String?

  @Flag(name: .customLong("legend"), inversion: .prefixedNo, help: "Draw the legend of shapes and line styles.")
  var legend = true

  @OptionGroup var limits: LimitOptions

  func run() throws {
    // The output is checked before the script runs, so a typo costs nothing.
    let target = try PictureTarget(output: output, format: format)
    let session = try ScriptSession(limits: limits, trace: false)
    try session.runWholeFile(try ScriptLoader.load(file))
    try target.write(GraphExport.dot(for: session.interpreter, legend: legend))
  }
}

/// Where a picture goes and in which format, checked before anything runs:
/// shared by `graph` and `timeline`. Errors exit with status 2.
struct PictureTarget {
  let path: String?
  let format: Graphviz.Format

  init(output: String?, format name: String?, default fallback: Graphviz.Format = .dot) throws {
    path = output
    if let name {
      guard let format = Graphviz.Format(rawValue: name.lowercased()) else {
        throw Self.fail("unknown format '\(name)'; use \(Graphviz.Format.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      self.format = format
    } else if let output {
      guard let format = Graphviz.Format(path: output) else {
        throw Self.fail(
          "cannot tell the format of '\(output)' from its extension; name it \(Graphviz.Format.listed), or give --format")
      }
      self.format = format
    } else {
      self.format = fallback
    }
    if let output {
      do {
        try OutputFile.checkFolder(of: output)
      } catch {
        throw Self.fail("cannot write '\(output)': \(error)")
      }
    } else if format != .dot && fallback == .dot {
      throw Self.fail("a \(self.format.rawValue.uppercased()) picture needs a file: give -o FILE")
    }
  }

  /// Writes `dot` (DOT text) as the picture; to standard output when there is no path.
  func write(_ dot: String) throws {
    guard let path else {
      print(dot, terminator: "")
      return
    }
    do {
      let warnings = try Graphviz.write(dot, as: format, to: path)
      if !warnings.isEmpty { Terminal.printError("warning: Graphviz: \(warnings)") }
    } catch {
      throw Self.fail("cannot write '\(path)': \(error)")
    }
  }

  private static func fail(_ message: String) -> ExitCode {
    Terminal.printError("error: \(message)\n")
    return ExitCode(2)
  }
}

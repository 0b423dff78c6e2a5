import ArgumentParser
import BindLanguage
import BindPlatform
import BindRuntime
import BindSyntax
import BindTestRunner

/// `bindscript run --record FILE`: runs scripts as `run` does — same
/// output, same stop at the first error, same exit codes — and writes what
/// ran as a test script that passes under `bindscript test`.
///
/// Statements run step by step through the test runner, so the recording
/// holds exactly what a replay prints, bare expressions' values included
/// (which `run` itself does not print). The files of one run share one
/// interpreter and are recorded one after another.
struct RecordSession {
  let limits: LimitOptions
  let trace: Bool

  func run(_ paths: [String], recordingTo output: String) throws {
    var transcript = Transcript()
    var stopped: Error?
    do {
      try run(paths, into: &transcript)
    } catch {
      stopped = error
    }
    do {
      try FileSystem.write(transcript.text, to: output)
    } catch {
      Terminal.printError("error: cannot write '\(output)': \(error)\n")
      throw ExitCode(2)
    }
    if let stopped { throw stopped }
  }

  private func run(_ paths: [String], into transcript: inout Transcript) throws {
    let interpreter = try CommandContext.current.makeInterpreterOrExit(options: limits.interpreterOptions)
    if trace { ReactiveGraph.shared.tracer = { event in print("trace: \(event)") } }
    for path in paths {
      let file = try ScriptLoader.load(path)
      let script = TestScript(file: file)
      if script.parsed.hasErrors {
        Terminal.printError(Terminal.renderer.render(script.parsed.diagnostics, in: file))
        throw ExitCode(2)
      }
      var runner = ScriptTestRunner()
      runner.echo = { print($0) }
      runner.onError = { error in Terminal.printError(Terminal.render(error, fallback: file)) }
      interpreter.hoist(script.parsed)
      for step in script.steps {
        let result = runner.run(step, of: script, in: interpreter)
        transcript.append(source: source(of: step, in: file), output: result.actual)
        if !result.errors.isEmpty { throw ExitCode(1) }
      }
    }
  }

  /// The step's lines as written.
  private func source(of step: TestStep, in file: SourceFile) -> String {
    (step.firstLine...step.lastLine).map { file.lineText($0) }.joined(separator: "\n")
  }
}

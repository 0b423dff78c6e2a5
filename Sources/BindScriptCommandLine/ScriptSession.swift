import ArgumentParser
import BindLanguage
import BindPlatform
import BindRuntime
import BindSyntax
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One interpreter, configured by the app, plus the way `run` reports:
/// output to stdout, errors rendered to stderr, exit codes 1 (runtime) and
/// 2 (syntax, file or configuration).
final class ScriptSession {
  let interpreter: Interpreter

  convenience init(limits: LimitOptions, trace: Bool) throws {
    try self.init(options: limits.interpreterOptions, trace: trace)
  }

  init(options: Interpreter.Options, trace: Bool) throws {
    interpreter = try CommandContext.current.makeInterpreterOrExit(options: options)
    interpreter.output = { line in print(line) }
    if trace {
      ReactiveGraph.shared.tracer = { event in print("trace: \(event)") }
    }
  }

  /// Runs files in order in this one session, stopping at the first error.
  func runFiles<Paths: Sequence<String>>(_ paths: Paths) throws {
    for path in paths { try runWholeFile(try ScriptLoader.load(path)) }
  }

  /// Parses and runs a whole file, stopping at the first error.
  func runWholeFile(_ file: SourceFile) throws {
    let parsed = Parser.parse(file)
    if parsed.hasErrors {
      Terminal.printError(Terminal.renderer.render(parsed.diagnostics, in: file))
      throw ExitCode(2)
    }
    do {
      try interpreter.run(parsed)
    } catch let error as ScriptError {
      Terminal.flushOutput()
      Terminal.printError(Terminal.render(error, fallback: file))
      throw ExitCode(1)
    }
  }
}

/// Reading script files and turning their problems into exit code 2.
enum ScriptLoader {
  /// Reads a script file (`-`: standard input); a file that cannot be read
  /// or is not UTF-8 is an error, exit code 2.
  static func load(_ path: String) throws -> SourceFile {
    if path == "-" { return try sourceFile(path: "<stdin>", bytes: readStandardInput()) }
    do {
      return try SourceFile.load(path: path)
    } catch .invalidUTF8(let error) {
      Terminal.printError(Terminal.renderer.render([error.diagnostic], in: error.file))
    } catch {
      Terminal.printError("error: \(error)\n")
    }
    throw ExitCode(2)
  }

  /// Standard input to its end, as much as a file read may hold
  /// (`FileSystem.readLimit`); more, or an error, exits with code 2.
  static func readStandardInput() throws -> [UInt8] {
    do {
      return try FileSystem.readBytes(from: STDIN_FILENO, path: "<stdin>")
    } catch {
      Terminal.printError("error: cannot read standard input: \(error)\n")
      throw ExitCode(2)
    }
  }

  /// Validates UTF-8; a bad byte is a located error, exit code 2.
  static func sourceFile(path: String, bytes: [UInt8]) throws -> SourceFile {
    do {
      return try SourceFile(path: path, bytes: bytes)
    } catch let error as InvalidUTF8Error {
      Terminal.printError(Terminal.renderer.render([error.diagnostic], in: error.file))
      throw ExitCode(2)
    }
  }
}

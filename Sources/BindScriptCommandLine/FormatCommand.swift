import ArgumentParser
import BindFormatter
import BindPlatform
import BindSyntax
import BindTestRunner

/// `bindscript fmt [--check] PATH...`.
struct FormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fmt",
    abstract: "Rewrite scripts in the one canonical layout (or, with --check, list those that are not).",
    discussion: """
      Folders are searched for *.bind files. Comments and #> expectation lines \
      are kept byte for byte; a file with syntax errors is skipped (with a \
      note). Exit codes: 0 all formatted, 1 --check found unformatted files, \
      2 a file could not be read or written.
      """
  )

  @ArgumentParser.Argument(help: "The scripts, or folders of scripts, to format.", completion: .file(extensions: ["bind"]))
  var paths: [String]

  @Flag(help: "Change nothing: list the files that are not formatted, and exit with 1 if there are any.")
  var check = false

  func run() throws {
    let files: [String]
    do {
      files = try ScriptDiscovery.find(in: paths)
    } catch {
      Terminal.printError("error: \(error)\n")
      throw ExitCode(2)
    }
    var failed = false
    var unformatted: [String] = []
    for path in files {
      let file: SourceFile
      do {
        file = try ScriptLoader.load(path)
      } catch {
        failed = true
        continue
      }
      let formatted: String
      do {
        formatted = try Formatter.format(file)
      } catch .syntaxErrors(let diagnostics) {
        // Left alone, not an error: a test suite keeps scripts whose point
        // is a syntax error, and `fmt --check` runs over it.
        let count = diagnostics.count
        Terminal.printError("\(path): skipped: \(count) syntax error\(count == 1 ? "" : "s") (`check` shows them)\n")
        continue
      } catch {
        Terminal.printError("\(path): error: \(error)\n")
        failed = true
        continue
      }
      guard formatted != file.text else { continue }
      unformatted.append(path)
      if check {
        print(path)
      } else {
        do {
          try FileSystem.write(formatted, to: path)
        } catch {
          Terminal.printError("error: cannot write '\(path)': \(error)\n")
          failed = true
        }
      }
    }
    if failed { throw ExitCode(2) }
    if check && !unformatted.isEmpty { throw ExitCode(1) }
  }
}

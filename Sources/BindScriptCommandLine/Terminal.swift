import BindLanguage
import BindRuntime
import BindSyntax
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process is attached to, and how to print for it.
enum Terminal {
  static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

  /// Colour on a terminal unless `NO_COLOR` is set; `FORCE_COLOR` forces it.
  static func useColor(on descriptor: Int32) -> Bool {
    if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
    if let value = getenv("FORCE_COLOR"), value.pointee != 0 { return true }
    return isatty(descriptor) != 0
  }

  static let renderer = DiagnosticRenderer(useColor: useColor(on: STDERR_FILENO))

  /// A script error rendered with its own file (an import's, say) when it has one.
  static func render(_ error: ScriptError, fallback: SourceFile) -> String {
    renderer.render(error.diagnostic, in: error.file ?? fallback)
  }

  static func printError(_ text: String) {
    flushOutput()
    fputs(text, stderr)
  }

  static func flushOutput() { fflush(stdout) }
}

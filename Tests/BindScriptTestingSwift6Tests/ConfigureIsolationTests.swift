import BindLanguage
import BindScriptCommandLine
import BindSyntax
import Foundation
import Testing

/// An app's command calls its configure closure on the command's own
/// thread. In Swift 6 a closure written on the main actor (as in a
/// `main.swift`) must not inherit that isolation, or the runtime stops the
/// program when another thread calls it.
@MainActor
struct ConfigureIsolationTests {
  @Test func aConfigureClosureWrittenOnTheMainActorRunsOnAnotherThread() async {
    let configure: BindScriptApp.Configure = { interpreter in
      try interpreter.run(Parser.parse("let ready = true", path: "configure.bind"))
    }
    let succeeded = await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: (try? configure(Interpreter())) != nil)
      }.start()
    }
    #expect(succeeded)
  }
}

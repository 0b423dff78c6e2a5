import ArgumentParser
import BindLanguage

/// Options every command that runs scripts shares.
struct LimitOptions: ParsableArguments {
  @Option(name: .long, help: "The most loop iterations and calls one statement may take.")
  var maxSteps: Int = Interpreter.Options().maxSteps
}

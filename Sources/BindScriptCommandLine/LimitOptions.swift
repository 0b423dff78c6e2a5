import ArgumentParser
import BindLanguage

/// Options every command that runs scripts shares.
struct LimitOptions: ParsableArguments {
  @Option(name: .long, help: "The most loop iterations and calls one statement may take.")
  var maxSteps: Int = Interpreter.Options().maxSteps

  @Flag(help: ArgumentHelp(
    "Use the wall clock for script time.",
    discussion: "By default time is virtual: 'wait 1s' takes no real time and every run is the same. With --real-time, 'wait' sleeps and timers fire on the clock."))
  var realTime = false

  /// The interpreter's options these flags describe.
  var interpreterOptions: Interpreter.Options {
    var options = Interpreter.Options()
    options.maxSteps = maxSteps
    options.realTime = realTime
    return options
  }
}

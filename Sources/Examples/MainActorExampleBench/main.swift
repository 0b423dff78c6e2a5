// What the async test helper costs: the main-actor example scripts through
// `await ScriptTest.run(file:configure:)` (what `await expectScript` runs)
// against the same scripts as the app's own command runs them (synchronously
// on the main thread, `ScriptTest.run(file:interpreter:)`), in one process
// and one run; and a `wait 1h` over a view-model with 1,000 sleeping tasks.
//
//   make bench-helper        # release build, then this
import BindLanguage
import BindScriptTesting
import Dispatch
import Foundation
import MainActorViewModels

let scripts = ["debounce.bind", "banner.bind", "cart.bind", "bad-input.bind"].map { MainActorExampleTypes.scriptsFolder + "/" + $0 }
let rounds = 7
let runsPerRound = 40

/// The middle one of `samples`.
func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func report(_ name: String, _ seconds: Double) {
  print(String(format: "%-44@ %8.1f µs per script run", name as NSString, seconds * 1e6 / Double(scripts.count)))
}

/// The command's way, on the main thread before any executor drains it:
/// each file run synchronously, main-actor jobs drained from the main queue.
@MainActor
func commandPath() -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<runsPerRound {
      for path in scripts {
        let interpreter = Interpreter()
        try! MainActorExampleTypes.register(in: interpreter)
        let result = ScriptTest.run(file: path, interpreter: interpreter)
        interpreter.endSession()
        precondition(result.passed, "\(path) failed under the command's path: \(result.failures)")
      }
    }
    samples.append(Double((ContinuousClock.now - start) / .seconds(1)) / Double(runsPerRound))
  }
  return median(samples)
}

/// The async helper's way, on the main actor.
@MainActor
func helperPath() async -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<runsPerRound {
      for path in scripts {
        let result = await ScriptTest.run(file: path) { try MainActorExampleTypes.register(in: $0) }
        precondition(result.passed, "\(path) failed under the helper: \(result.failures)")
      }
    }
    samples.append(Double((ContinuousClock.now - start) / .seconds(1)) / Double(runsPerRound))
  }
  return median(samples)
}

/// `wait 1h` over 1,000 banners, each hiding itself on its own timer: the
/// script with the wait, less the same script without it.
@MainActor
func thousandTimers() async -> Double {
  let setUp = """
    var banners = []
    for i in 1...1000 { let banner = BannerModel(); banner.show("message \\(i)"); banners.append(banner) }
    wait
    """
  let waited = setUp + "\nwait 1h\nassert(banners.allSatisfy { !$0.isVisible })\n"
  func seconds(_ source: String) async -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      let result = await ScriptTest.run(file: "timers.bind", source: source) { try MainActorExampleTypes.register(in: $0) }
      samples.append(Double((ContinuousClock.now - start) / .seconds(1)))
      precondition(result.passed, "the timer script failed: \(result.failures)")
    }
    return median(samples)
  }
  return await seconds(waited) - (await seconds(setUp))
}

let command = MainActor.assumeIsolated { commandPath() }
Task { @MainActor in
  let helper = await helperPath()
  let timers = await thousandTimers()
  report("the app's command (sync, main thread)", command)
  report("await expectScript's run (async, main actor)", helper)
  print(String(format: "helper / command: %.2f× (goal ≤ 1.5×)", helper / command))
  print(String(format: "`wait 1h` over 1,000 banners hiding themselves: %.1f ms (goal < 50 ms)", timers * 1e3))
  exit(helper / command <= 1.5 && timers < 0.05 ? 0 : 1)
}
dispatchMain()

// The one benchmark command:
//   swift run -c release --package-path Benchmarks BindBench [options]
// Every section runs in one process, and every implementation of a scenario in
// interleaved rounds, so the ratios compare figures taken side by side.

import BenchSupport
import EmbeddingBenchmarks
import GraphBenchmarks
import RuntimeBenchmarks
import TimeBenchmarks

#if canImport(Glibc)
import Glibc
#endif

/// The sections, by the name `--section` selects. A language section
/// (interpreter loops against Lua and Python) is added here as its own target.
let sections: [(name: String, make: () -> Section)] = [
  ("runtime", RuntimeSection.make),
  ("scale", ScaleSection.make),
  ("embedding", EmbeddingSection.make),
  ("time", TimeSection.make),
  ("graph", GraphSection.make),
]

let usage = """
  usage: BindBench [--section NAME] [--scenario KEY] [--impl NAME] [--rounds N] [--round-ms MS]
                   [--profile ITERATIONS]
    --section   run one section (\(sections.map(\.name).joined(separator: ", ")))
    --scenario  run scenarios whose key contains KEY (set-notify, chain, fan-out, churn, bytes, cellx,
                effect-rerun, timer-burst, timer-hold, debounce-change, graph-dot-10k, ...)
    --impl      run implementations whose name contains NAME (e.g. BindRuntime)
    --rounds    timed rounds per case, median reported (default 9)
    --round-ms  target length of one round of one case (default 20)
    --profile   run the selected cases ITERATIONS times, once, without a table (for callgrind/perf)
  """

func parseOptions(_ arguments: [String]) -> (RunOptions, section: String?) {
  var options = RunOptions()
  var section: String?
  var rest = arguments[...]
  func value(_ flag: String) -> String {
    guard let next = rest.popFirst() else {
      fputs("BindBench: \(flag) needs a value\n\(usage)\n", stderr)
      exit(2)
    }
    return next
  }
  func number(_ flag: String) -> Int {
    let text = value(flag)
    guard let number = Int(text), number > 0 else {
      fputs("BindBench: \(flag) expects a positive number, got '\(text)'\n", stderr)
      exit(2)
    }
    return number
  }
  while let argument = rest.popFirst() {
    switch argument {
    case "--section": section = value(argument)
    case "--scenario": options.scenarioFilter = value(argument)
    case "--impl": options.implementationFilter = value(argument)
    case "--rounds": options.rounds = number(argument)
    case "--round-ms": options.roundNanoseconds = UInt64(number(argument)) * 1_000_000
    case "--profile": options.profileIterations = number(argument)
    case "-h", "--help":
      print(usage)
      exit(0)
    default:
      fputs("BindBench: unknown option '\(argument)'\n\(usage)\n", stderr)
      exit(2)
    }
  }
  return (options, section)
}

/// The UTC date and time, for the report's header.
func timestamp() -> String {
  var now = time(nil)
  var parts = tm()
  gmtime_r(&now, &parts)
  var buffer = [CChar](repeating: 0, count: 32)
  strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
  return String(cString: buffer)
}

let (options, selectedSection) = parseOptions(Array(CommandLine.arguments.dropFirst()))
let chosen = sections.filter { selectedSection == nil || $0.name == selectedSection }
if chosen.isEmpty {
  fputs("BindBench: no section '\(selectedSection ?? "")'\n\(usage)\n", stderr)
  exit(2)
}

let runner = Runner(options: options)
if options.profileIterations == nil {
  print("# BindScript benchmarks")
  print("")
  print("\(timestamp()), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores, release build, \(options.rounds) rounds per case.")
  print("")
}
var failed = false
for section in chosen {
  let result = runner.run(section.make())
  if options.profileIterations != nil { continue }
  print(Report().markdown(result))
  print("")
  failed = failed || result.scenarios.contains { $0.cases.contains { $0.note?.hasPrefix("CHECK FAILED") ?? false } }
}
// A benchmark whose results were wrong measured the wrong thing: fail loudly.
exit(failed ? 1 : 0)

import BindRuntime
import BindSyntax

// What is still to happen in a session: the script's timers, the Swift
// tasks sleeping on its clock, the timers of time operators and the host
// jobs ready to run. `pending()`, the REPL's `:pending` and `bindscript test
// --strict` show it; a test that ends with any of it left has not seen
// everything its view-models were going to do.
extension Interpreter {
  /// One line per pending thing, each saying what it is, where it was
  /// started and when it is due; empty when nothing is pending.
  public var pendingWork: [String] {
    var lines: [String] = []
    let timers = connections.pendingTimers
    for (entry, due) in timers {
      let name = entry.name.map { " as \($0)" } ?? ""
      let site = entry.site.map { " at \(Self.location(of: $0.range, in: $0.file))" } ?? ""
      lines.append("\(entry.summary)\(name)\(site): \(entry.isRepeatingTimer ? "next at" : "due at") \(due.literal)")
    }
    let sleeps = scheduler.pendingSleeps
    for sleep in sleeps {
      let started = sleep.label.map { "; it fell asleep during \($0)" } ?? ""
      lines.append("a Swift task sleeping until \(sleep.due.literal)\(started)")
    }
    let running = runningTaskLines
    // The rest of the scheduler's timers belong to time operators
    // (`debounce`, `throttle`, `delay`) and to Swift code that scheduled
    // on it directly.
    let others = scheduler.pendingTimerCount - timers.count - sleeps.count
    if others > 0 {
      lines.append("\(others) timer\(others == 1 ? "" : "s") of time operators (debounce, throttle, delay) or Swift code")
    }
    lines += running
    // A ready job belongs to a task listed above when any is.
    let ready = scheduler.readyJobCount
    if ready > 0, running.isEmpty {
      lines.append("\(ready) Swift task job\(ready == 1 ? "" : "s") ready to run ('wait 0ms' runs \(ready == 1 ? "it" : "them"))")
    }
    return lines
  }

  /// Whether an `every` timer with no `as` name is among ``pendingWork``:
  /// waiting never settles it, only disposing it does, and no name says how.
  public var hasPendingUnnamedRepeatingTimer: Bool {
    connections.pendingTimers.contains { $0.entry.isRepeatingTimer && $0.entry.name == nil }
  }

  /// The Swift tasks still running that are not asleep on the script's
  /// clock, one line per statement that started them (``TaskOrigin``): a
  /// main-actor task not yet run, or one awaiting something else.
  private var runningTaskLines: [String] {
    scheduler.runningTasks.compactMap { tasks in
      let count = tasks.count - tasks.sleeping
      guard count > 0 else { return nil }
      let starters = tasks.starters.isEmpty ? "" : " by " + tasks.starters.joined(separator: ", ")
      let one = count == 1
      return "\(count) Swift task\(one ? "" : "s") started during \(tasks.label)\(starters) \(one ? "has" : "have") not "
        + "finished: \(one ? "it waits" : "they wait") to run ('wait' runs \(one ? "it" : "them")) or for something other "
        + "than the script's clock, such as a continuation or a stream nothing resumes"
    }
  }

  /// Labels the Swift sleeps begun while `statement` ran, by the statement.
  func labelSleeps(startedBy statement: Statement, in file: SourceFile) {
    scheduler.labelNewSleeps { Self.label(of: statement, in: file) }
  }

  /// `'vm.refresh()' at login.bind:12:1`: a statement's first line, cut at
  /// 40 characters, and its place.
  static func label(of statement: Statement, in file: SourceFile) -> String {
    let text = file.text(in: statement.range).prefix { $0 != "\n" }
    let shown = text.count > 40 ? text.prefix(40) + "…" : text
    return "'\(shown)' at \(location(of: statement.range, in: file))"
  }

  /// `path:line:column`, or `line L, column C` for text with no file (a
  /// REPL statement), as diagnostics locate what they report.
  static func location(of range: SourceRange, in file: SourceFile) -> String {
    let start = range.start
    return file.path.map { "\($0):\(start.line):\(start.column)" } ?? "line \(start.line), column \(start.column)"
  }
}

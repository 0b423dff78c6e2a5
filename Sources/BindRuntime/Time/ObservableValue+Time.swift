/// Operators that move a value's changes in time, on a ``Scheduler``: they
/// return a ``TimedValue`` that starts with this value's current value and
/// takes its changes later, when the scheduler's timers fire.
///
/// Only changes count: a write equal to the current value is not one, so it
/// neither resets a debounce nor is delayed. `interval` MUST NOT be negative
/// (a script's negative duration is the language's error to report first).
extension ObservableValue {
  /// Takes this value's latest value once it has been quiet for `interval`:
  /// every change restarts the wait, and a burst of changes is delivered once,
  /// as its last value (a search field's text, a window's size).
  ///
  /// ```swift
  /// let query = field.$text.debounced(for: .milliseconds(300), on: scheduler)
  /// field.text = "a"                           // at 0 ms
  /// scheduler.advance(by: .milliseconds(200))
  /// field.text = "ab"                          // at 200 ms: the wait restarts
  /// scheduler.advance(by: .milliseconds(300))  // at 500 ms: query.value == "ab"
  /// ```
  ///
  /// The debounce keeps one timer however often the value changes: a change
  /// moves its deadline, and among timers due at the same instant it fires
  /// as if made at the latest change.
  public func debounced(for interval: Duration, on scheduler: Scheduler, label: String? = nil) -> TimedValue<Value> {
    timed(Debouncer(scheduler: scheduler, interval: interval), label: label, name: "debounced", interval: interval)
  }

  /// Passes the first change at once, then at most one value per `interval`:
  /// changes made while an interval is open are held, and when it ends the
  /// latest of them is delivered, which opens the next interval. An interval
  /// that ends with nothing held closes, so the next change passes at once.
  ///
  /// ```swift
  /// let progress = download.$fraction.throttled(for: .seconds(1), on: scheduler)
  /// download.fraction = 0.1   // at 0 s: progress.value == 0.1 at once
  /// download.fraction = 0.2   // held
  /// download.fraction = 0.3   // held, replaces 0.2
  /// scheduler.advance(by: .seconds(1))   // at 1 s: progress.value == 0.3
  /// ```
  ///
  /// A held value equal to the current one is delivered as no change, but it
  /// still opens an interval (as `throttle` then `removeDuplicates` would).
  public func throttled(for interval: Duration, on scheduler: Scheduler, label: String? = nil) -> TimedValue<Value> {
    timed(Throttler(scheduler: scheduler, interval: interval), label: label, name: "throttled", interval: interval)
  }

  /// Delivers every change `interval` after it was made, in order.
  ///
  /// ```swift
  /// let shown = vm.$isLoading.delayed(by: .milliseconds(500), on: scheduler)
  /// vm.isLoading = true                        // at 0 ms
  /// scheduler.advance(by: .milliseconds(500))  // shown.value == true
  /// ```
  ///
  /// Each change is delivered on its own, so observers see every one (a
  /// change back to the current output value is no change, as usual).
  public func delayed(by interval: Duration, on scheduler: Scheduler, label: String? = nil) -> TimedValue<Value> {
    timed(Delayer(scheduler: scheduler, interval: interval), label: label, name: "delayed", interval: interval)
  }

  private func timed(_ timing: TimeOperator<Value>, label: String?, name: String, interval: Duration)
    -> TimedValue<Value>
  {
    let label = label ?? ReactiveGraph.shared.withLock { "\(name)(\(displayName), \(interval))" }
    return TimedValue(source: self, timing: timing, label: label)
  }
}

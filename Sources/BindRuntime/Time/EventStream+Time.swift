/// Operators that move events in time, on a ``Scheduler``. Each returns a new
/// stream whose handlers receive this stream's payloads later, when the
/// scheduler's timers fire (on the thread that advances it; a throttle's
/// first payload goes out at once, on the sender's thread).
///
/// The returned stream owns the operator: while it lives, it holds its
/// handler on this stream and its pending timers; when it is deallocated,
/// the handler is removed and the timers cancelled. It does not keep this
/// stream alive. A stream has no end, so payloads still pending when this
/// stream goes are delivered at their time. `interval` MUST NOT be negative.
extension EventStream {
  /// Sends the latest payload once no event has come for `interval`: every
  /// event restarts the wait, and a burst is sent once, as its last payload.
  ///
  /// ```swift
  /// let settled = window.resized.debounced(for: .milliseconds(200), on: scheduler)
  /// settled.on { size in layout(size) }.disposed(by: bag)
  /// ```
  public func debounced(for interval: Duration, on scheduler: Scheduler) -> EventStream<Payload> {
    timed(Debouncer(scheduler: scheduler, interval: interval), name: "debounced")
  }

  /// Sends the first payload at once, then at most one per `interval`: the
  /// latest payload of an open interval is sent when it ends, which opens the
  /// next; an interval that ends with nothing held closes.
  ///
  /// ```swift
  /// let taps = button.tap.throttled(for: .seconds(1), on: scheduler)
  /// taps.on { vm.refresh() }.disposed(by: bag)   // at most one refresh a second
  /// ```
  public func throttled(for interval: Duration, on scheduler: Scheduler) -> EventStream<Payload> {
    timed(Throttler(scheduler: scheduler, interval: interval), name: "throttled")
  }

  /// Sends every payload `interval` after it came, in order.
  ///
  /// ```swift
  /// let echoes = field.submitted.delayed(by: .milliseconds(100), on: scheduler)
  /// ```
  public func delayed(by interval: Duration, on scheduler: Scheduler) -> EventStream<Payload> {
    timed(Delayer(scheduler: scheduler, interval: interval), name: "delayed")
  }

  private func timed(_ timing: TimeOperator<Payload>, name: String) -> EventStream<Payload> {
    let output = EventStream(label: label.map { "\(name)(\($0))" })
    timing.deliver = { [weak output] payload in output?.send(payload) }
    // The handler holds the timing, not the output: the source never keeps
    // the output alive, and nothing here holds the handler's token but the
    // output (no cycle through the token).
    let subscription = on { [timing] payload in timing.receive(payload) }
    output.operatorState = TimedEventLink(subscription: subscription, timing: timing)
    return output
  }
}

/// What a timed event stream owns: its handler on the source and its timing.
/// Deallocated with the stream, which stops the operator.
final class TimedEventLink<Payload> {
  private let subscription: Disposable
  private let timing: TimeOperator<Payload>

  init(subscription: Disposable, timing: TimeOperator<Payload>) {
    self.subscription = subscription
    self.timing = timing
  }

  deinit {
    subscription.dispose()
    timing.cancel()
  }
}

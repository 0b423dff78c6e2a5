import BindRuntime
import BindSyntax

extension Compiler {
  /// waitStatement -> 'wait' expression?
  func compileWait(_ duration: Expression?, range: SourceRange) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    guard let duration else {
      return { _ in
        try interpreter.wait(for: nil, at: range, in: file)
        return .next
      }
    }
    let evaluate = try compileExpression(duration)
    let text = file.text(in: duration.range)
    return { frame in
      let value = try Self.duration(try evaluate(frame), for: "wait", written: text, at: duration.range, in: file)
      try interpreter.wait(for: value, at: range, in: file)
      return .next
    }
  }

  /// timerExpression -> ('after' | 'every') expression ('as' NAME)? block
  func compileTimer(_ timer: TimerExpression) throws -> Evaluation {
    let interpreter = self.interpreter
    let file = self.file
    let interval = try compileExpression(timer.interval)
    let intervalText = file.text(in: timer.interval.range)
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: [], body: timer.body)
    let summary = "\(timer.repeats ? "every" : "after") \(intervalText)"
    let keyword = timer.repeats ? "every" : "after"
    let reusesFrame = !resolved.needsFrame(.block(timer.body.range))
    return { frame in
      let value = try Self.duration(try interval(frame), for: keyword, written: intervalText, at: timer.interval.range, in: file)
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil, reusesFrame: reusesFrame)
      return try interpreter.makeTimer(
        repeats: timer.repeats, interval: value, name: timer.name?.name, summary: summary,
        at: timer.interval.range, in: file
      ) { [unowned(unsafe) interpreter] in interpreter.run(block) }
    }
  }
}

extension Compiler {
  /// `value` as a duration, or the error of a time keyword or operator
  /// (`'wait' needs a duration such as 300ms, not '"soon"'`), located at what
  /// was `written`.
  static func duration(
    _ value: Value, for keyword: String, written: String, at range: SourceRange, in file: SourceFile
  ) throws -> Duration {
    guard case .duration(let duration) = value else {
      throw ScriptError(.connection(.needsDuration(keyword: keyword, written: written)), at: range, in: file)
    }
    return duration
  }
}

extension Compiler {
  /// The most frames a timeline draws: a line a reader can still take in.
  static let timelineFrameLimit = 200

  /// timelineStatement -> 'timeline' expression 'for' expression ('every' expression)?
  ///
  /// Records the source while the duration passes (as `wait` lets it), then
  /// prints the diagram: `vm.query: ---a----b-|  a = "s", b = "swi"`.
  func compileTimeline(_ timeline: TimelineStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let source = try compileReactiveSource(timeline.source)
    let duration = try compileExpression(timeline.duration)
    let frame = try timeline.frame.map(compileExpression)
    let label = file.text(in: timeline.source.range)
    return { frame_ in
      let length = try Self.positiveDuration(try duration(frame_), of: timeline.duration, what: "timeline's length", in: file)
      let step = try frame.map { try Self.positiveDuration(try $0(frame_), of: timeline.frame!, what: "timeline's frame", in: file) }
        ?? .milliseconds(100)
      guard Timeline.frameCount(length: length, frame: step) <= Self.timelineFrameLimit else {
        throw ScriptError(
          .connection(.timelineTooLong(length: length.literal, frame: step.literal, limit: Self.timelineFrameLimit)),
          at: timeline.range, in: file)
      }
      let scheduler = interpreter.scheduler
      let start = scheduler.now
      var recording = Timeline()
      let token: Disposable
      switch try source(frame_) {
      case .value(let node):
        token = node.observeChanges { _, new in recording.record(new, at: scheduler.now) }
      case .host(_, let object, let index):
        token = object.propertyNode(index).observeChanges { _, new in recording.record(new, at: scheduler.now) }
      case .event(let event):
        let carriesPayload = event.payload != nil
        token = event.on { payload in recording.record(carriesPayload ? payload : nil, at: scheduler.now) }
      }
      defer { token.dispose() }
      try interpreter.wait(for: length, at: timeline.range, in: file)
      interpreter.writeOutput("\(label): " + recording.diagram(from: start, length: length, frame: step))
      return .next
    }
  }

  /// `value` as a positive duration, or an error naming `what` it is for.
  private static func positiveDuration(_ value: Value, of expression: Expression, what: String, in file: SourceFile) throws -> Duration {
    guard case .duration(let duration) = value, duration > .zero else {
      throw ScriptError(
        .connection(.needsPositiveDuration(what: what, written: file.text(in: expression.range))),
        at: expression.range, in: file)
    }
    return duration
  }
}

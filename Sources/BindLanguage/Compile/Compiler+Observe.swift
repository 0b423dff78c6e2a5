import BindRuntime
import BindSyntax

// Callbacks registered here capture the interpreter `unowned(unsafe)`: a
// weak load on every delivery is measurable in a hot loop, and it cannot
// dangle, because the tokens that keep these callbacks registered belong to
// the interpreter's `connections` and are disposed when it goes.
extension Compiler {
  /// What an observer is called with: each change, and the initial value
  /// or the completion.
  typealias ObserverCallbacks = (changed: (Value, Value) -> Void, other: (Change<Value>) -> Void)

  /// observeStatement -> 'observe' expression 'initial'? ('as' NAME)? handlerBlock?
  func compileObserve(_ observe: ObserveStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let text = file.text(in: observe.expression.range)
    if case .name(let variable, let range) = observe.expression.unparenthesized {
      return try compileObserveObject(observe, variable: variable, range: range)
    }
    let source = try withoutAwaiting(in: "an 'observe' expression") { try compileReactiveSource(observe.expression) }
    // Chosen with `if`, not `Optional.map`: through a generic the callbacks
    // come back at their most general abstraction, and each change then runs
    // through two reabstraction thunks (38 instructions a change).
    let callbacks: (Frame, BlockRuns) -> ObserverCallbacks
    if let block = observe.handler {
      callbacks = try compileObserverBlock(block)
    } else {
      callbacks = Self.printingObserver(text, interpreter: interpreter)
    }
    let options: ObserveOptions = observe.initial ? .initial : []
    let name = observe.name?.name
    return { frame in
      let observeSource: (ObserveOptions, @escaping (Value, Value) -> Void, @escaping (Change<Value>) -> Void) -> Disposable
      let observed: Int
      switch try source(frame) {
      case .value(let node):
        observeSource = { node.observe(options: $0, changed: $1, other: $2) }
        observed = node.id
      case .host(let property, let object, let index):
        observeSource = property.observe
        observed = object.graphNodeID(index)
      case .event:
        throw ScriptError(
          .eventNotValue(text, fix: "handle it with 'on \(text) { … }'"), at: observe.expression.range, in: file)
      }
      let runs = BlockRuns()
      let (changed, other) = callbacks(frame, runs)
      runs.attach(observeSource(options, changed, other))
      interpreter.session.connections.add(
        name: name, kind: .observer, summary: text, ends: .init(source: .node(id: observed), target: nil), token: runs)
      try interpreter.throwPendingError()
      return .next
    }
  }

  /// observeStatement -> 'observe' expression … handlerBlock: runs the
  /// block, given nothing, the new value, or the old and the new.
  private func compileObserverBlock(_ block: HandlerBlock) throws -> (Frame, BlockRuns) -> ObserverCallbacks {
    guard block.parameters.count <= 2 else {
      throw error(.connection(.observerParameters), at: block.parameters[2].range)
    }
    let interpreter = self.interpreter
    var (body, slots, keepsParent) = try compileFunctionBody(parameters: block.parameters, body: block.body)
    if resolved.mayWrite(.block(block.body.range)) {
      // The block's writes are one batch, as an effect's are: what depends
      // on them updates once, after the block, with its final values.
      let unbatched = body
      body = { frame in
        var flow = Flow.next
        try ReactiveGraph.shared.transaction { flow = try unbatched(frame) }
        return flow
      }
    }
    let parameterCount = block.parameters.count
    let reusesFrame = !resolved.needsFrame(.block(block.body.range))
    return { frame, runs in
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil, reusesFrame: reusesFrame)
      return Self.observerCallbacks(running: block, runs: runs, parameterCount: parameterCount, interpreter: interpreter)
    }
  }

  /// The callbacks that run an observer block: one closure per parameter
  /// count, chosen here rather than switched on at every change. Each run
  /// is one of `runs`, which owns what it makes.
  private static func observerCallbacks(
    running block: ScriptHandler, runs: BlockRuns, parameterCount: Int, interpreter: Interpreter
  ) -> ObserverCallbacks {
    let connections = interpreter.session.connections
    let changed: (Value, Value) -> Void
    switch parameterCount {
    case 0 where block.sharedFrame != nil:
      // Body and frame held by this closure are passed borrowed, without
      // the retain that loading them from the handler costs. The
      // interpreter is reached through `Unmanaged`: an `unowned(unsafe)`
      // capture is still retained around the call, and the interpreter has
      // a side table (weak references to it), so each of those retains and
      // releases takes the runtime's slow path (~150 instructions and two
      // atomic operations a change). It cannot dangle, for the reason given
      // at the top of this extension.
      let (body, shared) = (block.body, block.sharedFrame!)
      let unmanaged = Unmanaged.passUnretained(interpreter)
      changed = { _, _ in runs.run(in: connections) { unmanaged._withUnsafeGuaranteedRef { $0.run(body, in: shared) } } }
    case 0: changed = { [unowned(unsafe) interpreter] _, _ in runs.run(in: connections) { interpreter.run(block) } }
    case 1: changed = { [unowned(unsafe) interpreter] _, new in runs.run(in: connections) { interpreter.run(block, new) } }
    default:
      changed = { [unowned(unsafe) interpreter] old, new in runs.run(in: connections) { interpreter.run(block, old, new) } }
    }
    let other = { [unowned(unsafe) interpreter] (change: Change<Value>) in
      guard case .initial(let value) = change else { return }
      runs.run(in: connections) {
        switch parameterCount {
        case 0: interpreter.run(block)
        case 1: interpreter.run(block, value)
        default: interpreter.run(block, .null, value)
        }
      }
    }
    return (changed, other)
  }

  /// observeStatement -> 'observe' expression 'initial'? ('as' NAME)?: prints
  /// each change (`c.v: 1 -> 2`), the initial value and the completion.
  private static func printingObserver(_ text: String, interpreter: Interpreter) -> (Frame, BlockRuns) -> ObserverCallbacks {
    return { _, _ in
      (
        changed: { [unowned(unsafe) interpreter] old, new in
          interpreter.writeOutput("\(text): \(old.literal) -> \(new.literal)")
        },
        other: { [unowned(unsafe) interpreter] change in
          switch change {
          case .initial(let value): interpreter.writeOutput("\(text): \(value.literal)")
          case .completed: interpreter.writeOutput("\(text): completed")
          case .changed: break
          }
        }
      )
    }
  }

  /// onStatement -> 'on' expression ('as' NAME)? handlerBlock
  func compileOn(_ on: OnStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let text = file.text(in: on.event.range)
    guard on.handler.parameters.count <= 1 else {
      throw error(.connection(.handlerParameters), at: on.handler.parameters[1].range)
    }
    let event = try compileEventSource(on.event)
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: on.handler.parameters, body: on.handler.body)
    let takesPayload = !on.handler.parameters.isEmpty
    let name = on.name?.name
    let reusesFrame = !resolved.needsFrame(.block(on.handler.body.range))
    return { frame in
      guard case .event(let stream) = try event(frame) else {
        throw ScriptError(.notAnEvent(text, use: .on(suggestObserve: false)), at: on.event.range, in: file)
      }
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil, reusesFrame: reusesFrame)
      let runs = BlockRuns()
      let connections = interpreter.session.connections
      runs.attach(stream.on { [unowned(unsafe) interpreter] payload in
        runs.run(in: connections) {
          if takesPayload { interpreter.run(block, payload) } else { interpreter.run(block) }
        }
      })
      interpreter.session.connections.add(
        name: name, kind: .handler, summary: text, ends: .init(source: .init(stream), target: nil), token: runs)
      return .next
    }
  }

  /// emitStatement -> 'emit' expression ('(' expression ')')?
  func compileEmit(_ emit: EmitStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let text = file.text(in: emit.event.range)
    let event = try compileExpression(emit.event)
    let payload = try emit.payload.map(compileExpression)
    return { frame in
      guard case .event(let target) = try event(frame) else {
        throw ScriptError(.notAnEvent(text, use: .emit), at: emit.event.range, in: file)
      }
      do {
        try interpreter.emit(target, payload: try payload?(frame))
      } catch {
        throw error.asScriptError(at: emit.range, in: file)
      }
      return .next
    }
  }

  /// disposeStatement -> 'dispose' NAME
  ///
  /// NAME is a connection's `as` name or, failing that, a variable holding a
  /// timer or an effect (`let t = after 1s { … }`, `let e = effect { … }`).
  func compileDispose(_ name: Identifier, range: SourceRange) -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let variable = resolve(name.name, at: name.range).map { reader(for: $0, name: name.name, range: name.range) }
    return { frame in
      if let variable, case .handle(let handle) = try variable(frame) {
        handle.token.dispose()
        return .next
      }
      guard interpreter.session.connections.dispose(named: name.name) else {
        let guess = suggestion(for: name.name, among: interpreter.session.connections.names)
        throw ScriptError(.unknownConnection(name.name, suggestion: guess), at: name.range, in: file)
      }
      return .next
    }
  }
}

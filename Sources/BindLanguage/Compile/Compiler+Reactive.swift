import BindRuntime
import BindSyntax

/// What a `bind`/`observe`/`on` source turned out to be when the statement ran.
enum ReactiveSource {
  case value(ObservableValue<Value>)
  /// A live Swift object's property, stored property `index` of its
  /// wrapper: observed and bound through the ``HostProperty``, without the
  /// wrapper's mirror node (which a binding into another host property uses).
  case host(HostProperty, of: ScriptObject, index: Int)
  case event(ScriptEvent)
}

/// What a binding writes into.
enum BindingTarget {
  case property(ScriptObject, index: Int)
  case event(ScriptEvent)
  /// A derived property with a setter (`get { } set { }`): a write runs it.
  case writableDerived(ScriptObject, index: Int)
}

// Callbacks registered here capture the interpreter `unowned(unsafe)`: a
// weak load on every delivery is measurable in a hot loop, and it cannot
// dangle, because the tokens that keep these callbacks registered belong to
// the interpreter's `connections` and are disposed when it goes.
extension Compiler {
  /// The source of a `bind` or `observe`. `obj.prop` connects to that
  /// property's node directly; any other expression becomes a derived value
  /// over the variables it names, read once now ("properties are live;
  /// variables are looked up once"), holding the objects they name weakly.
  func compileReactiveSource(_ expression: Expression) throws -> (Frame) throws -> ReactiveSource {
    if let (op, arguments, range) = timeOperator(calledBy: expression) {
      return try compileTimedSource(op, arguments, range: range)
    }
    if case .member(let base, let name, _) = expression, case .name = base {
      return try compilePropertySource(base, name, range: expression.range)
    }
    return try compileDerivedSource(expression)
  }

  /// reactiveSource -> NAME '.' NAME: that property's node, or its event.
  private func compilePropertySource(_ base: Expression, _ name: Identifier, range: SourceRange) throws
    -> (Frame) throws -> ReactiveSource
  {
    let interpreter = self.interpreter
    let file = self.file
    let object = try compileExpression(base)
    let cache = MemberCache(file: file, range: name.range)
    return { frame in
      let receiver = try object(frame)
      guard case .object(let target) = receiver else {
        throw ScriptError(
          receiver.isNull
            ? .readOfNil(member: name.name, hint: false)
            : .noMember(name: name.name, valueType: receiver.typeName, memberKind: "observable property", suggestion: nil),
          at: range, in: file)
      }
      do {
        try target.checkHostAlive()
        switch try cache.member(name.name, of: target.type) {
        case .stored(let index):
          if case .host(let property) = target.access(index), !property.isReleased {
            return .host(property, of: target, index: index)
          }
          return .value(target.propertyNode(index))
        case .derived(let index): return .value(try target.derived(index, interpreter: interpreter))
        case .event(let index): return .event(target.event(index))
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// reactiveSource -> expression: a derived value over the variables the
  /// expression names, read once now.
  private func compileDerivedSource(_ expression: Expression) throws -> (Frame) throws -> ReactiveSource {
    let file = self.file
    let range = expression.range
    let captures = CaptureList()
    let saved = (captureList, chainsPropagateNil)
    (captureList, chainsPropagateNil) = (captures, true)
    let evaluate = try compileExpression(expression)
    (captureList, chainsPropagateNil) = saved
    let readers = captures.sources.enumerated().map { index, resolution in
      reader(for: resolution, name: "#\(index)", range: range)
    }
    let label = file.text(in: range)
    return { frame in
      let snapshot = Frame(parent: nil, selfObject: frame.selfObject)
      snapshot.captures = try readers.map { CapturedValue(try $0(frame)) }
      // The derived value completes when a captured object goes.
      var lifetime: GraphNode?
      var moreLifetimes: [GraphNode] = []
      for case .object(let weak) in snapshot.captures {
        guard let root = weak.object?.lifetime else { continue }
        if lifetime == nil { lifetime = root } else { moreLifetimes.append(root) }
      }
      let expression = CapturedExpression(evaluate, in: snapshot)
      let derived: Derived<Value>
      do {
        derived = try Derived(label: label, lifetime: lifetime, lifetimes: moreLifetimes, isSame: Value.isSameForChange) {
          try expression.value()
        }
      } catch {
        throw error.asScriptError(at: range, in: file)
      }
      if case .event(let event) = derived.value { return .event(event) }
      return .value(derived)
    }
  }

  /// An expression of a `bind` or `observe` with the variables it read when
  /// the statement ran, as a derived value evaluates it. One object, so that
  /// the derived value's closure needs no context of its own.
  final class CapturedExpression {
    private let evaluate: Evaluation
    private let snapshot: Frame
    private var last = Value.null

    init(_ evaluate: @escaping Evaluation, in snapshot: Frame) {
      self.evaluate = evaluate
      self.snapshot = snapshot
    }

    func value() throws -> Value {
      // Once a captured object is gone the value can no longer change; any
      // late read sees the last value.
      if snapshot.capturesLostAnObject { return last }
      last = try evaluate(snapshot)
      return last
    }
  }

  /// The target of a binding: `obj.prop` (a stored property) or an event.
  func compileBindingTarget(_ expression: Expression) throws -> (Frame) throws -> BindingTarget {
    let file = self.file
    guard case .member(let base, let name, let range) = expression.unparenthesized else {
      if case .name(let variable, let range) = expression.unparenthesized {
        throw error(.other("cannot bind into variable '\(variable)'; bind into a property such as 'label.text'"), at: range)
      }
      throw error(.other("the target of a binding must be a property such as 'label.text'"), at: expression.range)
    }
    let object = try compileExpression(base)
    let cache = MemberCache(file: file, range: name.range)
    let writer = enclosingTypeName
    return { frame in
      do {
        let receiver = try object(frame)
        guard case .object(let target) = receiver else {
          throw ScriptError(receiver.isNull ? .bindInto(.assignToMemberOf(name: name.name, valueType: nil)) : .bindIntoValue(valueType: receiver.typeName))
        }
        try target.checkHostAlive()
        switch try cache.member(name.name, of: target.type) {
        case .stored(let index):
          if target.type.stored[index].isConstant {
            throw ScriptError(.bindInto(.assignToLet(name: name.name, owner: target.type.name)))
          }
          try target.type.checkSetterAccess(index, from: writer)
          return .property(target, index: index)
        case .derived(let index):
          guard target.type.derived[index].write != nil else {
            throw ScriptError(.bindInto(.assignToDerived(name: name.name)))
          }
          return .writableDerived(target, index: index)
        case .event(let index): return .event(target.event(index))
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// bindStatement -> 'bind' expression ('->' | '<->') expression ('as' NAME)?
  ///
  /// Compiles the form (two-way or one-way), then registers what the form
  /// connects under the statement's name.
  func compileBind(_ bind: BindStatement) throws -> Execution {
    let interpreter = self.interpreter
    let summary = "\(file.text(in: bind.source.range)) \(bind.direction.rawValue) \(file.text(in: bind.target.range))"
    let name = bind.name?.name
    let target = try compileBindingTarget(bind.target)
    let isTwoWay = bind.direction == .twoWay
    let connect =
      isTwoWay
      ? try compileTwoWayBind(bind, into: target, summary: summary)
      : try compileOneWayBind(bind, into: target, summary: summary)
    let kind: Connections.Kind = isTwoWay ? .twoWayBinding : .binding
    return { frame in
      let (token, ends) = try connect(frame)
      interpreter.connections.add(name: name, kind: kind, summary: summary, ends: ends, token: token)
      try interpreter.throwPendingError()
      return .next
    }
  }

  /// bindStatement -> 'bind' property '<->' property
  private func compileTwoWayBind(
    _ bind: BindStatement, into target: @escaping (Frame) throws -> BindingTarget, summary: String
  ) throws -> (Frame) throws -> (Disposable, Connections.Ends) {
    let file = self.file
    let interpreter = self.interpreter
    let left = try compileBindingTarget(bind.source)
    return { frame in
      let (leftTarget, rightTarget) = (try left(frame), try target(frame))
      if let link = try Self.bindWritableDerived(
        leftTarget, rightTarget, at: SourceSite(bind.range, in: file), summary: summary, interpreter: interpreter)
      {
        return (link, .none)
      }
      guard case .property(let leftObject, let leftIndex) = leftTarget,
        case .property(let rightObject, let rightIndex) = rightTarget
      else { throw ScriptError(.other("'<->' binds two properties; events cannot be bound both ways"), at: bind.range, in: file) }
      let leftType = leftObject.type.stored[leftIndex].type
      let rightType = rightObject.type.stored[rightIndex].type
      guard leftType == rightType else {
        throw ScriptError(
          .twoWayTypes(lhs: "\(leftType)", rhs: "\(rightType)"), at: bind.range, in: file)
      }
      do {
        // The runtime's pair of binding nodes is what the graph draws.
        let token = try leftObject.propertyNode(leftIndex).bindTwoWayChecked(
          with: rightObject.propertyNode(rightIndex), label: summary)
        return (token, .none)
      } catch {
        throw error.asScriptError(at: bind.range, in: file)
      }
    }
  }

  /// bindStatement -> 'bind' expression '->' expression
  ///
  /// Which of the one-way forms it is depends on what source and target
  /// turn out to be when the statement runs, so this dispatches then.
  private func compileOneWayBind(
    _ bind: BindStatement, into target: @escaping (Frame) throws -> BindingTarget, summary: String
  ) throws -> (Frame) throws -> (Disposable, Connections.Ends) {
    let interpreter = self.interpreter
    let source = try withoutAwaiting(in: "a 'bind' expression") { try compileReactiveSource(bind.source) }
    let site = SourceSite(bind.range, in: file)
    return { frame in
      switch (try source(frame), try target(frame)) {
      case (.event(let event), .event(let destination)):
        let token = try Self.bindEvent(event, toEvent: destination, at: site, interpreter: interpreter)
        return (token, Connections.Ends(source: .init(event), target: .init(destination)))
      case (.event(let event), .property(let object, let index)):
        let token = try Self.bindEvent(event, toProperty: index, of: object, at: site, interpreter: interpreter)
        return (token, Connections.Ends(source: .init(event), target: .node(id: object.graphNodeID(index))))
      case (.value, .event(let destination)), (.host, .event(let destination)):
        throw ScriptError(
          .other("cannot bind a value into event '\(destination.displayName)'; events are sent with 'emit'"),
          at: site.range, in: site.file)
      case (let value, .property(let object, let index)):
        // The runtime's binding node is what the graph draws.
        return (try Self.bindValue(value, toProperty: index, of: object, at: site, summary: summary), .none)
      case (.event(let event), .writableDerived(let object, let index)):
        throw ScriptError(
          .other("cannot bind event '\(event.displayName)' into derived property '\(object.type.derived[index].name)'; bind it into a stored property"),
          at: site.range, in: site.file)
      case (.value(let node), .writableDerived(let object, let index)):
        let token = try Self.bindValue(
          node, intoDerived: index, of: object, at: site, summary: summary, interpreter: interpreter)
        return (token, .none)
      case (.host(_, let source, let sourceIndex), .writableDerived(let object, let index)):
        let token = try Self.bindValue(
          source.propertyNode(sourceIndex), intoDerived: index, of: object, at: site, summary: summary,
          interpreter: interpreter)
        return (token, .none)
      }
    }
  }

  /// bindStatement -> 'bind' event '->' event: forwards every event.
  private static func bindEvent(
    _ event: ScriptEvent, toEvent destination: ScriptEvent, at site: SourceSite, interpreter: Interpreter
  ) throws -> Disposable {
    if let wanted = destination.payload, event.payload.map({ wanted.coerce(sample: $0) }) != true {
      throw ScriptError(
        .other("cannot forward '\(event.displayName)' (payload \(event.payloadDescription)) into '\(destination.displayName)' (payload '\(wanted)')"),
        at: site.range, in: site.file)
    }
    // An event without payload forwards as one; a payload is dropped when
    // the destination takes none.
    let carriesPayload = destination.payload != nil
    return event.on { [unowned(unsafe) interpreter] payload in
      interpreter.reportingErrors { try interpreter.emit(destination, payload: carriesPayload ? payload : nil) }
    }
  }

  /// bindStatement -> 'bind' event '->' property: writes each payload.
  private static func bindEvent(
    _ event: ScriptEvent, toProperty index: Int, of object: ScriptObject, at site: SourceSite,
    interpreter: Interpreter
  ) throws -> Disposable {
    let spec = object.type.stored[index]
    // The payload's declared type decides now whether every event will fit,
    // rather than each `emit` failing later.
    let fits = event.payload.map { spec.type.coerce(sample: $0) } ?? (spec.type.zeroValue == .null)
    guard fits else {
      throw ScriptError(
        .other("cannot bind '\(event.displayName)' (payload \(event.payloadDescription)) into property '\(spec.name)' of type '\(spec.type)'"),
        at: site.range, in: site.file)
    }
    return event.on { [unowned(unsafe) interpreter, weak object] payload in
      interpreter.reportingErrors {
        try object.map { try interpreter.write(payload, to: .stored(index), of: $0, name: spec.name) }
      }
    }
  }

  /// bindStatement -> 'bind' expression '->' property: keeps the property
  /// equal to the value, checked against the property's type.
  private static func bindValue(
    _ value: ReactiveSource, toProperty index: Int, of object: ScriptObject, at site: SourceSite, summary: String
  ) throws -> Disposable {
    let check = typeCheck(into: index, of: object, at: site)
    let target = object.access(index)
    do {
      switch value {
      case .value(let node): return try target.bind(from: node, label: summary, check: check)
      case .host(let property, let source, let sourceIndex):
        return try target.bind(
          fromHost: property, mirror: { source.propertyNode(sourceIndex) }, label: summary, check: check)
      case .event: preconditionFailure("events are bound by bindEvent")
      }
    } catch {
      throw error.asScriptError(at: site.range, in: site.file)
    }
  }

  /// The check of each value a binding writes into stored property `index`.
  ///
  /// It lives as long as the binding, one per `bind` run: it holds only what
  /// it needs and what names the target in an error (a copy of the
  /// statement and its file here was 272 bytes a binding). The target's name
  /// is spelled out only for an error.
  private static func typeCheck(into index: Int, of object: ScriptObject, at site: SourceSite)
    -> (Value) throws -> Value
  {
    let (objectType, number) = (object.type, object.number)
    let valueType = objectType.stored[index].type
    return { value in
      guard let checked = valueType.coerce(value) else {
        let name = "\(objectType.name)#\(number).\(objectType.stored[index].name)"
        throw ScriptError(
          .bindMismatch(valueType: value.typeName, into: name, expected: "\(valueType)"),
          at: site.range, in: site.file)
      }
      return checked
    }
  }

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
      interpreter.connections.add(
        name: name, kind: .observer, summary: text, ends: .init(source: .node(id: observed), target: nil), token: runs)
      try interpreter.throwPendingError()
      return .next
    }
  }

  /// observeStatement -> 'observe' expression … handlerBlock: runs the
  /// block, given nothing, the new value, or the old and the new.
  private func compileObserverBlock(_ block: HandlerBlock) throws -> (Frame, BlockRuns) -> ObserverCallbacks {
    guard block.parameters.count <= 2 else {
      throw error(.other("an observe block takes at most 2 parameters: { old, new in … }"), at: block.parameters[2].range)
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
    let connections = interpreter.connections
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
      throw error(.other("an event handler takes at most 1 parameter, the payload: { value in … }"), at: on.handler.parameters[1].range)
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
      let connections = interpreter.connections
      runs.attach(stream.on { [unowned(unsafe) interpreter] payload in
        runs.run(in: connections) {
          if takesPayload { interpreter.run(block, payload) } else { interpreter.run(block) }
        }
      })
      interpreter.connections.add(
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
    let variable = resolve(name.name).map { reader(for: $0, name: name.name, range: name.range) }
    return { frame in
      if let variable, case .handle(let handle) = try variable(frame) {
        handle.token.dispose()
        return .next
      }
      guard interpreter.connections.dispose(named: name.name) else {
        let guess = suggestion(for: name.name, among: interpreter.connections.names)
        throw ScriptError(.unknownConnection(name.name, suggestion: guess), at: name.range, in: file)
      }
      return .next
    }
  }
}

extension Expression {
  /// The expression without enclosing parentheses.
  var unparenthesized: Expression {
    if case .parenthesized(let inner, _) = self { return inner.unparenthesized }
    return self
  }

  /// Whether this is a call, awaited or not: a call that returns nothing
  /// (`todos.clear()`, `await form.submit()`) echoes nothing.
  var isCall: Bool {
    switch unparenthesized {
    case .call: return true
    case .await(let operand, _), .tryExpression(_, let operand, _): return operand.isCall
    default: return false
    }
  }
}

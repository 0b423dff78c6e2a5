import BindRuntime
import BindSyntax

/// What a `bind`/`observe`/`on` source turned out to be when the statement ran.
enum ReactiveSource {
  case value(ObservableValue<Value>)
  /// Stored property `index` of a live Swift object's wrapper: observed and
  /// bound through its ``HostProperty``, without the mirror node.
  case host(ScriptObject, index: Int)
  case event(ScriptEvent)
}

/// What a binding writes into.
enum BindingTarget {
  case property(ScriptObject, index: Int)
  case event(ScriptEvent)
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
    let interpreter = self.interpreter
    let file = self.file
    let range = expression.range
    if case .member(let base, let name, _) = expression, case .name = base {
      let object = try compileExpression(base)
      let cache = MemberCache(file: file, range: name.range)
      return { frame in
        let receiver = try object(frame)
        guard case .object(let target) = receiver else {
          throw ScriptError(
            receiver.isNull ? "cannot read '\(name.name)' of nil" : "value of type '\(receiver.typeName)' has no observable property '\(name.name)'",
            at: range, in: file)
        }
        do {
          switch try cache.member(name.name, of: target.type) {
          case .stored(let index):
            if !target.hostProperties.isEmpty, !target.hostProperties[index].isReleased {
              return .host(target, index: index)
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
        derived = try Derived(label: label, lifetime: lifetime, lifetimes: moreLifetimes, isSame: ==) {
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
        throw error("cannot bind into variable '\(variable)'; bind into a property such as 'label.text'", at: range)
      }
      throw error("the target of a binding must be a property such as 'label.text'", at: expression.range)
    }
    let object = try compileExpression(base)
    let cache = MemberCache(file: file, range: name.range)
    return { frame in
      do {
        let receiver = try object(frame)
        guard case .object(let target) = receiver else {
          throw ScriptError(receiver.isNull ? "cannot bind into '\(name.name)' of nil" : "cannot bind into a value of type '\(receiver.typeName)'")
        }
        switch try cache.member(name.name, of: target.type) {
        case .stored(let index):
          if target.type.stored[index].isConstant {
            throw ScriptError("cannot bind into '\(name.name)': it is a 'let' property of \(target.type.name)")
          }
          return .property(target, index: index)
        case .derived:
          throw ScriptError("cannot bind into '\(name.name)': it is a derived property, computed from other properties")
        case .event(let index): return .event(target.event(index))
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// bindStatement -> 'bind' expression ('->' | '<->') expression ('as' NAME)?
  func compileBind(_ bind: BindStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let summary = "\(file.text(in: bind.source.range)) \(bind.direction.rawValue) \(file.text(in: bind.target.range))"
    let name = bind.name?.name
    let target = try compileBindingTarget(bind.target)
    if bind.direction == .twoWay {
      let left = try compileBindingTarget(bind.source)
      return { frame in
        guard case .property(let leftObject, let leftIndex) = try left(frame),
          case .property(let rightObject, let rightIndex) = try target(frame)
        else { throw ScriptError("'<->' binds two properties; events cannot be bound both ways", at: bind.range, in: file) }
        let leftType = leftObject.type.stored[leftIndex].type
        let rightType = rightObject.type.stored[rightIndex].type
        guard leftType == rightType else {
          throw ScriptError(
            "'<->' needs two properties of the same type, not '\(leftType)' and '\(rightType)'", at: bind.range, in: file)
        }
        let token: Disposable
        do {
          token = try leftObject.propertyNode(leftIndex).bindTwoWayChecked(
            with: rightObject.propertyNode(rightIndex), label: summary)
        } catch {
          throw error.asScriptError(at: bind.range, in: file)
        }
        interpreter.connections.add(name: name, kind: .twoWayBinding, summary: summary, token: token)
        try interpreter.throwPendingError()
        return .next
      }
    }
    let source = try compileReactiveSource(bind.source)
    let bindSite = SourceSite(bind.range, in: file)
    return { frame in
      let token: Disposable
      switch (try source(frame), try target(frame)) {
      case (.event(let event), .event(let destination)):
        if let wanted = destination.payload, event.payload.map({ wanted.coerce(sample: $0) }) != true {
          throw ScriptError(
            "cannot forward '\(event.displayName)' (payload \(event.payloadDescription)) into '\(destination.displayName)' (payload '\(wanted)')",
            at: bind.range, in: file)
        }
        // An event without payload forwards as one; a payload is dropped
        // when the destination takes none.
        let carriesPayload = destination.payload != nil
        token = event.stream.on { [unowned(unsafe) interpreter] payload in
          interpreter.reportingErrors { try interpreter.emit(destination, payload: carriesPayload ? payload : nil) }
        }
      case (.event(let event), .property(let object, let index)):
        let spec = object.type.stored[index]
        // The payload's declared type decides now whether every event will
        // fit, rather than each `emit` failing later.
        let fits = event.payload.map { spec.type.coerce(sample: $0) } ?? (spec.type.zeroValue == .null)
        guard fits else {
          throw ScriptError(
            "cannot bind '\(event.displayName)' (payload \(event.payloadDescription)) into property '\(spec.name)' of type '\(spec.type)'",
            at: bind.range, in: file)
        }
        token = event.stream.on { [unowned(unsafe) interpreter, weak object] payload in
          interpreter.reportingErrors {
            try object.map { try interpreter.write(payload, to: .stored(index), of: $0, name: spec.name) }
          }
        }
      case (.value, .event(let destination)), (.host, .event(let destination)):
        throw ScriptError(
          "cannot bind a value into event '\(destination.displayName)'; events are sent with 'emit'", at: bind.range, in: file)
      case (let value, .property(let object, let index)):
        // The check lives as long as the binding, one per `bind` run: it
        // holds only what it needs and what names the target in an error (a
        // copy of the statement and its file here was 272 bytes a binding).
        // The target's name is spelled out only for an error.
        let (objectType, number) = (object.type, object.number)
        let valueType = objectType.stored[index].type
        let check = { (value: Value) throws -> Value in
          guard let checked = valueType.coerce(value) else {
            let name = "\(objectType.name)#\(number).\(objectType.stored[index].name)"
            throw ScriptError(
              "cannot bind value of type '\(value.typeName)' into '\(name)' of type '\(valueType)'",
              at: bindSite.range, in: bindSite.file)
          }
          return checked
        }
        do {
          // A host property binds straight from or into its Swift node; a
          // binding between two host properties goes through the source's mirror.
          switch value {
          case .host(let source, let sourceIndex) where object.hostProperties.isEmpty:
            token = try source.hostProperties[sourceIndex].bind(to: object.stored[index], label: summary, check: check)
          case .host(let source, let sourceIndex):
            token = try object.hostProperties[index].bind(
              from: source.propertyNode(sourceIndex), label: summary, check: check)
          case .value(let node) where !object.hostProperties.isEmpty:
            token = try object.hostProperties[index].bind(from: node, label: summary, check: check)
          case .value(let node):
            token = try node.bindChecked(to: object.stored[index], label: summary, transform: check)
          case .event:
            preconditionFailure("events are handled above")
          }
        } catch {
          throw error.asScriptError(at: bind.range, in: file)
        }
      }
      interpreter.connections.add(name: name, kind: .binding, summary: summary, token: token)
      try interpreter.throwPendingError()
      return .next
    }
  }

  /// observeStatement -> 'observe' expression 'initial'? ('as' NAME)? handlerBlock?
  func compileObserve(_ observe: ObserveStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let text = file.text(in: observe.expression.range)
    if case .name(let variable, let range) = observe.expression.unparenthesized {
      throw error(
        "'\(variable)' is a variable; only properties are observable, such as '\(variable).name'", at: range)
    }
    let source = try compileReactiveSource(observe.expression)
    let handler = try observe.handler.map { block -> (Execution, () -> Int, Int, Bool) in
      guard block.parameters.count <= 2 else {
        throw error("an observe block takes at most 2 parameters: { old, new in … }", at: block.parameters[2].range)
      }
      let (body, slots, keepsParent) = try compileFunctionBody(parameters: block.parameters, body: block.body)
      return (body, slots, block.parameters.count, keepsParent)
    }
    let options: ObserveOptions = observe.initial ? .initial : []
    let name = observe.name?.name
    return { frame in
      let observeSource: (ObserveOptions, @escaping (Value, Value) -> Void, @escaping (Change<Value>) -> Void) -> Disposable
      switch try source(frame) {
      case .value(let node): observeSource = { node.observe(options: $0, changed: $1, other: $2) }
      case .host(let object, let index): observeSource = object.hostProperties[index].observe
      case .event:
        throw ScriptError(
          "'\(text)' is an event; handle it with 'on \(text) { … }'", at: observe.expression.range, in: file)
      }
      let token: Disposable
      if let (body, slots, parameterCount, keepsParent) = handler {
        let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil)
        // One closure per parameter count, chosen here rather than switched
        // on at every change.
        let changed: (Value, Value) -> Void
        switch parameterCount {
        case 0 where block.sharedFrame != nil:
          // Body and frame held by this closure are passed borrowed, without
          // the retain that loading them from the handler costs.
          let (body, shared) = (block.body, block.sharedFrame!)
          changed = { [unowned(unsafe) interpreter] _, _ in interpreter.run(body, in: shared) }
        case 0: changed = { [unowned(unsafe) interpreter] _, _ in interpreter.run(block) }
        case 1: changed = { [unowned(unsafe) interpreter] _, new in interpreter.run(block, new) }
        default: changed = { [unowned(unsafe) interpreter] old, new in interpreter.run(block, old, new) }
        }
        token = observeSource(
          options,
          changed,
          { [unowned(unsafe) interpreter] change in
            guard case .initial(let value) = change else { return }
            switch parameterCount {
            case 0: interpreter.run(block)
            case 1: interpreter.run(block, value)
            default: interpreter.run(block, .null, value)
            }
          })
      } else {
        token = observeSource(
          options,
          { [unowned(unsafe) interpreter] old, new in interpreter.output("\(text): \(old.literal) -> \(new.literal)") },
          { [unowned(unsafe) interpreter] change in
            switch change {
            case .initial(let value): interpreter.output("\(text): \(value.literal)")
            case .completed: interpreter.output("\(text): completed")
            case .changed: break
            }
          })
      }
      interpreter.connections.add(name: name, kind: .observer, summary: text, token: token)
      try interpreter.throwPendingError()
      return .next
    }
  }

  /// onStatement -> 'on' expression ('as' NAME)? handlerBlock
  func compileOn(_ on: OnStatement) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let text = file.text(in: on.event.range)
    guard on.handler.parameters.count <= 1 else {
      throw error("an event handler takes at most 1 parameter, the payload: { value in … }", at: on.handler.parameters[1].range)
    }
    let event = try compileExpression(on.event)
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: on.handler.parameters, body: on.handler.body)
    let takesPayload = !on.handler.parameters.isEmpty
    let name = on.name?.name
    return { frame in
      guard case .event(let stream) = try event(frame) else {
        throw ScriptError("'\(text)' is not an event; 'on' handles events such as 'button.tap'", at: on.event.range, in: file)
      }
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil)
      let token = stream.stream.on { [unowned(unsafe) interpreter] payload in
        if takesPayload { interpreter.run(block, payload) } else { interpreter.run(block) }
      }
      interpreter.connections.add(name: name, kind: .handler, summary: text, token: token)
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
        throw ScriptError("'\(text)' is not an event; only events can be emitted", at: emit.event.range, in: file)
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
  func compileDispose(_ name: Identifier, range: SourceRange) -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    return { _ in
      guard interpreter.connections.dispose(named: name.name) else {
        var message = "no binding, observer or handler named '\(name.name)'"
        if let guess = suggestion(for: name.name, among: interpreter.connections.names) {
          message += "; did you mean '\(guess)'?"
        }
        throw ScriptError(message, at: name.range, in: file)
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
}

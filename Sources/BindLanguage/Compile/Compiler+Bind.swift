import BindRuntime
import BindSyntax

// Callbacks registered here capture the interpreter `unowned(unsafe)`: a
// weak load on every delivery is measurable in a hot loop, and it cannot
// dangle, because the tokens that keep these callbacks registered belong to
// the interpreter's `connections` and are disposed when it goes.
extension Compiler {
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
      interpreter.session.connections.add(name: name, kind: kind, summary: summary, ends: ends, token: token)
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
      else { throw ScriptError(.connection(.twoWayEvent), at: bind.range, in: file) }
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
          .connection(.valueIntoEvent(event: destination.displayName)),
          at: site.range, in: site.file)
      case (let value, .property(let object, let index)):
        // The runtime's binding node is what the graph draws.
        return (try Self.bindValue(value, toProperty: index, of: object, at: site, summary: summary), .none)
      case (.event(let event), .writableDerived(let object, let index)):
        throw ScriptError(
          .connection(.eventIntoDerived(event: event.displayName, property: object.type.derived[index].name)),
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
        .connection(.forwardPayload(event: event.displayName, payload: event.payloadDescription, into: destination.displayName, wanted: "\(wanted)")),
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
        .connection(.eventIntoProperty(event: event.displayName, payload: event.payloadDescription, property: spec.name, type: "\(spec.type)")),
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
}

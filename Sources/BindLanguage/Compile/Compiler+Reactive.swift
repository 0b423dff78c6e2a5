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
        throw error(.connection(.bindIntoVariable(name: variable)), at: range)
      }
      throw error(.connection(.bindTargetNotProperty), at: expression.range)
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

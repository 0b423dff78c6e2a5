import BindRuntime
import BindSyntax

// `observe vm`: every change of every stored property of one object,
// script or host, printed as `vm.name: old -> new` in the order the writes
// happen, so a test's `#>` lines account for all that changed (as TCA's
// exhaustive `TestStore` does for state).
extension Compiler {
  /// observeStatement -> 'observe' NAME: the object the variable holds now.
  func compileObserveObject(_ observe: ObserveStatement, variable: String, range: SourceRange) throws -> Execution {
    if let block = observe.handler {
      throw error(
        .connection(.wholeObjectBlock(variable: variable)), at: block.range)
    }
    let interpreter = self.interpreter
    let file = self.file
    let holder = try compileExpression(observe.expression)
    let options: ObserveOptions = observe.initial ? .initial : []
    let name = observe.name?.name
    return { frame in
      guard case .object(let object) = try holder(frame) else {
        let value = try holder(frame)
        throw ScriptError(
          .connection(.observeNotObject(variable: variable, valueType: value.typeName)),
          at: range, in: file)
      }
      do {
        try object.checkHostAlive()
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
      var tokens: [Disposable] = []
      for (index, property) in object.type.stored.enumerated() {
        let label = "\(variable).\(property.name)"
        let changed: (Value, Value) -> Void = { [unowned(unsafe) interpreter] old, new in
          interpreter.writeOutput("\(label): \(old.literal) -> \(new.literal)")
        }
        let other: (Change<Value>) -> Void = { [unowned(unsafe) interpreter] change in
          if case .initial(let value) = change { interpreter.writeOutput("\(label): \(value.literal)") }
        }
        if case .host(let hostProperty) = object.access(index), !hostProperty.isReleased {
          tokens.append(hostProperty.observe(options: options, changed: changed, other: other))
        } else {
          tokens.append(object.propertyNode(index).observe(options: options, changed: changed, other: other))
        }
      }
      let token = ActionDisposable { for token in tokens { token.dispose() } }
      interpreter.session.connections.add(name: name, kind: .observer, summary: variable, token: token)
      try interpreter.throwPendingError()
      return .next
    }
  }
}

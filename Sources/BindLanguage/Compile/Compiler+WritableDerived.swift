import BindRuntime
import BindSyntax

// Bindings into writable derived properties (`var c: Double { get { … } set { … } }`):
// a value written by the binding runs the setter, as an assignment does.
extension Compiler {
  /// bindStatement -> 'bind' expression '->' writableDerived: each value,
  /// checked against the property's type, goes through the setter.
  static func bindValue(
    _ source: ObservableValue<Value>, intoDerived index: Int, of object: ScriptObject, at site: SourceSite,
    summary: String, interpreter: Interpreter
  ) throws -> Disposable {
    let spec = object.type.derived[index]
    let node = try object.derived(index, interpreter: interpreter)
    let sink = Sink<Value>(node) { [unowned(unsafe) interpreter] derived, value in
      interpreter.reportingErrors {
        guard let checked = spec.type.coerce(value) else {
          throw ScriptError(
            .bindMismatch(valueType: value.typeName, into: "\(object.displayName).\(spec.name)", expected: "\(spec.type)"),
            at: site.range, in: site.file)
        }
        try derived.set(checked)
      }
    }
    do {
      return try source.bindChecked(to: sink, label: summary)
    } catch {
      throw error.asScriptError(at: site.range, in: site.file)
    }
  }

  /// bindStatement -> property '<->' property, when one side is a writable
  /// derived property; nil when neither is. The right side takes the left's
  /// value at bind time, as between stored properties.
  static func bindWritableDerived(
    _ left: BindingTarget, _ right: BindingTarget, at site: SourceSite, summary: String, interpreter: Interpreter
  ) throws -> Disposable? {
    let derivedObject: ScriptObject, derivedIndex: Int, storedObject: ScriptObject, storedIndex: Int
    let derivedTakesValue: Bool
    switch (left, right) {
    case (.writableDerived(let object, let index), .property(let other, let otherIndex)):
      (derivedObject, derivedIndex, storedObject, storedIndex, derivedTakesValue) = (object, index, other, otherIndex, false)
    case (.property(let other, let otherIndex), .writableDerived(let object, let index)):
      (derivedObject, derivedIndex, storedObject, storedIndex, derivedTakesValue) = (object, index, other, otherIndex, true)
    case (.writableDerived, .writableDerived):
      throw ScriptError(
        .connection(.twoDerived),
        at: site.range, in: site.file)
    default:
      return nil
    }
    let derivedType = derivedObject.type.derived[derivedIndex].type
    let storedType = storedObject.type.stored[storedIndex].type
    guard derivedType == storedType else {
      throw ScriptError(
        .twoWayTypes(lhs: "\(derivedType)", rhs: "\(storedType)"),
        at: site.range, in: site.file)
    }
    do {
      return try derivedObject.derived(derivedIndex, interpreter: interpreter).bindTwoWayChecked(
        with: storedObject.propertyNode(storedIndex), label: summary, takesOthersValue: derivedTakesValue)
    } catch {
      throw error.asScriptError(at: site.range, in: site.file)
    }
  }
}

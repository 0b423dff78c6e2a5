import BindRuntime
import BindSyntax

/// Changes the value of an assignable expression where it is stored, as
/// Swift's `modify` accessors do: `change` gets the stored value itself and
/// the ``ChangeRules`` it must keep, and the place's result is `change`'s.
///
/// `change` MUST NOT run script code: while it runs, a variable it changes
/// reads nil, and an object's property is under the graph lock.
typealias Place = (_ frame: Frame, _ change: (inout Value, ChangeRules) throws -> Value) throws -> Value

extension Compiler {
  /// The place of an assignable expression (`xs`, `vm.items`, `s.items`,
  /// `grid[i]`), for the changes that grow or edit a collection: mutating
  /// methods, `+=` of arrays, subscript writes.
  ///
  /// A variable's value is taken out of its slot while it changes, a script
  /// object's property changes in its node, a struct's field or a
  /// collection's element in the place of what holds it: the storage stays
  /// unique, so a change does not copy the collection whole (a copy, and a
  /// check of every element against the declared type, per `append` made
  /// building an array element by element O(n²)). Where such a change is
  /// written is decided, and its errors raised, as an assignment's
  /// (``compileStore(into:)``) are.
  func compilePlace(_ target: Expression) throws -> Place {
    if case .member(let base, let name, let range) = target,
      let global = try staticMemberName(base, name, range: range, forWriting: true)
    {
      return try compilePlace(global)
    }
    switch target {
    case .parenthesized(let inner, _):
      return try compilePlace(inner)
    case .name(let name, let range) where implicitSelfMember(name, at: range):
      return try compilePlace(.member(.name("self", range), Identifier(name, range: range), range))
    case .name(let name, let range):
      guard let resolution = resolve(name, at: range) else { throw unknownName(name, at: range) }
      switch resolution {
      case .local, .outer, .global: return try variablePlace(name, resolution, at: range)
      case .captured, .selfMember: return try placeChangedWhole(target)
      }
    case .member(let base, let name, let range):
      return try memberPlace(base, name, at: range)
    case .index(let base, let index, let range):
      return try elementPlace(base, index, at: range)
    default:
      return try placeChangedWhole(target)
    }
  }

  /// A variable of this frame, an enclosing one or the global one.
  private func variablePlace(_ name: String, _ resolution: Resolution, at range: SourceRange) throws -> Place {
    // Its errors (a `let`) are the place's.
    _ = try writer(for: resolution, name: name, range: range)
    let variables: (Frame) -> Frame
    let slot: Int
    switch resolution {
    case .local(let index, _): (variables, slot) = ({ $0 }, index)
    case .outer(let hops, let index, _): (variables, slot) = ({ $0.ancestor(hops) }, index)
    case .global(let index, _):
      let globals = interpreter.session.globalFrame
      (variables, slot) = ({ _ in globals }, index)
    case .captured, .selfMember: fatalError("not a variable in a frame")
    }
    let mismatch = variableMismatch(name, at: range)
    let rules = ChangeRules(type: mismatch.type, enclosingLevels: 0)
    return { frame, change in
      let holder = variables(frame)
      var value = holder.slots[slot]
      holder.slots[slot] = .null
      defer { holder.slots[slot] = value }
      do {
        return try change(&value, rules)
      } catch let error as TypeMismatchInPlace {
        throw mismatch.error(error.candidate)
      }
    }
  }

  /// `base.name`: a property of an object, or a field of a struct in the
  /// place of `base`.
  private func memberPlace(_ base: Expression, _ name: Identifier, at range: SourceRange) throws -> Place {
    let object = try compileExpression(base)
    let interpreter = self.interpreter
    let file = self.file
    let cache = MemberCache(file: file, range: name.range)
    let fieldName = name.name
    let basePlace = compileBasePlace(base)
    let (writer, initializing) = (enclosingTypeName, compilingInitializer)
    return { frame, change in
      do {
        var receiver = try object(frame)
        if case .object(let target) = receiver {
          let member = try cache.member(fieldName, of: target.type)
          if case .stored(let index) = member { try target.type.checkSetterAccess(index, from: writer) }
          return try interpreter.change(member, of: target, name: fieldName, change)
        }
        if case .tuple(let tuple) = receiver {
          guard let index = tuple.index(ofElement: fieldName) else { throw ScriptError(tuple.unknownElement(fieldName)) }
          receiver = .null
          return try Self.changeElement(index, named: fieldName, in: basePlace, frame: frame, at: range, in: file, change)
        }
        guard let (type, index) = try Self.writableField(fieldName, of: receiver, from: writer, initializing: initializing)
        else {
          throw ScriptError(.assignToMemberOf(name: fieldName, valueType: receiver.isNull ? nil : receiver.typeName))
        }
        // Let go of the struct read, which would share the one in place.
        receiver = .null
        let place: Place
        switch basePlace {
        case .success(let found): place = found
        case .failure(let failure): throw ScriptError(.immutableStruct(failure.kind, byMutatingMethod: false))
        }
        return try place(frame) { value, rules in
          guard case .structValue(var structValue) = value, structValue.type === type else {
            throw ScriptError(.assignToMemberOf(name: fieldName, valueType: value.typeName))
          }
          value = .null
          defer { value = .structValue(structValue) }
          let fieldType = type.fields[index].type
          do {
            return try change(&structValue.fields[index], rules.inner(fieldType))
          } catch let mismatch as TypeMismatchInPlace {
            // Located here: the place of `base` would point at `base`.
            throw ScriptError.typeMismatch(value: mismatch.candidate, expected: fieldType, what: "property '\(fieldName)'")
              .located(at: range, in: file)
          }
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// `pair.0 = 5`, `point.x += 1`: element `index` of the tuple in the
  /// place of the tuple, checked against the element's declared type.
  private static func changeElement(
    _ index: Int, named name: String, in basePlace: Result<Place, ScriptError>, frame: Frame,
    at range: SourceRange, in file: SourceFile, _ change: (inout Value, ChangeRules) throws -> Value
  ) throws -> Value {
    let place: Place
    switch basePlace {
    case .success(let found): place = found
    case .failure(let failure): throw ScriptError(.immutableStruct(failure.kind, byMutatingMethod: false))
    }
    return try place(frame) { value, rules in
      guard case .tuple(var tuple) = value, index < tuple.elements.count else {
        throw ScriptError(.assignToMemberOf(name: name, valueType: value.typeName))
      }
      value = .null
      defer { value = .tuple(tuple) }
      var declared = rules.type
      if case .optional(let wrapped)? = declared { declared = wrapped }
      var elementType: ValueType?
      if case .tuple(_, let types)? = declared, index < types.count { elementType = types[index] }
      do {
        return try change(&tuple.elements[index], rules.inner(elementType))
      } catch let mismatch as TypeMismatchInPlace {
        // Only a declared element type makes a change mismatch.
        guard let elementType else { throw mismatch }
        throw ScriptError.typeMismatch(value: mismatch.candidate, expected: elementType, what: "element '\(name)'")
          .located(at: range, in: file)
      }
    }
  }

  /// The type of a struct `value` and the index of its field `name`, if
  /// the value is a struct; the error of assigning to that field if it has
  /// none a write may change.
  private static func writableField(_ name: String, of value: Value, from writer: String?, initializing: Bool) throws
    -> (StructType, Int)?
  {
    guard case .structValue(let structValue) = value else { return nil }
    return (structValue.type, try structValue.writableFieldIndex(name, from: writer, initializing: initializing))
  }

  /// `base[index]`: an element of the array, or the value of the
  /// dictionary's key, in the place of `base`.
  private func elementPlace(_ base: Expression, _ index: Expression, at range: SourceRange) throws -> Place {
    guard base.isAssignable else { throw error(.assignToElementOfValue, at: range) }
    let position = try compileExpression(index)
    let basePlace = try compilePlace(base)
    let file = self.file
    return { frame, change in
      let key = try position(frame)
      do {
        return try basePlace(frame) { value, rules in
          try InPlaceChanges.changeElement(at: key, of: &value, rules: rules, change)
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// The place of a struct's field: its base's, or why a field of a struct
  /// there cannot change (a `let`, an immutable `self`), raised only if a
  /// struct is really changed.
  private func compileBasePlace(_ base: Expression) -> Result<Place, ScriptError> {
    compileBaseStore(base).flatMap { _ in
      do {
        return .success(try compilePlace(base))
      } catch let error as ScriptError {
        return .failure(error)
      } catch {
        return .failure(ScriptError(.swiftError("\(error)")))
      }
    }
  }

  /// Anything else that can be assigned (a variable a `bind` expression
  /// captured, a derived property's own member): read, changed and stored
  /// back whole, with the store's checks.
  private func placeChangedWhole(_ target: Expression) throws -> Place {
    let store = try compileStore(into: target)
    let read = try compileExpression(target)
    return { frame, change in
      var value = try read(frame)
      let result = try change(&value, .untyped)
      try store(frame, value)
      return result
    }
  }

  /// A variable's declared type, and the error of writing a value it does
  /// not take into it, as an assignment words it.
  func variableMismatch(_ name: String, at range: SourceRange) -> VariableMismatch {
    if name == "self", case .local = resolve(name, at: range), let selfType = scope.selfValueType {
      return VariableMismatch(type: selfType, name: name, isSelf: true, range: range, file: file)
    }
    return VariableMismatch(type: declaredType(of: name, at: range), name: name, isSelf: false, range: range, file: file)
  }
}

/// A variable's declared type (`var xs: [Int]`, a struct method's `self`),
/// and the error of a write of a value it does not take.
struct VariableMismatch {
  let type: ValueType?
  let name: String
  let isSelf: Bool
  let range: SourceRange
  let file: SourceFile

  func error(_ value: Value) -> ScriptError {
    guard let type else { return ScriptError(.variableMismatch(valueType: value.typeName, name: name, declared: nil)) }
    if isSelf {
      return ScriptError.typeMismatch(value: value, expected: type, what: "'self'").located(at: range, in: file)
    }
    return ScriptError(
      ScriptError.contextualMismatch(value: value, expected: type)
        ?? .variableMismatch(valueType: value.typeName, name: name, declared: "\(type)"),
      at: range, in: file)
  }
}

import BindRuntime
import BindSyntax

// Stores: what an assignment writes into (a variable, a property, an
// element), compiled once per target.
extension Compiler {
  /// A closure that stores a value into an assignable expression: a
  /// variable, a stored property, or an element (changed in its place).
  func compileStore(into target: Expression) throws -> (Frame, Value) throws -> Void {
    if case .member(let base, let name, let range) = target,
      let global = try staticMemberName(base, name, range: range, forWriting: true)
    {
      return try compileStore(into: global)
    }
    switch target {
    case .parenthesized(let inner, _):
      return try compileStore(into: inner)
    case .name(let name, let range) where implicitSelfMember(name, at: range):
      return try compileStore(into: .member(.name("self", range), Identifier(name, range: range), range))
    case .name(let name, let range):
      return try compileVariableStore(name, at: range)
    case .member(let base, let name, let range):
      return try compileMemberStore(target, base: base, name: name, range: range)
    case .index(let base, let index, let range):
      return try compileElementStore(base, index: index, range: range)
    case .optionalMember(_, _, let range):
      throw error(.call(.assignThroughOptional), at: range)
    default:
      throw error(.call(.notAssignable), at: target.range)
    }
  }

  /// Stores into the variable `name` used at `range` (or, in a setter,
  /// the member of the object it names).
  private func compileVariableStore(_ name: String, at range: SourceRange) throws -> (Frame, Value) throws -> Void {
    let file = self.file
    guard let resolution = resolve(name, at: range) else { throw unknownName(name, at: range) }
    if case .selfMember(let member, _) = resolution {
      guard writesSelfMembers else {
        throw error(.assignInsideDerived(name: name), at: range)
      }
      // A setter (`set { fahrenheit = newValue * 1.8 + 32 }`) writes the
      // object's own member.
      let interpreter = self.interpreter
      return { frame, value in
        guard let object = frame.selfObject else { throw ScriptError(.statement(.memberWithoutObject(name: name)), at: range, in: file) }
        do {
          try interpreter.write(value, to: member, of: object, name: name)
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
      }
    }
    let write = try writer(for: resolution, name: name, range: range)
    // A typed variable, or `self = .off` in a mutating method: the value
    // takes the declared type.
    let mismatch = variableMismatch(name, at: range)
    if let type = mismatch.type {
      return { frame, value in
        guard let converted = type.coerce(value) else { throw mismatch.error(value) }
        write(frame, converted)
      }
    }
    return { frame, value in write(frame, value) }
  }

  /// Stores into `base.name` (`target`): a property of an object, a field
  /// of a struct, or an element of a tuple, in its place.
  private func compileMemberStore(
    _ target: Expression, base: Expression, name: Identifier, range: SourceRange
  ) throws -> (Frame, Value) throws -> Void {
    let file = self.file
    let object = try compileExpression(base)
    let interpreter = self.interpreter
    let cache = MemberCache(file: file, range: name.range)
    let storeField = try compileFieldStore(base, name, range: range)
    let writer = enclosingTypeName
    // `pair.0 = 5`: the element changes in the tuple's place.
    let elementPlace = base.isAssignable ? try compilePlace(target) : nil
    return { frame, value in
      do {
        let receiver = try object(frame)
        if case .structValue(let structValue) = receiver {
          return try storeField(frame, structValue, value)
        }
        if case .tuple = receiver, let elementPlace {
          _ = try elementPlace(frame) { element, rules in
            guard let type = rules.type else {
              element = value
              return .null
            }
            guard let converted = type.coerce(value) else { throw TypeMismatchInPlace(candidate: value) }
            element = converted
            return .null
          }
          return
        }
        guard case .object(let target) = receiver else {
          throw ScriptError(.assignToMemberOf(name: name.name, valueType: receiver.isNull ? nil : receiver.typeName))
        }
        let member = try cache.member(name.name, of: target.type)
        if case .stored(let index) = member { try target.type.checkSetterAccess(index, from: writer) }
        try interpreter.write(value, to: member, of: target, name: name.name)
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
  }

  /// Stores into `base[index]`, changing the element in its place.
  private func compileElementStore(
    _ base: Expression, index: Expression, range: SourceRange
  ) throws -> (Frame, Value) throws -> Void {
    let file = self.file
    guard base.isAssignable else { throw error(.assignToElementOfValue, at: range) }
    let container = try compileExpression(base)
    let position = try compileExpression(index)
    let place = try compilePlace(base)
    /// The change, once the container is read and the key evaluated.
    let setElement = { (frame: Frame, key: Value, value: Value) throws -> Void in
      do {
        _ = try place(frame) { stored, rules in
          do {
            // Located here: the place of a property would point at it.
            try InPlaceChanges.setElement(value, at: key, in: &stored, rules: rules)
          } catch let error as ScriptError {
            throw error.located(at: range, in: file)
          }
          return .null
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
    let general = { (frame: Frame, value: Value) throws -> Void in
      do {
        // Read first, as an expression reads it, then changed in its place
        // (the value read is let go of by then, so it shares nothing).
        try InPlaceChanges.checkSubscriptable(try container(frame))
        let key = try position(frame)
        try setElement(frame, key, value)
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
    return compileVariableElementStore(
      base, position: locating(range, position), general: general, setGenerally: setElement) ?? general
  }
}

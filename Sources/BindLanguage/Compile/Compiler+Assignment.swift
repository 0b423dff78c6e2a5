import BindRuntime
import BindSyntax

extension Compiler {
  /// assignment -> assignableExpression ('=' | '+=' | '-=') expression
  func compileAssignment(_ assignment: Assignment) throws -> Execution {
    let store = try compileStore(into: assignment.target)
    let value = try compileExpression(assignment.value)
    let file = self.file
    let range = assignment.range
    // The two assignments hot loops are made of get a closure of their own.
    switch (assignment.op, assignment.target) {
    case (.assign, .member(.name(let variable, _), let name, let memberRange)) where variable != "self":
      if let slot = resolve(variable).flatMap(FrameSlot.init) {
        return compileMemberAssignment(slot, name, at: memberRange, store: store, value: value)
      }
    case (.add, .name(let variable, _)), (.subtract, .name(let variable, _)):
      if let slot = resolve(variable).flatMap(FrameSlot.init) {
        // A literal operand (`count += 1`) is kept as a value, not called.
        var literal: Value?
        if case .integer(let number, _) = assignment.value, let int = Int(exactly: number) { literal = .int(int) }
        return compileCompoundAssignment(
          slot, assignment.op == .add ? .add : .subtract, at: range, store: store, value: value, literal: literal)
      }
    default: break
    }
    switch assignment.op {
    case .assign:
      return { frame in
        try store(frame, try value(frame))
        return .next
      }
    case .add, .subtract:
      let current = try compileExpression(assignment.target)
      let op: BinaryOperator = assignment.op == .add ? .add : .subtract
      return { frame in
        let result: Value
        do {
          result = try Operators.apply(op, try current(frame), try value(frame))
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
        try store(frame, result)
        return .next
      }
    }
  }

  // `name.member = expr` and `name += expr` on a variable of this frame or
  // the global one, each as one closure: the generic path reads the variable
  // through a reader closure (copying the `Value`: a retain and a release
  // for an object) and goes through the store closure and the switches of
  // `Operators.apply`. Both fall back to the generic path for anything
  // unusual, so results and errors stay the same. They return `Execution`,
  // not `Execution?`: a closure in an Optional is stored at its most
  // general abstraction and called through two reabstraction thunks.

  private func compileMemberAssignment(
    _ slot: FrameSlot, _ name: Identifier, at range: SourceRange,
    store: @escaping (Frame, Value) throws -> Void, value: @escaping Evaluation
  ) -> Execution {
    let file = self.file
    let interpreter = self.interpreter
    let globals = interpreter.globalFrame
    let cache = MemberCache(file: file, range: name.range)
    let memberName = name.name
    func assign(in holder: Frame, _ frame: Frame) throws -> Flow {
      // The value first, then the receiver, as the generic path does.
      let newValue = try value(frame)
      guard case .object(let target) = holder.slots[slot.index] else {
        try store(frame, newValue)
        return .next
      }
      do {
        let member = try cache.member(memberName, of: target.type)
        if case .stored(let index) = member {
          try interpreter.writeStored(newValue, index: index, of: target, name: memberName)
        } else {
          try interpreter.write(newValue, to: member, of: target, name: memberName)
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
      return .next
    }
    // One closure for each kind of frame, which passes it borrowed: choosing
    // the frame inside the closure costs a retain and a release per run.
    if slot.isGlobal { return { frame in try assign(in: globals, frame) } }
    return { frame in try assign(in: frame, frame) }
  }

  private func compileCompoundAssignment(
    _ slot: FrameSlot, _ op: BinaryOperator, at range: SourceRange,
    store: @escaping (Frame, Value) throws -> Void, value: @escaping Evaluation, literal: Value?
  ) -> Execution {
    let file = self.file
    let globals = interpreter.globalFrame
    let isAdd = op == .add
    func update(in holder: Frame, _ frame: Frame) throws -> Flow {
      let current = holder.slots[slot.index]
      let operand = if let literal { literal } else { try value(frame) }
      // Int ± Int without overflow is the whole of `count += 1`.
      if case .int(let a) = current, case .int(let b) = operand {
        let (sum, overflow) = isAdd ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
        if !overflow {
          holder.slots[slot.index] = .int(sum)
          return .next
        }
      }
      let result: Value
      do {
        result = try Operators.apply(op, current, operand)
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
      try store(frame, result)
      return .next
    }
    if slot.isGlobal { return { frame in try update(in: globals, frame) } }
    return { frame in try update(in: frame, frame) }
  }

  /// A closure that stores a value into an assignable expression: a
  /// variable, a stored property, or an array element (written back whole).
  ///
  /// `checksDeclaredType: false` skips the check of a typed variable, for
  /// the moment a mutating method takes the value out of its variable.
  func compileStore(into target: Expression, checksDeclaredType: Bool = true) throws -> (Frame, Value) throws -> Void {
    let file = self.file
    switch target {
    case .parenthesized(let inner, _):
      return try compileStore(into: inner, checksDeclaredType: checksDeclaredType)
    case .name(let name, let range) where implicitSelfMember(name):
      return try compileStore(into: .member(.name("self", range), Identifier(name, range: range), range))
    case .name(let name, let range):
      guard let resolution = resolve(name) else { throw unknownName(name, at: range) }
      if case .selfMember(let member, _) = resolution {
        guard writesSelfMembers else {
          throw error("cannot assign to '\(name)' inside a derived property; derived properties are read-only", at: range)
        }
        // A setter (`set { fahrenheit = newValue * 1.8 + 32 }`) writes the
        // object's own member.
        let interpreter = self.interpreter
        return { frame, value in
          guard let object = frame.selfObject else { throw ScriptError("'\(name)' needs an object", at: range, in: file) }
          do {
            try interpreter.write(value, to: member, of: object, name: name)
          } catch let error as ScriptError {
            throw error.located(at: range, in: file)
          }
        }
      }
      let write = try writer(for: resolution, name: name, range: range)
      if name == "self", case .local = resolution, let selfType = scope.selfValueType {
        // `self = .off` in a mutating method: the value takes self's type.
        return { frame, value in
          guard let converted = selfType.coerce(value) else {
            throw ScriptError.typeMismatch(value: value, expected: selfType, what: "'self'").located(at: range, in: file)
          }
          write(frame, converted)
        }
      }
      if checksDeclaredType, let type = declaredType(of: name) {
        return { frame, value in
          guard let converted = type.coerce(value) else {
            throw ScriptError(
              "cannot assign a value of type '\(value.typeName)' to '\(name)', which is declared '\(type)'",
              at: range, in: file)
          }
          write(frame, converted)
        }
      }
      return { frame, value in write(frame, value) }
    case .member(let base, let name, let range):
      let object = try compileExpression(base)
      let interpreter = self.interpreter
      let cache = MemberCache(file: file, range: name.range)
      let storeField = try compileFieldStore(base, name, range: range)
      return { frame, value in
        do {
          let receiver = try object(frame)
          if case .structValue(let structValue) = receiver {
            return try storeField(frame, structValue, value)
          }
          guard case .object(let target) = receiver else {
            if receiver.isNull { throw ScriptError("cannot assign to '\(name.name)' of nil") }
            throw ScriptError("cannot assign to '\(name.name)' of a value of type '\(receiver.typeName)'")
          }
          let member = try cache.member(name.name, of: target.type)
          try interpreter.write(value, to: member, of: target, name: name.name)
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
      }
    case .index(let base, let index, let range):
      guard base.isAssignable else { throw error("cannot assign to an element of this value", at: range) }
      let array = try compileExpression(base)
      let position = try compileExpression(index)
      let storeBase = try compileStore(into: base)
      // A variable's dictionary is taken out of its slot while it changes,
      // so its storage is unique and one write does not copy it whole (as
      // `append` does for arrays); a property keeps its value.
      let takeOut: ((Frame, Value) throws -> Void)?
      if case .name = base.unparenthesized {
        takeOut = try compileStore(into: base, checksDeclaredType: false)
      } else {
        takeOut = nil
      }
      return { frame, value in
        var elements: [Value]
        let offset: Int
        do {
          var container = try array(frame)
          if case .dictionary(var dictionary) = container {
            // `d[key] = value` sets or adds; `d[key] = nil` removes, as in Swift.
            let key = try position(frame)
            try Operators.checkNesting([value])
            container = .null
            try takeOut?(frame, .null)
            let old: Value?
            do {
              old = try dictionary.setValue(value.isNull ? nil : value, forKey: key)
            } catch {
              try takeOut?(frame, .dictionary(dictionary))
              throw error
            }
            do {
              try storeBase(frame, .dictionary(dictionary))
            } catch {
              // A typed variable refused the value: put the old one back.
              try dictionary.setValue(old, forKey: key)
              try takeOut?(frame, .dictionary(dictionary))
              throw error
            }
            return
          }
          guard case .array(let items) = container else {
            throw ScriptError("cannot assign through a subscript of a value of type '\(container.typeName)'")
          }
          elements = items
          offset = try Operators.checkedIndex(try position(frame), count: elements.count)
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
        do {
          try Operators.checkNesting([value])
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
        elements[offset] = value
        try storeBase(frame, .array(elements))
      }
    case .optionalMember(_, _, let range):
      throw error("cannot assign through '?.'; unwrap the value first", at: range)
    default:
      throw error("cannot assign to this expression; assign to a variable, a property or an element", at: target.range)
    }
  }
}

/// A variable in the current frame or the global one: the two the
/// fast assignments handle (outer and captured variables take the generic path).
private struct FrameSlot {
  let isGlobal: Bool
  let index: Int

  init?(_ resolution: Resolution) {
    switch resolution {
    case .global(let slot, _): (isGlobal, index) = (true, slot)
    case .local(let slot, _): (isGlobal, index) = (false, slot)
    default: return nil
    }
  }
}

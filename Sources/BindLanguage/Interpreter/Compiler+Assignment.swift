import BindRuntime

extension Compiler {
  /// assignment -> assignableExpression ('=' | '+=' | '-=') expression
  func compileAssignment(_ assignment: Assignment) throws -> Execution {
    let store = try compileStore(into: assignment.target)
    let value = try compileExpression(assignment.value)
    let file = self.file
    let range = assignment.range
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

  /// A closure that stores a value into an assignable expression: a
  /// variable, a stored property, or an array element (written back whole).
  func compileStore(into target: Expression) throws -> (Frame, Value) throws -> Void {
    let file = self.file
    switch target {
    case .parenthesized(let inner, _):
      return try compileStore(into: inner)
    case .name(let name, let range):
      guard let resolution = resolve(name) else { throw unknownName(name, at: range) }
      if case .selfMember = resolution {
        throw error("cannot assign to '\(name)' inside a derived property; derived properties are read-only", at: range)
      }
      let write = try writer(for: resolution, name: name, range: range)
      return { frame, value in write(frame, value) }
    case .member(let base, let name, let range):
      let object = try compileExpression(base)
      let interpreter = self.interpreter
      let cache = MemberCache(file: file, range: name.range)
      return { frame, value in
        do {
          let receiver = try object(frame)
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
      return { frame, value in
        var elements: [Value]
        let offset: Int
        do {
          let container = try array(frame)
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

import BindRuntime
import BindSyntax

extension Compiler {
  /// assignment -> assignableExpression ('=' | '+=' | '-=') expression
  func compileAssignment(_ assignment: Assignment) throws -> Execution {
    let store = try compileStore(into: assignment.target)
    let value = try compileExpression(assignment.value)
    let range = assignment.range
    let decimal = decimalLiteral(assignment.value)
    if assignment.op == .assign, let reading = decimalReading(assignment.value) {
      return decimalLiteralStore(reading, value: value, store: store)
    }
    if assignment.op == .assign, let text = literalBeyondDecimal(assignment.value) {
      return decimalOverflowStore(text, assignment.value, value: value, store: store)
    }
    // The two assignments hot loops are made of get a closure of their own.
    switch (assignment.op, assignment.target) {
    case (.assign, .member(.name(let variable, let variableRange), let name, let memberRange)) where variable != "self":
      if let slot = resolve(variable, at: variableRange).flatMap(FrameSlot.init) {
        return compileMemberAssignment(
          slot, name, at: memberRange, store: store, value: value, valueSlot: plainVariableSlot(assignment.value))
      }
    case (.add, .name(let variable, let variableRange)), (.subtract, .name(let variable, let variableRange)):
      if decimal == nil, let slot = resolve(variable, at: variableRange).flatMap(FrameSlot.init) {
        // A literal operand (`count += 1`) is kept as a value, not called.
        var literal: Value?
        if case .integer(let number, _) = assignment.value, let int = Int(exactly: number) { literal = .int(int) }
        return compileCompoundAssignment(
          slot, assignment.op == .add ? .add : .subtract, at: range, store: store,
          appendInPlace: try compileArrayAppend(to: assignment.target, at: range), value: value, literal: literal)
      }
    default: break
    }
    switch assignment.op {
    case .assign:
      return { frame in
        try store(frame, try value(frame))
        return .next
      }
    case .add, .subtract, .multiply, .divide, .remainder:
      return try compileOperatorAssignment(assignment, store: store, value: value, decimal: decimal)
    }
  }

  /// `target op= value` on any target: the target read, then the value,
  /// combined as `target op value` and stored; `+=` of an array appends in
  /// place, and a Decimal literal (`price += 0.5`) adds its exact digits.
  private func compileOperatorAssignment(
    _ assignment: Assignment, store: @escaping (Frame, Value) throws -> Void, value: @escaping Evaluation,
    decimal: DecimalValue?
  ) throws -> Execution {
    let (file, range) = (self.file, assignment.range)
    let current = try compileExpression(assignment.target)
    let op: BinaryOperator =
      switch assignment.op {
      case .add: .add
      case .subtract: .subtract
      case .multiply: .multiply
      case .divide: .divide
      case .assign, .remainder: .remainder
      }
    let appendInPlace = try compileArrayAppend(to: assignment.target, at: range)
    let literal = decimal.map(Value.decimal)
    return { frame in
      // Read first, then the operand, as `a + b` reads them.
      var target = try current(frame)
      let operand = try value(frame)
      if op == .add, case .array = target, case .array(let added) = operand {
        // Let go of the array read, which shares the one in place.
        target = .null
        try appendInPlace(frame, added)
        return .next
      }
      let result: Value
      do {
        if let literal, case .decimal = target {
          result = try Operators.apply(op, target, literal)
        } else {
          result = try Operators.apply(op, target, operand)
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
      try store(frame, result)
      return .next
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
    store: @escaping (Frame, Value) throws -> Void, value: @escaping Evaluation, valueSlot: FrameSlot?
  ) -> Execution {
    let (interpreter, session) = (self.interpreter, interpreter.session)
    let globals = session.globalFrame
    let site = storedWriteSite(slot, name, at: range, store: store)
    @inline(__always) func assign(_ newValue: Value, in holder: Frame, _ frame: Frame) throws -> Flow {
      // The inline cache: a script object of the type this site wrote
      // last, and a value its property's declared type takes as it is.
      // What `writeStored` checks (a `let`, the declared type, a host
      // object) is then known, and the write goes to the node directly.
      guard let node = site.node(in: holder.slots[slot.index], accepting: newValue) else {
        return try site.assignGenerally(newValue, in: holder, frame)
      }
      if slot.isConstant {
        // A `let` keeps its object, and the object its nodes, for the
        // whole write, so the node is used without a retain and a release
        // (two atomic operations, a fifth of the loop's time): nothing a
        // write runs (observers, bindings) can assign a `let`. Only a
        // top-level declaration can rebind a global `let` (an `import` in an
        // observer, the REPL), and those keep the old value alive while
        // such a write is under way (`Session.bindGlobal`); a local
        // `let` lives in this frame, which no other code declares into.
        session.borrowingWrites += 1
        do {
          // An Int is passed rebuilt: the value needs no copy (an outlined
          // switch over every case) to outlive its variable's slot.
          if case .int(let number) = newValue {
            try node._withUnsafeGuaranteedRef { try $0.set(.int(number)) }
          } else {
            try node._withUnsafeGuaranteedRef { try $0.set(newValue) }
          }
        } catch {
          session.endBorrowingWrite()
          throw site.located(error)
        }
        session.endBorrowingWrite()
      } else {
        do {
          try node.takeUnretainedValue().set(newValue)
        } catch {
          throw site.located(error)
        }
      }
      do {
        try interpreter.throwPendingError()
      } catch {
        throw site.located(error)
      }
      return .next
    }
    // One closure for each kind of frame, which passes it borrowed: choosing
    // the frame inside the closure costs a retain and a release per run.
    // The value first, then the receiver, as the generic path does; a plain
    // variable is read from its slot rather than through a reader closure.
    switch (slot.isGlobal, valueSlot) {
    case (true, let source?) where source.isGlobal:
      return { frame in try assign(globals.slots[source.index], in: globals, frame) }
    case (true, let source?):
      return { frame in try assign(frame.slots[source.index], in: globals, frame) }
    case (true, nil):
      return { frame in try assign(try value(frame), in: globals, frame) }
    case (false, let source?) where source.isGlobal:
      return { frame in try assign(globals.slots[source.index], in: frame, frame) }
    case (false, let source?):
      return { frame in try assign(frame.slots[source.index], in: frame, frame) }
    case (false, nil):
      return { frame in try assign(try value(frame), in: frame, frame) }
    }
  }

  /// The write of `name` of the object in `slot` when the inline cache of
  /// ``compileMemberAssignment`` misses: any member, any receiver (`store`
  /// for what is not an object), which the site then remembers.
  private func storedWriteSite(
    _ slot: FrameSlot, _ name: Identifier, at range: SourceRange, store: @escaping (Frame, Value) throws -> Void
  ) -> StoredWriteSite {
    let file = self.file
    let interpreter = self.interpreter
    let cache = MemberCache(file: file, range: name.range)
    let memberName = name.name
    let writer = enclosingTypeName
    // Everything but the common case is a method of the site, out of the
    // hot closure: that one then keeps a small stack frame and few captures.
    return StoredWriteSite(file: file, range: range) { newValue, holder, frame, site in
      guard case .object(let target) = holder.slots[slot.index] else {
        try store(frame, newValue)
        return .next
      }
      do {
        let member = try cache.member(memberName, of: target.type)
        if case .stored(let index) = member {
          try target.type.checkSetterAccess(index, from: writer)
          site.remember(target.type, index: index)
          try interpreter.writeStored(newValue, index: index, of: target, name: memberName)
        } else {
          try interpreter.write(newValue, to: member, of: target, name: memberName)
        }
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
      return .next
    }
  }

  /// The slot of `expression` if it is a variable of this frame or the
  /// global one, read as its reader closure would read it (no `self`
  /// member, no captured variable of a `bind` expression).
  private func plainVariableSlot(_ expression: Expression) -> FrameSlot? {
    // A global that may be read before its declaration has run is read checked.
    guard case .name(let name, let range) = expression.unparenthesized, name != "self",
      !implicitSelfMember(name, at: range), resolved.topLevelUsesInCalledBodies[range] == nil
    else {
      return nil
    }
    return resolve(name, at: range).flatMap(FrameSlot.init)
  }

  private func compileCompoundAssignment(
    _ slot: FrameSlot, _ op: BinaryOperator, at range: SourceRange,
    store: @escaping (Frame, Value) throws -> Void, appendInPlace: @escaping (Frame, [Value]) throws -> Void,
    value: @escaping Evaluation, literal: Value?
  ) -> Execution {
    let file = self.file
    let globals = interpreter.session.globalFrame
    let isAdd = op == .add
    @inline(__always) func update(in holder: Frame, _ frame: Frame) throws -> Flow {
      var current = holder.slots[slot.index]
      let operand = if let literal { literal } else { try value(frame) }
      // Int ± Int without overflow is the whole of `count += 1`.
      if case .int(let a) = current, case .int(let b) = operand {
        let (sum, overflow) = isAdd ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
        if !overflow {
          holder.slots[slot.index] = .int(sum)
          return .next
        }
      }
      if isAdd, case .array = current, case .array(let added) = operand {
        // Let go of the array read, which shares the one in the variable.
        current = .null
        try appendInPlace(frame, added)
        return .next
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
    // `count += 1`, `total -= 2`: an Int variable and an Int literal, added
    // in place by a closure that captures only the slot and the number (the
    // general one's captures and stack frame cost ~100 instructions a run);
    // anything else, overflow included, goes the general way.
    if case .int(let number)? = literal, let step = isAdd ? number : (number == .min ? nil : -number) {
      let index = slot.index
      let updateGenerally = { (holder: Frame, frame: Frame) throws -> Flow in try update(in: holder, frame) }
      @inline(__always) func add(in holder: Frame, _ frame: Frame) throws -> Flow {
        if holder.slots[index].addToInt(step) { return .next }
        return try updateGenerally(holder, frame)
      }
      if slot.isGlobal { return { frame in try add(in: globals, frame) } }
      return { frame in try add(in: frame, frame) }
    }
    if slot.isGlobal { return { frame in try update(in: globals, frame) } }
    return { frame in try update(in: frame, frame) }
  }

  /// `target += array`: the array's elements appended to the one in
  /// `target`'s place, where it is stored (`a + b` would copy it whole).
  private func compileArrayAppend(to target: Expression, at range: SourceRange) throws
    -> (Frame, [Value]) throws -> Void
  {
    let place = try compilePlace(target)
    let file = self.file
    return { frame, added in
      _ = try place(frame) { stored, rules in
        do {
          try InPlaceChanges.append(contentsOf: added, to: &stored, rules: rules)
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
        return .null
      }
    }
  }
}

/// A variable in the current frame or the global one: the two the
/// fast assignments handle (outer and captured variables take the generic path).
struct FrameSlot {
  let isGlobal: Bool
  let index: Int
  /// A `let`: assigned once, by its declaration.
  let isConstant: Bool

  init?(_ resolution: Resolution) {
    switch resolution {
    case .global(let slot, let isMutable): (isGlobal, index, isConstant) = (true, slot, !isMutable)
    case .local(let slot, let isMutable): (isGlobal, index, isConstant) = (false, slot, !isMutable)
    default: return nil
    }
  }
}

/// The stored property that one `name.member = value` site wrote last: an
/// inline cache, guarded by the object's type.
///
/// Filled by the general path once it has found the member to be a stored
/// `var`; from then on a write to an object of that type, of a value the
/// property's declared type takes unchanged (`Int` into `Int`, …), goes to
/// the property's node without looking up the member, converting the value
/// or asking whether the object wraps a Swift one. Anything else takes the
/// general path, so results and errors stay the same.
private final class StoredWriteSite {
  /// Held strongly: a type that went away and a new one made at its
  /// address must not match.
  @exclusivity(unchecked) private var type: ObjectType?
  @exclusivity(unchecked) private var index = 0
  @exclusivity(unchecked) private var accepts = ScalarKind.none
  /// Where the member is written, for errors; kept here rather than in the
  /// site's closure, whose context would otherwise carry them on every run.
  private let file: SourceFile
  private let range: SourceRange

  /// The assignment without the cache (which it fills).
  private let general: (_ newValue: Value, _ holder: Frame, _ frame: Frame, _ site: StoredWriteSite) throws -> Flow

  init(
    file: SourceFile, range: SourceRange,
    general: @escaping (_ newValue: Value, _ holder: Frame, _ frame: Frame, _ site: StoredWriteSite) throws -> Flow
  ) {
    self.file = file
    self.range = range
    self.general = general
  }

  /// The assignment by the general path: member lookup, `let` and type
  /// checks, host objects, derived properties, non-objects.
  @inline(never) func assignGenerally(_ newValue: Value, in holder: Frame, _ frame: Frame) throws -> Flow {
    try general(newValue, holder, frame, self)
  }

  /// The error of a write to the node, or the one an observer of the
  /// write kept, as the general path reports them.
  @inline(never) func located(_ error: any Error) -> any Error {
    if let error = error as? ReactiveError { return ScriptError(.reactive(error)).located(at: range, in: file) }
    if let error = error as? ScriptError { return error.located(at: range, in: file) }
    return error
  }

  /// Remembers stored property `index` of `type`, unless it is a `let`.
  func remember(_ type: ObjectType, index: Int) {
    let property = type.stored[index]
    guard !property.isConstant, !property.isPrivateSet, type.host == nil else { return }
    self.type = type
    self.index = index
    accepts = ScalarKind(property.type)
  }

  /// The node to write `value` into if `receiver` is a script object of
  /// the remembered type and the value needs no conversion; nil otherwise.
  /// Unretained: the object is borrowed from its variable while the node
  /// is fetched, and the caller decides how the node stays alive.
  @inline(__always) func node(in receiver: Value, accepting value: Value) -> Unmanaged<Property<Value>>? {
    guard case .object(let target) = receiver, target.type === type, accepts.takes(value),
      target.hostProperties.isEmpty
    else { return nil }
    return Unmanaged.passUnretained(target.stored[index])
  }
}

/// The declared types whose values are taken as they are, by case.
enum ScalarKind {
  case none, int, double, string, bool

  init(_ type: ValueType) {
    switch type {
    case .int: self = .int
    case .double: self = .double
    case .string: self = .string
    case .bool: self = .bool
    default: self = .none
    }
  }

  /// Whether `ValueType.coerce` returns `value` unchanged for this type.
  @inline(__always) func takes(_ value: Value) -> Bool {
    switch (self, value) {
    case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool): return true
    default: return false
    }
  }
}

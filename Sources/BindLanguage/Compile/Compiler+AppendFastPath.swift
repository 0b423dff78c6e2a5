import BindSyntax

extension Compiler {
  /// `xs.append(x)` on a variable of this frame or the global one, the way
  /// an array is built in a loop: the element goes straight into the array
  /// in the variable's slot, with no reader, argument array, method lookup
  /// or place in between (together ~5 times the append itself).
  ///
  /// Taken when the slot holds an array and the element needs no check: a
  /// value that cannot nest, and that the declared element type takes as it
  /// is (`Int` into `[Int]`; anything into an untyped array). Anything else
  /// goes the general way (`general` before the element is evaluated,
  /// `appendGenerally` after), so results and errors stay the same;
  /// `InPlaceChangeTests` compares the two. Nil if `base` is not such a
  /// variable.
  func compileVariableAppend(
    _ base: Expression, argument: @escaping Evaluation, general: @escaping Evaluation,
    appendGenerally: @escaping (Frame, Value) throws -> Value
  ) -> Evaluation? {
    guard case .name(let name, _) = base.unparenthesized, name != "self", !implicitSelfMember(name),
      let slot = resolve(name).flatMap(FrameSlot.init), !slot.isConstant
    else { return nil }
    // nil: an untyped variable, whose array takes any element.
    let accepts: ScalarKind?
    switch declaredType(of: name) {
    case nil: accepts = nil
    case .array(let element)?, .optional(.array(let element))?: accepts = ScalarKind(element)
    default: return nil
    }
    let interpreter = self.interpreter
    let globals = interpreter.globalFrame
    let index = slot.index
    @inline(__always) func append(in holder: Frame, _ frame: Frame) throws -> Value {
      // The general path reads the receiver before the argument, and its
      // errors (not an array) come first.
      guard holder.slots[index].isArray else { return try general(frame) }
      let element = try argument(frame)
      let needsNoCheck = if let accepts { accepts.takes(element) } else { element.cannotNest }
      guard needsNoCheck, holder.slots[index].appendToArray(element) else {
        return try appendGenerally(frame, element)
      }
      interpreter.lastCallProducedValue = false
      return .null
    }
    if slot.isGlobal { return { frame in try append(in: globals, frame) } }
    return { frame in try append(in: frame, frame) }
  }
}

extension Value {
  var isArray: Bool {
    if case .array = self { return true }
    return false
  }

  /// Whether the value holds no others (so needs no nesting check).
  var cannotNest: Bool {
    switch self {
    case .array, .dictionary, .structValue, .enumValue: return false
    default: return true
    }
  }

  /// Appends `element` in place if the value is an array below the size
  /// limit; false, and the value unchanged, otherwise.
  @inline(__always) mutating func appendToArray(_ element: Value) -> Bool {
    guard case .array(var elements) = self, elements.count < Operators.arrayLimit else { return false }
    // Out of `self` while it grows, so its storage stays unique.
    self = .null
    elements.append(element)
    self = .array(elements)
    return true
  }
}

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
    guard let (slot, declared) = plainVariable(base) else { return nil }
    // nil: an untyped variable, whose array takes any element.
    let accepts: ScalarKind?
    switch declared {
    case nil: accepts = nil
    case .array(let element)?, .optional(.array(let element))?: accepts = ScalarKind(element)
    default: return nil
    }
    let interpreter = self.interpreter
    let globals = interpreter.session.globalFrame
    let index = slot.index
    @inline(__always) func append(in holder: Frame, _ frame: Frame) throws -> Value {
      // The general path reads the receiver before the argument, and its
      // errors (not an array) come first.
      guard holder.slots[index].isArray else { return try general(frame) }
      let element = try argument(frame)
      guard Self.needsNoCheck(element, as: accepts), holder.slots[index].appendToArray(element) else {
        return try appendGenerally(frame, element)
      }
      interpreter.lastCallProducedValue = false
      return .null
    }
    if slot.isGlobal { return { frame in try append(in: globals, frame) } }
    return { frame in try append(in: frame, frame) }
  }
}

extension Compiler {
  /// `xs[i] = x` and `d[key] = x` on a variable of this frame or the
  /// global one: the element set in the collection in the variable's slot,
  /// with no reader or place in between, when it and the key need no check
  /// (values that cannot nest, taken as they are by the declared types).
  /// Anything else, and a removal (`d[key] = nil`), goes the general way
  /// (`general` before the key is evaluated, `setGenerally` after), so
  /// results and errors stay the same. Nil if `base` is not such a variable.
  func compileVariableElementStore(
    _ base: Expression, position: @escaping Evaluation, general: @escaping (Frame, Value) throws -> Void,
    setGenerally: @escaping (Frame, Value, Value) throws -> Void
  ) -> ((Frame, Value) throws -> Void)? {
    guard let (slot, declared) = plainVariable(base) else { return nil }
    // nil: untyped, taking any key and any element.
    let keys: ScalarKind?
    let elements: ScalarKind?
    switch declared {
    case nil: (keys, elements) = (nil, nil)
    case .array(let element)?, .optional(.array(let element))?: (keys, elements) = (.int, ScalarKind(element))
    case .dictionary(let key, let value)?, .optional(.dictionary(let key, let value))?:
      (keys, elements) = (ScalarKind(key), ScalarKind(value))
    default: return nil
    }
    let globals = interpreter.session.globalFrame
    let index = slot.index
    @inline(__always) func store(_ element: Value, in holder: Frame, _ frame: Frame) throws {
      // The general path reads the container before the key, and its
      // errors (not a collection) come first.
      guard holder.slots[index].isCollection else { return try general(frame, element) }
      let key = try position(frame)
      guard Self.needsNoCheck(key, as: keys), Self.needsNoCheck(element, as: elements),
        holder.slots[index].setElement(element, at: key)
      else {
        return try setGenerally(frame, key, element)
      }
    }
    if slot.isGlobal { return { frame, element in try store(element, in: globals, frame) } }
    return { frame, element in try store(element, in: frame, frame) }
  }

  /// Whether `value` goes into a collection unchecked: one its declared
  /// type takes as it is, or, untyped (nil), one that cannot nest.
  @inline(__always) private static func needsNoCheck(_ value: Value, as kind: ScalarKind?) -> Bool {
    if let kind { return kind.takes(value) }
    return value.cannotNest
  }

  /// A variable of this frame or the global one that can be assigned, and
  /// its declared type: what the fast paths above change in place.
  private func plainVariable(_ base: Expression) -> (FrameSlot, ValueType?)? {
    guard case .name(let name, let range) = base.unparenthesized, name != "self", !implicitSelfMember(name, at: range),
      let slot = resolve(name, at: range).flatMap(FrameSlot.init), !slot.isConstant
    else { return nil }
    return (slot, declaredType(of: name, at: range))
  }
}

extension Value {
  var isCollection: Bool {
    switch self {
    case .array, .dictionary: return true
    default: return false
    }
  }

  /// Sets the element at `key` in place if the value is an array and `key`
  /// one of its indices, or a dictionary and `key` a key it can hold and
  /// `element` not nil (a removal); false, and the value unchanged, otherwise.
  @inline(__always) mutating func setElement(_ element: Value, at key: Value) -> Bool {
    if case .array(var elements) = self {
      guard case .int(let offset) = key, elements.indices.contains(offset) else { return false }
      self = .null
      elements[offset] = element
      self = .array(elements)
      return true
    }
    if case .dictionary(var dictionary) = self {
      guard !element.isNull, let dictionaryKey = DictionaryKey(exactly: key) else { return false }
      self = .null
      dictionary.set(element, for: dictionaryKey, keyValue: key)
      self = .dictionary(dictionary)
      return true
    }
    return false
  }

  var isArray: Bool {
    if case .array = self { return true }
    return false
  }

  /// Whether the value holds no others (so needs no nesting check).
  var cannotNest: Bool {
    switch self {
    case .array, .dictionary, .structValue, .enumValue, .tuple: return false
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

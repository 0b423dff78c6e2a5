import BindRuntime
import BindSyntax

// Loops: `while`, and `for` over a range (counted without a range value)
// or over a collection's elements.
extension Compiler {
  /// whileStatement -> 'while' expression block
  /// repeatStatement -> 'repeat' block 'while' expression
  ///
  /// `repeat` runs the body once before checking the condition; `continue`
  /// in it goes on to the condition, as in Swift.
  func compileWhile(_ loop: WhileLoop) throws -> Execution {
    let condition = try compileCondition(loop.condition)
    loopDepth += 1
    let body = try compileBlock(loop.body)
    loopDepth -= 1
    let interpreter = self.interpreter
    let range = loop.range
    let file = self.file
    if loop.isRepeat {
      return { frame in
        repeat {
          try interpreter.step(at: range, in: file)
          if let exit = try body(frame).loopExit { return exit }
        } while try condition(frame)
        return .next
      }
    }
    return { frame in
      while try condition(frame) {
        try interpreter.step(at: range, in: file)
        if let exit = try body(frame).loopExit { return exit }
      }
      return .next
    }
  }

  /// forStatement -> 'for' NAME 'in' expression block
  func compileFor(_ loop: ForLoop) throws -> Execution {
    // A literal range loops over integers without building an array.
    if case .binary(let op, let lower, let upper, _) = loop.sequence, op == .closedRange || op == .halfOpenRange,
      loop.secondVariable == nil
    {
      return try compileRangeFor(loop, from: lower, to: upper, closed: op == .closedRange)
    }
    return try compileArrayFor(loop)
  }

  /// forStatement -> 'for' NAME 'in' expression ('...' | '..<') expression block
  ///
  /// Counts through the integers (Lua's fornum).
  private func compileRangeFor(_ loop: ForLoop, from lower: Expression, to upper: Expression, closed: Bool) throws
    -> Execution
  {
    let interpreter = self.interpreter
    let (range, file) = (loop.range, self.file)
    let bounds = try compileRangeBounds(lower, upper, closed: closed, at: loop.sequence.range)
    let parts = try compileLoopParts(loop)
    return { frame in
      guard let (start, end) = try bounds(frame) else { return .next }
      // Taken apart once, not at every iteration.
      let (iterationScope, slot, body) = (parts.iterationScope, parts.slot, parts.body)
      let holder = parts.globals ?? frame
      var index = start
      while true {
        try interpreter.step(at: range, in: file)
        // The counter is written straight into its slot, not through a
        // writer closure: one call less per iteration.
        let flow: Flow
        if let iterationScope {
          let iteration = iterationScope.enter(frame)
          iteration.slots[slot] = .int(index)
          flow = try body(iteration)
        } else {
          holder.slots[slot].setInt(index)
          flow = try body(frame)
        }
        if let exit = flow.loopExit { return exit }
        if closed ? index == end : index + 1 == end { return .next }
        index += 1
      }
    }
  }

  /// The bounds of a range loop, or nil for an empty range. A closed range
  /// whose lower bound is above its upper one is an error, as in Swift.
  private func compileRangeBounds(_ lower: Expression, _ upper: Expression, closed: Bool, at range: SourceRange)
    throws -> (Frame) throws -> (Int, Int)?
  {
    let low = try compileInteger(lower)
    let high = try compileInteger(upper)
    let file = self.file
    return { frame in
      let start = try low(frame)
      let end = try high(frame)
      if closed && start > end {
        throw ScriptError(
          .invertedRange(low: start, high: end, hint: "count down with a 'while' loop"),
          at: range, in: file)
      }
      return (closed ? start <= end : start < end) ? (start, end) : nil
    }
  }

  /// forStatement -> 'for' NAME 'in' expression block
  ///
  /// Goes through the elements of an array (Lua's forlist).
  private func compileArrayFor(_ loop: ForLoop) throws -> Execution {
    let interpreter = self.interpreter
    let (range, file) = (loop.range, self.file)
    let sequence = try compileExpression(loop.sequence)
    let parts = try compileLoopParts(loop)
    return { frame in
      let value = try sequence(frame)
      if case .dictionary(let dictionary) = value {
        guard let secondSlot = parts.secondSlot else {
          throw ScriptError(
            .statement(.dictionaryLoopPattern(sequence: file.text(in: loop.sequence.range))),
            at: loop.variable.range, in: file)
        }
        defer { parts.releaseVariable(in: frame) }
        for (key, item) in dictionary.entries {
          try interpreter.step(at: range, in: file)
          let iteration = parts.iterationFrame(in: frame)
          let holder = parts.variableFrame(iteration)
          holder.slots[parts.slot] = key
          holder.slots[secondSlot] = item
          if let exit = try parts.body(iteration).loopExit { return exit }
        }
        return .next
      }
      let elements: [Value]
      switch value {
      case .array(let items): elements = items
      case .set(let set): elements = set.elements
      default:
        throw ScriptError(
          .statement(.notSequence(valueType: value.typeName)),
          at: loop.sequence.range, in: file)
      }
      // The last element is let go with the loop, as Swift's variable would be.
      defer { parts.releaseVariable(in: frame) }
      for element in elements {
        try interpreter.step(at: range, in: file)
        let iteration = parts.iterationFrame(in: frame)
        let holder = parts.variableFrame(iteration)
        if let secondSlot = parts.secondSlot {
          guard case .tuple(let tuple) = element, case let pair = tuple.elements, pair.count == 2 else {
            throw ScriptError(
              .statement(.notPairs(first: loop.variable.name, second: loop.secondVariable!.name, element: element.literal)),
              at: loop.sequence.range, in: file)
          }
          holder.slots[parts.slot] = pair[0]
          holder.slots[secondSlot] = pair[1]
        } else {
          holder.slots[parts.slot] = element
        }
        if let exit = try parts.body(iteration).loopExit { return exit }
      }
      return .next
    }
  }

  /// A `for` loop's variable and body.
  struct LoopParts {
    /// The frame of each iteration, for a body that makes closures (which
    /// then holds the variable too); nil: the enclosing frame.
    let iterationScope: BlockScope?
    let slot: Int
    /// The second name's slot, for `for (key, value) in`.
    var secondSlot: Int? = nil
    /// Set when the variable is a global (a top-level loop without closures).
    let globals: Frame?
    let body: Execution

    func iterationFrame(in frame: Frame) -> Frame { iterationScope?.enter(frame) ?? frame }
    func variableFrame(_ iteration: Frame) -> Frame { globals ?? iteration }

    /// Lets go of the variable's last value when its slot outlives the loop.
    func releaseVariable(in frame: Frame) {
      if iterationScope == nil {
        variableFrame(frame).slots[slot] = .null
        if let secondSlot { variableFrame(frame).slots[secondSlot] = .null }
      }
    }
  }

  /// Compiles a `for` loop so that each iteration has its own variables
  /// (see ``BlockScope``): a body that makes closures runs each iteration in
  /// a frame of its own, which holds the loop variable too; otherwise the
  /// variable is a slot of the enclosing frame, in a block around the body's.
  private func compileLoopParts(_ loop: ForLoop) throws -> LoopParts {
    loopDepth += 1
    defer { loopDepth -= 1 }
    var names = [loop.variable]
    if let second = loop.secondVariable {
      guard second.name != loop.variable.name else {
        throw error(.statement(.loopNameTwice(name: second.name)), at: second.range)
      }
      names.append(second)
    }
    if resolved.needsFrame(.block(loop.body.range)) {
      let (iterationScope, slots, body) = try compileInBlockScope(loop.body, declaring: names)
      return LoopParts(iterationScope: iterationScope, slot: slots[0], secondSlot: slots.count > 1 ? slots[1] : nil, globals: nil, body: body)
    }
    scope.pushBlock()
    defer { scope.popBlock() }
    let slots = names.map { declare($0, isMutable: false) }
    let isGlobal = scope.isGlobal
    if isGlobal { interpreter.session.ensureGlobalCapacity() }
    let body = try compileBlock(loop.body)
    return LoopParts(
      iterationScope: nil, slot: slots[0], secondSlot: slots.count > 1 ? slots[1] : nil,
      globals: isGlobal ? interpreter.session.globalFrame : nil, body: body)
  }
}

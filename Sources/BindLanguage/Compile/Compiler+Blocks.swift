import BindSyntax

// Blocks: their scopes, frames and statement sequences.
extension Compiler {
  /// Compiles a block: its variables exist from their declaration to the
  /// block's end (see ``BlockScope``).
  func compileBlock(_ block: Block) throws -> Execution {
    let (blockScope, _, body) = try compileInBlockScope(block, declaring: [])
    switch blockScope {
    case .ownFrame:
      return { frame in try body(blockScope.enter(frame)) }
    case .sharesFrame(let slots, _) where slots.isEmpty:
      return body
    case .sharesFrame(let slots, let globals):
      // The release is spelled out here rather than in a shared helper
      // taking the body as a closure: a loop body that declares a variable
      // runs this once per iteration.
      return { frame in
        defer {
          let holder = globals ?? frame
          for slot in slots { holder.slots[slot] = .null }
        }
        return try body(frame)
      }
    }
  }

  /// Compiles `statements` in a new block scope, first declaring `variable`
  /// (a loop's) in it if given, and says where that block's variables live.
  ///
  /// Not generic over what it compiles: a closure passed through a generic
  /// value is called through reabstraction thunks, here at every run of
  /// every block.
  func compileInBlockScope(_ block: Block, declaring variables: [Identifier]) throws
    -> (BlockScope, variableSlots: [Int], body: Execution)
  {
    let statements = block.statements
    let enclosing = scope
    if resolved.needsFrame(.block(block.range)) {
      let own = FunctionScope(blockIn: enclosing)
      scope = own
      defer { scope = enclosing }
      let slots = variables.map { declare($0, isMutable: false) }
      let body = try compileSequence(statements)
      return (.ownFrame(own, linksEnclosingFrame: !enclosing.isGlobal), slots, body)
    }
    scope.pushBlock()
    defer { scope.popBlock() }
    let slot = variables.map { declare($0, isMutable: false) }
    let body = try compileSequence(statements)
    let globals = scope.isGlobal ? interpreter.session.globalFrame : nil
    return (.sharesFrame(releasedSlots: scope.slotsOfInnermostBlock, globals: globals), slot, body)
  }

  func compileSequence(_ statements: [Statement]) throws -> Execution {
    if let index = statements.firstIndex(where: \.isDefer) { return try compileDeferring(statements, at: index) }
    // A closure stored directly in an array (or an Optional) is kept at its
    // most general abstraction and called through two reabstraction thunks;
    // wrapped in a struct it is called directly.
    struct Compiled { let run: Execution }
    if statements.count == 1 { return try compileStatement(statements[0]) }
    let compiled = try statements.map { Compiled(run: try compileStatement($0)) }
    switch compiled.count {
    case 0: return { _ in .next }
    // Two and three statements (`let x = …; return x + 1`) are called
    // directly: a loop over the array retains and releases each closure.
    case 2:
      let (first, second) = (compiled[0].run, compiled[1].run)
      return { frame in
        let flow = try first(frame)
        guard case .next = flow else { return flow }
        return try second(frame)
      }
    case 3:
      let (first, second, third) = (compiled[0].run, compiled[1].run, compiled[2].run)
      return { frame in
        var flow = try first(frame)
        guard case .next = flow else { return flow }
        flow = try second(frame)
        guard case .next = flow else { return flow }
        return try third(frame)
      }
    default:
      return { frame in
        for statement in compiled {
          let flow = try statement.run(frame)
          if case .next = flow { continue }
          return flow
        }
        return .next
      }
    }
  }
}

/// Where a block's variables live: as in Swift, they exist from their
/// declaration to the block's end, and each run of the block (each loop
/// iteration) has its own.
///
/// A block that makes closures runs in a frame of its own, made on each
/// entry, which the closures keep: after `for i in 1...3 { on b.tap { print(i) } }`
/// a tap prints 1, 2 and 3. Any other block's variables are slots of the
/// enclosing frame (no allocation per run), set to nil as the block ends so
/// that the objects they held are released.
enum BlockScope {
  /// Slots of the enclosing frame, or of the globals (`globals` set) for a
  /// top-level block; set to nil on exit.
  case sharesFrame(releasedSlots: [Int], globals: Frame?)
  /// A frame made on each entry. It links to the enclosing frame, except at
  /// the top level, whose variables are found without frames: a handler
  /// holding the global frame would hold every object in it.
  case ownFrame(FunctionScope, linksEnclosingFrame: Bool)

  /// The frame one run of the block uses.
  @inline(__always) func enter(_ enclosing: Frame) -> Frame {
    guard case .ownFrame(let scope, let linksEnclosingFrame) = self else { return enclosing }
    return Frame(
      parent: linksEnclosingFrame ? enclosing : nil, slotCount: scope.slotCount, selfObject: enclosing.selfObject)
  }

  /// Ends one run of the block: its shared slots go back to nil. An own
  /// frame is left to the closures that keep it.
  @inline(__always) func release(_ enclosing: Frame) {
    guard case .sharesFrame(let slots, let globals) = self else { return }
    let holder = globals ?? enclosing
    for slot in slots { holder.slots[slot] = .null }
  }
}

import BindSyntax

/// Where the local variables of a piece of syntax live, worked out by the
/// resolver (``Resolver``): each declaration's frame slot, each use's
/// frame depth and slot, and what each function-like body captures.
///
/// The walk records scopes, declarations and uses as it meets them. Which
/// scopes run in a frame of their own is known only once a scope has been
/// walked (it makes closures or not), so slots and depths are worked out
/// at the end, by ``finish(into:)``.
struct SlotLayout {
  /// Whether a scope runs in a frame of its own, as the compiler decides.
  enum Framing {
    /// The body of a function, closure, handler, timer, effect or
    /// accessor: a frame of its own on every call.
    case function(body: SourceRange)
    /// A frame of its own when the scope makes closures (``ResolvedSyntax/needsFrame(_:)``).
    case whenNeeded(ResolvedSyntax.Scope)
    /// Never: its names are slots of the enclosing frame (the `then` block
    /// of an `if let`, a branch of an `if` or `switch` expression).
    case never
  }

  private struct ScopeRecord {
    let parent: Int?
    let framing: Framing
    /// A closure body's `$0`, `$1`, …: its first slots.
    var anonymousParameters: [Int: Int] = [:]
  }

  private struct Declaration {
    let scope: Int
    /// `$N`: slot N of its closure's frame.
    let anonymousIndex: Int?
  }

  private struct Use {
    let site: ResolvedSyntax.NameSite
    let scope: Int
    let declaration: Int?
    /// For a name no local scope declares, inside a method: the method's
    /// `self`, through which the name may reach a member.
    let implicitSelf: Int?
  }

  private var scopes: [ScopeRecord] = []
  private var declarations: [Declaration] = []
  private var declarationKeys: [(range: SourceRange, declaration: Int)] = []
  private var uses: [Use] = []

  /// The index the next scope opened gets.
  var nextScope: Int { scopes.count }

  /// Opens a scope inside `parent` (nil: at the top level); returns its index.
  mutating func openScope(in parent: Int?, framing: Framing) -> Int {
    scopes.append(ScopeRecord(parent: parent, framing: framing))
    return scopes.count - 1
  }

  /// Declares a variable in `scope`; returns the declaration's index.
  mutating func declare(in scope: Int) -> Int {
    declarations.append(Declaration(scope: scope, anonymousIndex: nil))
    return declarations.count - 1
  }

  /// Names `declaration` by the range of the name written to declare it,
  /// which the compiler asks the slot of.
  mutating func key(_ range: SourceRange, to declaration: Int) {
    declarationKeys.append((range, declaration))
  }

  /// The declaration of `$index` of the closure whose body is `scope`.
  mutating func anonymousParameter(_ index: Int, ofClosure scope: Int) -> Int {
    if let declaration = scopes[scope].anonymousParameters[index] { return declaration }
    declarations.append(Declaration(scope: scope, anonymousIndex: index))
    scopes[scope].anonymousParameters[index] = declarations.count - 1
    return declarations.count - 1
  }

  mutating func use(_ name: String, at range: SourceRange, in scope: Int, declaration: Int?, implicitSelf: Int?) {
    uses.append(
      Use(site: .init(name: name, range: range), scope: scope, declaration: declaration, implicitSelf: implicitSelf))
  }

  /// Works out frames, slots and depths into `result`, whose scope facts say
  /// which scopes make closures.
  func finish(into result: ResolvedSyntax) {
    let frames = frameOfEachScope(result)
    let slots = slotOfEachDeclaration(in: frames)
    for (range, declaration) in declarationKeys {
      if let slot = slots[declaration] { result.declarationSlots[range] = slot }
    }
    var captures: [SourceRange: Set<ResolvedSyntax.Capture>] = [:]
    result.localNames.reserveCapacity(uses.count)
    for use in uses {
      guard let frame = frames[use.scope] else { continue }
      if let variable = locate(use.declaration, from: frame, frames: frames, slots: slots, captures: &captures) {
        result.localNames[use.site] = variable
      } else if let implicitSelf = locate(
        use.implicitSelf, from: frame, frames: frames, slots: slots, member: use.site.name, captures: &captures)
      {
        // Where the compiler reads `self` when it makes the name `self.name`.
        result.localNames[.init(name: "self", range: use.site.range)] = implicitSelf
      }
    }
    result.captures = captures.mapValues { Array($0) }
  }

  /// The frame each scope's names live in (a scope index), nil for the
  /// global frame.
  private func frameOfEachScope(_ result: ResolvedSyntax) -> [Int?] {
    var frames = [Int?](repeating: nil, count: scopes.count)
    // A parent is recorded before its children.
    for (index, scope) in scopes.enumerated() {
      let ownFrame: Bool
      switch scope.framing {
      case .function: ownFrame = true
      case .whenNeeded(let key): ownFrame = result.needsFrame(key)
      case .never: ownFrame = false
      }
      frames[index] = ownFrame ? index : scope.parent.flatMap { frames[$0] }
    }
    return frames
  }

  /// The slot of each declaration in its frame, in the order declared; nil
  /// for a global.
  private func slotOfEachDeclaration(in frames: [Int?]) -> [Int?] {
    // A closure's `$0`, `$1`, … come first, as the call passes them.
    var nextSlots = [Int](repeating: 0, count: scopes.count)
    for (index, scope) in scopes.enumerated() where !scope.anonymousParameters.isEmpty {
      nextSlots[index] = (scope.anonymousParameters.keys.max() ?? -1) + 1
    }
    var slots = [Int?](repeating: nil, count: declarations.count)
    for (index, declaration) in declarations.enumerated() {
      guard let frame = frames[declaration.scope] else { continue }
      if let anonymous = declaration.anonymousIndex {
        slots[index] = anonymous
      } else {
        slots[index] = nextSlots[frame]
        nextSlots[frame] += 1
      }
    }
    return slots
  }

  /// The local variable `declaration` is, seen from `frame`, noted in the
  /// captures of the function bodies between (`member`: the name an
  /// implicit `self` is for); nil for a global.
  private func locate(
    _ declaration: Int?, from frame: Int, frames: [Int?], slots: [Int?], member: String? = nil,
    captures: inout [SourceRange: Set<ResolvedSyntax.Capture>]
  ) -> ResolvedSyntax.LocalSlot? {
    guard let declaration, let slot = slots[declaration],
      let declaringFrame = frames[declarations[declaration].scope]
    else { return nil }
    func enclosingFrame(of frame: Int) -> Int? { scopes[frame].parent.flatMap { frames[$0] } }
    var depth = 0
    var current: Int? = frame
    while let candidate = current, candidate != declaringFrame {
      depth += 1
      current = enclosingFrame(of: candidate)
    }
    guard current != nil else { return nil }
    // The function bodies crossed on the way out capture it.
    current = frame
    for crossed in 0..<depth {
      guard let candidate = current else { break }
      if case .function(let body) = scopes[candidate].framing {
        captures[body, default: []].insert(
          .init(variable: .init(depth: depth - crossed, slot: slot), implicitMember: member))
      }
      current = enclosingFrame(of: candidate)
    }
    return .init(depth: depth, slot: slot)
  }
}

import BindSyntax

/// The variables of one frame: a function body's, a block's that runs in a
/// frame of its own, or the top level's.
///
/// Blocks inside a function share its frame: a nested block only adds slots,
/// as Lua's registers do, so entering a block allocates nothing at run time.
/// The resolver decides the slots of a local frame (``ResolvedSyntax``);
/// the global frame's are given out here, by name, as the REPL and the
/// embedding declare globals one at a time.
final class FunctionScope {
  struct Variable {
    let slot: Int
    let isMutable: Bool
    /// The declared type (`var n: Int = 0`): every write is checked against it.
    var type: ValueType? = nil
    /// A `func` declared `throws`: a call must be marked with `try`.
    var isThrowingFunction = false
  }

  let parent: FunctionScope?
  /// The type whose members bare names refer to (a derived property's body).
  let selfType: ObjectType?
  private var blocks: [[String: Variable]] = [[:]]
  /// A local frame's variables by slot, for what a use the resolver placed there asks.
  private var variablesBySlot: [Variable?] = []
  private(set) var slotCount = 0
  /// In a method's body: the names of its type's members, which bare names
  /// reach through `self` when no variable is called so (as in Swift).
  var implicitSelfMembers: Set<String>?
  /// In a struct or enum method: the type `self = value` converts to.
  var selfValueType: ValueType?
  /// In a function with a Swift signature: what `return` must give.
  var returnContract: ReturnContract?

  /// Whether each top-level variable's declaration has run, by slot
  /// (global scope only; see ``declarationRun(ofSlot:)``).
  private var declarationRuns: [Int: DeclarationRun] = [:]

  /// What a function with a Swift signature returns: `type` nil for nothing.
  struct ReturnContract {
    let type: ValueType?
  }

  init(parent: FunctionScope?, selfType: ObjectType? = nil) {
    self.parent = parent
    self.selfType = selfType
  }

  /// The scope of a block that runs in a frame of its own inside
  /// `enclosing` (see `BlockScope.ownFrame`): its `return`s keep the
  /// enclosing function's contract.
  convenience init(blockIn enclosing: FunctionScope) {
    self.init(parent: enclosing)
    returnContract = enclosing.returnContract
  }

  var isGlobal: Bool { parent == nil }
  /// Whether no block (`if`, `for`, …) is open inside this scope.
  var isOutermostBlock: Bool { blocks.count == 1 }

  func pushBlock() { blocks.append([:]) }
  func popBlock() { blocks.removeLast() }

  /// Declares `name` in the innermost block at `slot` (the resolver's), or
  /// else at the next free slot, reusing its slot if the same block
  /// declared it before (a REPL redeclaring a variable).
  @discardableResult
  func declare(
    _ name: String, at slot: Int? = nil, isMutable: Bool, type: ValueType? = nil, isThrowingFunction: Bool = false
  ) -> Int {
    let slot = slot ?? blocks[blocks.count - 1][name]?.slot ?? slotCount
    let variable = Variable(slot: slot, isMutable: isMutable, type: type, isThrowingFunction: isThrowingFunction)
    blocks[blocks.count - 1][name] = variable
    if !isGlobal {
      if variablesBySlot.count <= slot { variablesBySlot += repeatElement(nil, count: slot + 1 - variablesBySlot.count) }
      variablesBySlot[slot] = variable
    }
    slotCount = max(slotCount, slot + 1)
    return slot
  }

  /// Whether the declaration of the global at `slot` has run: shared by
  /// the declaration, which marks it, and the reads in functions above it,
  /// which a call made before it reaches.
  func declarationRun(ofSlot slot: Int) -> DeclarationRun {
    if let run = declarationRuns[slot] { return run }
    let run = DeclarationRun()
    declarationRuns[slot] = run
    return run
  }

  /// The variable at `slot` of the frame `depth` frames out from this one's.
  func variable(atDepth depth: Int, slot: Int) -> Variable? {
    var scope = self
    for _ in 0..<depth {
      guard let parent = scope.parent else { return nil }
      scope = parent
    }
    return slot < scope.variablesBySlot.count ? scope.variablesBySlot[slot] : nil
  }

  /// The slots of the variables the innermost block declared.
  var slotsOfInnermostBlock: [Int] { blocks[blocks.count - 1].values.map(\.slot).sorted() }

  func lookup(_ name: String) -> Variable? {
    for block in blocks.reversed() {
      if let variable = block[name] { return variable }
    }
    return nil
  }

  /// Every visible name, for suggestions and completion.
  var visibleNames: [String] {
    var names = Set<String>()
    for block in blocks { names.formUnion(block.keys) }
    if let selfType { names.formUnion(selfType.memberNames) }
    return names.sorted()
  }
}

/// Whether a top-level variable's declaration has run (see
/// ``FunctionScope/declarationRun(ofSlot:)``).
final class DeclarationRun {
  var hasRun = false
}

/// The `self` of a method body: a variable (slot 0) that a `mutating`
/// method may assign, and the member names bare names reach through it.
struct MethodSelf {
  let isMutable: Bool
  let members: Set<String>
  /// A struct's or enum's own type, which `self = value` must keep.
  var type: ValueType?
}

/// Where a name lives, resolved once at compile time.
enum Resolution {
  case local(slot: Int, isMutable: Bool)
  case outer(hops: Int, slot: Int, isMutable: Bool)
  case global(slot: Int, isMutable: Bool)
  /// Read from the values captured when a `bind`/`observe` statement ran.
  case captured(index: Int)
  case selfMember(ObjectType.Member, name: String)

  var isMutable: Bool {
    switch self {
    case .local(_, let mutable), .outer(_, _, let mutable), .global(_, let mutable): return mutable
    case .captured, .selfMember: return false
    }
  }
}

/// The variables a `bind` or `observe` expression names, read once when the
/// statement runs ("properties are live; variables are looked up once").
final class CaptureList {
  private(set) var sources: [Resolution] = []
  private var indexByName: [String: Int] = [:]

  func index(of name: String, resolvedAs resolution: Resolution) -> Int {
    if let index = indexByName[name] { return index }
    let index = sources.count
    sources.append(resolution)
    indexByName[name] = index
    return index
  }
}

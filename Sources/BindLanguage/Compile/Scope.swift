import BindSyntax

/// The names of one function body (or the top level), mapped to frame slots.
///
/// Blocks inside a function share its frame: a nested block only adds slots,
/// as Lua's registers do, so entering a block allocates nothing at run time.
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
  private(set) var slotCount = 0
  /// Whether code in this scope reads or writes a variable of an enclosing
  /// function's frame. Only then must its frame keep the enclosing one
  /// alive: a handler that holds a frame it never uses would hold the
  /// objects in it too, and an object holding its own handler is a leak.
  var usesEnclosingFrames = false
  /// In a method's body: the names of its type's members, which bare names
  /// reach through `self` when no variable is called so (as in Swift).
  var implicitSelfMembers: Set<String>?
  /// In a struct or enum method: the type `self = value` converts to.
  var selfValueType: ValueType?
  /// In a function with a Swift signature: what `return` must give.
  var returnContract: ReturnContract?

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

  /// Declares `name` in the innermost block, reusing its slot if the same
  /// block declared it before (a REPL redeclaring a variable).
  @discardableResult
  func declare(_ name: String, isMutable: Bool, type: ValueType? = nil, isThrowingFunction: Bool = false) -> Int {
    if let existing = blocks[blocks.count - 1][name] {
      blocks[blocks.count - 1][name] = Variable(
        slot: existing.slot, isMutable: isMutable, type: type, isThrowingFunction: isThrowingFunction)
      return existing.slot
    }
    let slot = slotCount
    slotCount += 1
    blocks[blocks.count - 1][name] = Variable(
      slot: slot, isMutable: isMutable, type: type, isThrowingFunction: isThrowingFunction)
    return slot
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

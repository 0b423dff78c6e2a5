import BindSyntax

/// The local scopes open at a point of the resolver's walk (``Resolver``),
/// innermost last; none at the top level, whose names are known before
/// any statement runs. They find the variable each name names (laid out
/// into frames by ``SlotLayout``) and the names used before their
/// declaration in an enclosing scope (``ResolvedSyntax/EarlyUse``).
struct LexicalScopes {
  private struct Scope {
    /// The scope in ``SlotLayout``.
    let index: Int
    var names: Set<String> = []
    /// The variables declared here (every name but a connection's), as
    /// ``SlotLayout`` declarations.
    var variables: [String: Int] = [:]
    /// `useCount` when the scope opened: later pending uses are in it.
    let openedAt: Int
    let functionDepth: Int
  }

  private struct PendingUse {
    let sequence: Int
    let range: SourceRange
    let functionDepth: Int
  }

  private var scopes: [Scope] = []
  /// Uses of names no open scope declares yet, which a later declaration
  /// in an enclosing local scope would make early uses.
  private var pendingUses: [String: [PendingUse]] = [:]
  private var useCount = 0
  /// The body scopes of the closures enclosing this point, innermost last:
  /// where their `$0`, `$1`, … live.
  private var closureScopes: [Int] = []
  /// The local variables met so far.
  private(set) var layout = SlotLayout()
  /// How many open scopes declare a method's `self`: only inside one may a
  /// bare name be a member reached through it.
  private var selfScopes = 0

  var isEmpty: Bool { scopes.isEmpty }

  /// Opens a scope `functionDepth` function-like bodies deep.
  mutating func open(_ framing: SlotLayout.Framing, functionDepth: Int) {
    let index = layout.openScope(in: scopes.last?.index, framing: framing)
    scopes.append(Scope(index: index, openedAt: useCount, functionDepth: functionDepth))
  }

  mutating func close() {
    if scopes.removeLast().variables["self"] != nil { selfScopes -= 1 }
    // Back at the top level, whose names are hoisted: nothing is early there.
    if scopes.isEmpty { pendingUses.removeAll(keepingCapacity: true) }
  }

  /// Marks the scope opened next as a closure's body.
  mutating func enterClosure() { closureScopes.append(layout.nextScope) }

  mutating func leaveClosure() { closureScopes.removeLast() }

  /// Declares `name` in the innermost scope, a variable unless it names a
  /// connection (`observe … as name`), which lives in the interpreter's
  /// table, not in a frame. Uses of it pending in that scope become early
  /// uses in `earlyUses`.
  mutating func declare(
    _ name: Identifier, isVariable: Bool, earlyUses: inout [SourceRange: ResolvedSyntax.EarlyUse]
  ) {
    guard let scope = scopes.last else { return }
    scopes[scopes.count - 1].names.insert(name.name)
    if isVariable {
      // Declared again in the same scope (a parameter redeclared in its
      // body): the same variable, as the compiler always had it.
      let declaration = scope.variables[name.name] ?? layout.declare(in: scope.index)
      scopes[scopes.count - 1].variables[name.name] = declaration
      layout.key(name.range, to: declaration)
    }
    guard let uses = pendingUses[name.name] else { return }
    var stillPending: [PendingUse] = []
    for use in uses {
      guard use.sequence >= scope.openedAt else {
        stillPending.append(use)
        continue
      }
      earlyUses[use.range] = .init(declaration: name, isCapture: use.functionDepth > scope.functionDepth)
    }
    pendingUses[name.name] = stillPending.isEmpty ? nil : stillPending
  }

  /// Declares the `self` of a method body in the innermost scope: its slot
  /// 0, declared before the parameters.
  mutating func declareSelf() {
    scopes[scopes.count - 1].variables["self"] = layout.declare(in: scopes[scopes.count - 1].index)
    selfScopes += 1
  }

  /// Notes the use of `name` at `range`, `functionDepth` function-like
  /// bodies deep: the variable it names (`anonymous`: the `$N` of the
  /// innermost closure it is), or else a use that a later declaration in
  /// an open scope would make early. Returns whether an open scope
  /// declares the name.
  @discardableResult
  mutating func use(_ name: String, at range: SourceRange, functionDepth: Int, anonymous: Int? = nil) -> Bool {
    guard !scopes.isEmpty else { return false }
    // A variable found is declared: its use is not early.
    guard !locate(name, at: range, anonymous: anonymous), !scopes.contains(where: { $0.names.contains(name) })
    else { return true }
    pendingUses[name, default: []].append(PendingUse(sequence: useCount, range: range, functionDepth: functionDepth))
    useCount += 1
    return false
  }

  /// Notes the variable the name used at `range` names, if any, and never
  /// an early use (a handle `dispose` names, or else a connection; the
  /// enum of a pattern, unless a variable hides it). Returns whether a
  /// variable of an open scope has the name.
  @discardableResult
  mutating func locate(_ name: String, at range: SourceRange, anonymous: Int? = nil) -> Bool {
    guard let scope = scopes.last else { return false }
    let declared = variable(named: name)
    var declaration = declared
    if declaration == nil, let anonymous, let closure = closureScopes.last {
      declaration = layout.anonymousParameter(anonymous, ofClosure: closure)
    }
    let implicitSelf = declaration == nil && selfScopes > 0 ? variable(named: "self") : nil
    if declaration != nil || implicitSelf != nil {
      layout.use(name, at: range, in: scope.index, declaration: declaration, implicitSelf: implicitSelf)
    }
    return declared != nil
  }

  /// The innermost declaration of the variable `name` in the open scopes.
  private func variable(named name: String) -> Int? {
    for scope in scopes.reversed() {
      if let declaration = scope.variables[name] { return declaration }
    }
    return nil
  }
}

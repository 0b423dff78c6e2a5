import BindSyntax

// Types declared inside types, as Swift nests them:
//
//   type Screen {
//     enum State { case idle, loading }
//     var state: State = .idle
//   }
//   Screen.State.loading
//
// A nested type is an ordinary type whose name is `Screen.State`; inside
// `Screen` (and inside `Screen.State` itself) the short name reaches it.
extension Compiler {
  /// Compiles a type declaration with the types nested in it (first, so
  /// that its members may name them), each under its full name.
  func compileTypeDeclarationTree(_ declaration: TypeDeclaration) throws -> Execution {
    typeNamespaces.append(declaration.name.name)
    defer { typeNamespaces.removeLast() }
    struct Run { let run: Execution }
    var nestedRuns: [Run] = []
    for nested in declaration.nestedTypes {
      nestedRuns.append(Run(run: try compileTypeDeclarationTree(Self.qualified(nested, in: declaration.name.name))))
    }
    declareStaticMembers(of: declaration)
    switch declaration.kind {
    case .object: try compileTypeDeclaration(declaration)
    case .structure: try compileStructDeclaration(declaration)
    case .enumeration: try compileEnumDeclaration(declaration)
    }
    let statics = try compileStaticMembers(of: declaration)
    try checkConformances(of: declaration)
    guard !nestedRuns.isEmpty else { return statics }
    return { frame in
      for nested in nestedRuns { _ = try nested.run(frame) }
      return try statics(frame)
    }
  }

  /// `nested` named through `outer`: `Screen.State`.
  static func qualified(_ nested: TypeDeclaration, in outer: String) -> TypeDeclaration {
    var renamed = nested
    renamed.name = Identifier("\(outer).\(nested.name.name)", range: nested.name.range)
    return renamed
  }

  /// The full name of the type `name` means here: inside `Screen`, `State`
  /// is `Screen.State` when that type exists (the innermost wins), else
  /// `name` itself.
  func qualifiedTypeName(_ name: String) -> String {
    for namespace in typeNamespaces.reversed() {
      let candidate = "\(namespace).\(name)"
      if interpreter.registry.isTypeName(candidate) { return candidate }
    }
    return name
  }

  /// The nested type an expression names (`State` inside `Screen`,
  /// `Screen.State` anywhere), as one name, or nil when it names no nested
  /// type (or a variable hides it).
  func nestedTypeName(_ expression: Expression) -> String? {
    switch expression {
    case .name(let name, let range):
      // Inside the outer type its nested types come before globals, as
      // Swift looks up members first; a local variable still hides them.
      let resolution = resolveInScopes(name, at: range)
      switch resolution {
      case nil, .global?: break
      default: return nil
      }
      let qualified = qualifiedTypeName(name)
      if qualified != name { return qualified }
      // A registered nested Swift class by its short name (`Row` for
      // `FeedViewModel.Row`), unless a variable or a type has that name.
      guard resolution == nil, !interpreter.registry.isTypeName(name) else { return nil }
      return interpreter.registry.hostValueTypes.shortClassName(name)
    case .member(let base, let member, _):
      // A registered Swift type nested in another: `LoginViewModel.State`,
      // whether or not the outer type is registered too.
      guard let outer = nestedTypeName(base) ?? dottedName(base) else { return nil }
      let inner = "\(outer).\(member.name)"
      return interpreter.registry.isTypeName(inner) || interpreter.registry.hostValueTypes.hasType(named: inner) ? inner : nil
    default:
      return nil
    }
  }

  /// `Outer` or `App.Outer` as one name, when no variable has its first
  /// name: what a qualified Swift type name starts with.
  private func dottedName(_ expression: Expression) -> String? {
    switch expression {
    case .name(let name, let range): return resolveInScopes(name, at: range) == nil ? name : nil
    case .member(let base, let member, _): return dottedName(base).map { "\($0).\(member.name)" }
    default: return nil
    }
  }

  /// `expression` with a nested type it names written as one name
  /// (`Screen.State.loading` as `Screen.State` `.loading`), or nil when it
  /// names none.
  func withNestedTypeNames(_ expression: Expression) -> Expression? {
    if let name = nestedTypeName(expression) { return .name(name, expression.range) }
    switch expression {
    case .member(let base, let member, let range):
      guard let name = nestedTypeName(base) else { return nil }
      return .member(.name(name, base.range), member, range)
    case .call(let callee, let arguments, let range):
      guard let rewritten = withNestedTypeNames(callee) else { return nil }
      return .call(rewritten, arguments, range)
    default:
      return nil
    }
  }
}

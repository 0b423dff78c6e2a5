import BindLanguage
import BindSyntax

/// What a value depends on, read from the syntax alone, for hover: the
/// editor runs no script, so it shows what *can* change a value (the
/// bindings into it, what a derived property reads), where `why` in a
/// script or the REPL shows what *did*.
struct StaticDependencies {
  let statements: [Statement]
  let file: SourceFile

  /// `bound from vm.greeting (line 7)` for each `bind … -> value`, and
  /// `bound two-way with … (line N)` for each `<->` with it on either side.
  /// `value` is the text of a property, as `label.text`.
  func bindings(into value: String) -> [String] {
    var lines: [String] = []
    forEachStatement(in: statements) { statement in
      guard case .bind(let bind) = statement else { return }
      let source = text(of: bind.source)
      let target = text(of: bind.target)
      let line = bind.range.start.line
      switch bind.direction {
      case .oneWay where target == value: lines.append("bound from \(source) (line \(line))")
      case .twoWay where target == value: lines.append("bound two-way with \(source) (line \(line))")
      case .twoWay where source == value: lines.append("bound two-way with \(target) (line \(line))")
      case .oneWay, .twoWay: break
      }
    }
    return lines
  }

  /// `reads name, vm.title` for the derived property `member` of the type
  /// `typeName` declared in the document; nil for anything else.
  func reads(ofDerived member: String, in typeName: String) -> String? {
    var found: TypeDeclaration?
    forEachStatement(in: statements) { statement in
      if found == nil, case .typeDeclaration(let type) = statement, type.name.name == typeName { found = type }
    }
    guard let type = found,
      let property = type.properties.first(where: { $0.name.name == member }),
      case .derived(let body) = property.value
    else { return nil }
    let members = Set(type.members.compactMap(Self.name(of:)))
    var read: [String] = []
    var covered: [SourceRange] = []
    _ = SyntaxWalk.contains(body.statements) { expression in
      let range = expression.range
      if covered.contains(where: { $0.start.offset <= range.start.offset && range.end.offset <= $0.end.offset }) {
        return false
      }
      switch expression {
      case .name(let name, _) where members.contains(name): read.append(name)
      case .member(.name("self", _), let name, _): read.append(name.name)
      case .member:
        read.append(text(of: expression))
        covered.append(range)
      default: break
      }
      return false
    }
    var seen = Set<String>()
    let unique = read.filter { seen.insert($0).inserted }
    return unique.isEmpty ? "reads nothing observable" : "reads " + unique.joined(separator: ", ")
  }

  private static func name(of member: TypeDeclaration.Member) -> String? {
    switch member {
    case .property(let property): return property.name.name
    case .event, .method, .enumCase: return nil
    }
  }

  /// The text of an expression without blanks, as hover compares it.
  private func text(of expression: Expression) -> String {
    file.text(in: expression.range).filter { !$0.isWhitespace }
  }

  /// Every statement, nested blocks included.
  private func forEachStatement(in statements: [Statement], _ body: (Statement) -> Void) {
    for statement in statements {
      body(statement)
      for block in SyntaxWalk.nestedBlocks(of: statement) { forEachStatement(in: block.statements, body) }
    }
  }
}

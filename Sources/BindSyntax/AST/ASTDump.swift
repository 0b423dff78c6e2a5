/// Prints syntax trees as compact s-expressions, for tests and debugging:
///
///     bind "Hi, \(p1.name)!" -> label.text as greet
///     (bind (interp "Hi, " (. p1 name) "!") -> (. label text) as greet)
///
/// Names print bare, literals in source form, everything else as
/// `(head children…)`.
public enum ASTDump {
  /// One line per statement.
  public static func dump(_ statements: [Statement]) -> String {
    statements.map(dump).joined(separator: "\n")
  }

  /// A statement as an s-expression.
  public static func dump(_ statement: Statement) -> String {
    switch statement {
    case .expression(let e): return dump(e)
    case .variable(let v):
      let type = v.type.map { " : \($0)" } ?? ""
      return "(\(v.isMutable ? "var" : "let") \(v.name.name)\(type) \(dump(v.initializer)))"
    case .assignment(let a): return "(\(a.op.rawValue) \(dump(a.target)) \(dump(a.value)))"
    case .typeDeclaration(let t):
      return list(
        [t.kind.rawValue, t.name.name] + (t.rawType.map { [": \($0)"] } ?? [])
          + t.conformances.map { ": \($0.name)" } + t.members.map(dump)
          + t.staticMembers.map { "(static \(dump($0)))" } + t.initializers.map(dump)
          + t.nestedTypes.map { dump(.typeDeclaration($0)) })
    case .function(let f):
      return dump(f)
    case .switchStatement(let s):
      return list(["switch", dump(s.subject)] + s.cases.map { c in
        let head = c.isDefault ? ["default"] : ["case"] + c.patterns.map(dump)
        return list(head + (c.guardExpression.map { ["where", dump($0)] } ?? []) + [dump(c.body)])
      })
    case .bind(let b):
      return list(["bind", dump(b.source), b.direction.rawValue, dump(b.target)] + named(b.name))
    case .observe(let o):
      var parts = ["observe", dump(o.expression)]
      if o.initial { parts.append("initial") }
      return list(parts + named(o.name) + (o.handler.map { [dump($0)] } ?? []))
    case .on(let o):
      return list(["on", dump(o.event)] + named(o.name) + [dump(o.handler)])
    case .emit(let e):
      return list(["emit", dump(e.event)] + (e.payload.map { [dump($0)] } ?? []))
    case .dispose(let name, _): return "(dispose \(name.name))"
    case .batch(let block, _): return "(batch \(dump(block)))"
    case .ifStatement(let i): return dump(i)
    case .forLoop(let f):
      let pattern = f.secondVariable.map { "(\(f.variable.name) \($0.name))" } ?? f.variable.name
      return "(for \(pattern) \(dump(f.sequence)) \(dump(f.body)))"
    case .whileLoop(let w):
      return w.isRepeat
        ? "(repeat \(dump(w.body)) \(dump(w.condition)))" : "(while \(dump(w.condition)) \(dump(w.body)))"
    case .returnStatement(let value, _): return list(["return"] + (value.map { [dump($0)] } ?? []))
    case .breakStatement: return "(break)"
    case .continueStatement: return "(continue)"
    case .importStatement(let path, _): return "(import \(path.quotedLiteral))"
    case .wait(let duration, _): return list(["wait"] + (duration.map { [dump($0)] } ?? []))
    case .timeline(let t):
      return list(["timeline", dump(t.source), dump(t.duration)] + (t.frame.map { [dump($0)] } ?? []))
    case .effect(let e): return list(["effect"] + named(e.name) + [dump(e.body)])
    case .onCleanup(let block, _): return "(onCleanup \(dump(block)))"
    case .notify(let target, _): return "(notify \(dump(target)))"
    case .why(let target, _): return "(why \(dump(target)))"
    case .guardStatement(let g):
      return list(["guard"] + g.conditions.map(dump) + ["(else \(dump(g.elseBlock)))"])
    case .throwStatement(let value, _): return "(throw \(dump(value)))"
    case .deferStatement(let block, _): return "(defer \(dump(block)))"
    case .protocolDeclaration(let p):
      return list(
        ["protocol", p.name.name] + p.inherited.map { ": \($0.name)" }
          + p.methods.map { (p.staticMethods.contains($0.name.name) ? "static " : "") + dump($0) }
          + p.properties.map { "(\($0.isStatic ? "static " : "")var \($0.name.name) \($0.type) get\($0.isSettable ? " set" : ""))" })
    case .doCatch(let d): return list(["do", dump(d.body)] + d.catches.map(dump))
    }
  }

  /// An expression as an s-expression.
  public static func dump(_ expression: Expression) -> String {
    switch expression {
    case .integer(let value, _): return String(value)
    case .double(let value, _): return String(value)
    case .string(let value, _): return value.quotedLiteral
    case .interpolatedString(let segments, _):
      return list(["interp"] + segments.map { segment in
        switch segment {
        case .text(let text, _): return text.quotedLiteral
        case .expression(let e): return dump(e)
        }
      })
    case .boolean(let value, _): return String(value)
    case .nilLiteral: return "nil"
    case .name(let name, _): return name
    case .array(let elements, _): return list(["array"] + elements.map(dump))
    case .parenthesized(let inner, _): return "(paren \(dump(inner)))"
    case .unary(let op, let operand, _): return "(\(op.rawValue) \(dump(operand)))"
    case .binary(let op, let lhs, let rhs, _): return "(\(op.rawValue) \(dump(lhs)) \(dump(rhs)))"
    case .ternary(let c, let t, let e, _): return "(?: \(dump(c)) \(dump(t)) \(dump(e)))"
    case .member(let base, let name, _): return "(. \(dump(base)) \(name.name))"
    case .optionalMember(let base, let name, _): return "(?. \(dump(base)) \(name.name))"
    case .call(let callee, let arguments, _): return list(["call", dump(callee)] + arguments.map(dump))
    case .tuple(let elements, _): return list(["tuple"] + elements.map(dump))
    case .index(let base, let index, _): return "([] \(dump(base)) \(dump(index)))"
    case .duration(let value, _): return value.literal
    case .timer(let timer):
      return list([timer.repeats ? "every" : "after", dump(timer.interval)] + named(timer.name) + [dump(timer.body)])
    case .effect(let e): return list(["effect"] + named(e.name) + [dump(e.body)])
    case .await(let operand, _): return "(await \(dump(operand)))"
    case .untracked(let operand, _): return "(untracked \(dump(operand)))"
    case .dictionary(let entries, _):
      return list(["dict"] + entries.map { "(\(dump($0.key)): \(dump($0.value)))" })
    case .closure(let closure):
      var parts = ["closure"]
      if let parameters = closure.parameters {
        parts.append(list(["params"] + parameters.map { p in p.type.map { "\(p.name.name): \($0)" } ?? p.name.name }))
      }
      if let result = closure.resultType { parts.append("-> \(result)") }
      return list(parts + closure.body.statements.map(dump))
    case .implicitMember(let name, _): return ".\(name.name)"
    case .tryExpression(let kind, let operand, _): return "(\(kind.rawValue) \(dump(operand)))"
    case .ifExpression(let statement): return dump(statement)
    case .switchExpression(let statement): return dump(Statement.switchStatement(statement))
    }
  }

  /// An argument or tuple element: `value` or `(label: value)`.
  private static func dump(_ argument: Argument) -> String {
    argument.label.map { "(\($0.name): \(dump(argument.value)))" } ?? dump(argument.value)
  }

  /// A block as `(block statements…)`.
  public static func dump(_ block: Block) -> String {
    list(["block"] + block.statements.map(dump))
  }

  private static func dump(_ handler: HandlerBlock) -> String {
    let parameters = handler.parameters.isEmpty ? [] : [list(["params"] + handler.parameters.map(\.name))]
    return list(["block"] + parameters + handler.body.statements.map(dump))
  }

  private static func dump(_ function: FunctionDeclaration) -> String {
    guard function.hasSwiftSignature || function.isMutating || function.isThrowing || function.isAsync else {
      return list(["func", function.name.name, list(function.parameters.map(\.name)), dump(function.body)])
    }
    let parameters = function.signature.map { p in
      list([p.label?.name ?? "_", p.name.name] + (p.type.map { [$0.description] } ?? [])
        + (p.defaultValue.map { ["=", dump($0)] } ?? []))
    }
    return list((function.isMutating ? ["mutating"] : []) + ["func", function.name.name, list(parameters)]
      + (function.isAsync ? ["async"] : []) + (function.isThrowing ? ["throws"] : [])
      + (function.returnType.map { ["->", $0.description] } ?? []) + [dump(function.body)])
  }

  /// A pattern as an s-expression: `_`, `(let x)`, `(case .loaded (let items))`, or the expression.
  public static func dump(_ pattern: Pattern) -> String {
    switch pattern {
    case .wildcard: return "_"
    case .binding(let name): return "(let \(name.name))"
    case .expression(let e): return dump(e)
    case .enumCase(let typeName, let name, let arguments, _):
      let head = (typeName?.name ?? "") + "." + name.name
      guard let arguments else { return head }
      return list([head] + arguments.map(dump))
    case .tuple(let elements, _): return list(["tuple"] + elements.map(dump))
    }
  }

  private static func dump(_ argument: PatternArgument) -> String {
    argument.label.map { "\($0.name): " + dump(argument.pattern) } ?? dump(argument.pattern)
  }

  private static func dump(_ clause: CatchClause) -> String {
    list(["catch"] + clause.patterns.map(dump) + (clause.castType.map { ["as", $0.description] } ?? [])
      + (clause.guardExpression.map { ["where", dump($0)] } ?? []) + [dump(clause.body)])
  }

  private static func dump(_ statement: IfStatement) -> String {
    var parts = ["if"] + (statement.casePattern.map { ["case", dump($0), "="] } ?? [])
      + statement.conditions.map(dump) + [dump(statement.thenBlock)]
    switch statement.elseBranch {
    case .block(let block): parts.append("(else \(dump(block)))")
    case .elseIf(let nested): parts.append("(else \(dump(nested)))")
    case nil: break
    }
    return list(parts)
  }

  private static func dump(_ clause: ConditionClause) -> String {
    switch clause {
    case .expression(let e): return dump(e)
    case .optionalBinding(let b):
      return list([b.isMutable ? "var" : "let", b.name.name] + (b.value.map { [dump($0)] } ?? []))
    }
  }

  private static func dump(_ member: TypeDeclaration.Member) -> String {
    switch member {
    case .property(let p):
      let keyword = p.isConstant ? "let" : "var"
      let attributes = p.attributes.map { attribute -> String in
        switch attribute {
        case .equalBy(let path, _): return "@equal(by: \\.\(path.map(\.name).joined(separator: ".")))"
        case .equalNever: return "@equal(never)"
        }
      }
      switch p.value {
      case .stored(let initial):
        return list(attributes + [keyword, p.name.name, p.type?.description ?? "_"] + (initial.map { [dump($0)] } ?? []))
      case .derived(let body):
        let setter = p.setter.map { ["(set \($0.parameter?.name ?? "newValue") \(dump($0.body)))"] } ?? []
        let getter = body.statements.count == 1 ? body.statements.first.map(dump) : nil
        return list(attributes + ["derived", p.name.name, p.type?.description ?? "_", getter ?? dump(body)] + setter)
      }
    case .event(let e):
      return list(["event", e.name.name] + (e.payloadType.map { [$0.description] } ?? []))
    case .method(let f):
      return dump(f)
    case .enumCase(let c):
      let values = c.associatedValues.map { v in (v.label.map { "\($0.name): " } ?? "") + v.type.description }
      return list(["case", c.name.name] + (values.isEmpty ? [] : [list(values)]) + (c.rawValue.map { ["=", dump($0)] } ?? []))
    }
  }

  private static func named(_ name: Identifier?) -> [String] {
    name.map { ["as", $0.name] } ?? []
  }

  private static func list(_ parts: [String]) -> String {
    "(" + parts.joined(separator: " ") + ")"
  }

}

extension Statement: CustomStringConvertible {
  /// The statement as an `ASTDump` s-expression.
  public var description: String { ASTDump.dump(self) }
}

extension Expression: CustomStringConvertible {
  /// The expression as an `ASTDump` s-expression.
  public var description: String { ASTDump.dump(self) }
}

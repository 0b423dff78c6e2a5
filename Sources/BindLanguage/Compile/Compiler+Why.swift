import BindRuntime
import BindSyntax

extension Compiler {
  /// whyStatement -> 'why' obj.prop: prints the chain of causes of the
  /// value's last change (`Interpreter+Why.swift`).
  func compileWhy(_ target: Expression, range: SourceRange) throws -> Execution {
    let file = self.file
    let interpreter = self.interpreter
    guard case .member(let base, let name, let memberRange) = target.unparenthesized else {
      if case .name(let variable, _) = target.unparenthesized {
        throw error(
          .connection(.whyTarget(.variable(variable))),
          at: target.range)
      }
      throw error(.connection(.whyTarget(.notProperty)), at: target.range)
    }
    let object = try compileExpression(base)
    let baseText = file.text(in: base.range)
    let text = file.text(in: target.range)
    let cache = MemberCache(file: file, range: name.range)
    return { frame in
      let lines: [String]
      do {
        let receiver: ScriptObject
        switch try object(frame) {
        case .object(let found): receiver = found
        case .null: throw ScriptError(.connection(.whyTarget(.nilObject(baseText))))
        case let value:
          throw ScriptError(.connection(.whyTarget(.notObject(baseText, valueType: value.typeName))))
        }
        switch try cache.member(name.name, of: receiver.type) {
        case .stored(let index):
          switch receiver.access(index) {
          case .stored(let node):
            lines = interpreter.whyLines(for: text, nodeID: node.id, cause: ReactiveGraph.shared.lastCause(of: node))
          case .host(let property):
            lines = interpreter.whyLines(for: text, nodeID: property.graphNodeID, cause: try property.lastCause())
          }
        case .derived(let index):
          let node = try receiver.derived(index, interpreter: interpreter)
          lines = interpreter.whyLines(for: text, nodeID: node.id, cause: ReactiveGraph.shared.lastCause(of: node))
        case .event:
          throw ScriptError(.eventNotValue(name.name, fix: "'why' takes a value, such as a property, and an event keeps none; observe it with 'on \(text) { … }'"))
        }
      } catch {
        throw error.asScriptError(at: memberRange, in: file)
      }
      for line in lines { interpreter.writeOutput(line) }
      return .next
    }
  }
}

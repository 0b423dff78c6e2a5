import BindRuntime
import BindSyntax

// `effect { }`, `onCleanup { }` and `untracked { }`: the script side of the
// runtime's `Effect`, `Effect.onCleanup(_:)` and `ReactiveGraph.untracked(_:)`.
extension Compiler {
  /// effectStatement -> 'effect' ('as' NAME)? block
  ///
  /// The block runs now, as a batch (its writes are one batch), and again
  /// whenever a value it read on its last run changes. What the run makes
  /// (bindings, observers, handlers, timers, effects) belongs to the run
  /// (see `Connections.add`).
  func compileEffect(_ effect: EffectStatement) throws -> Execution {
    let make = try compileEffectMaker(effect)
    return { frame in
      _ = try make(frame)
      return .next
    }
  }

  /// effectExpression -> 'effect' ('as' NAME)? block: the effect as a value
  /// (`let e = effect { … }`), which `dispose e` and `e.dispose()` end.
  func compileEffectExpression(_ effect: EffectStatement) throws -> Evaluation {
    let interpreter = self.interpreter
    let make = try compileEffectMaker(effect)
    return { frame in
      let node = try make(frame)
      interpreter.effectCount += 1
      return .handle(ConnectionHandle(token: node, typeName: "Effect", number: interpreter.effectCount))
    }
  }

  /// Makes the effect and runs it once. Its connection, and so its name, is
  /// registered as the first run starts, so that the run can dispose it.
  private func compileEffectMaker(_ effect: EffectStatement) throws -> (Frame) throws -> Effect {
    let interpreter = self.interpreter
    let file = self.file
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: [], body: effect.body)
    let name = effect.name?.name
    let line = effect.range.start.line
    let label = name.map { "effect \($0)" } ?? "effect at line \(line)"
    return { frame in
      // Each run takes a fresh frame (`runEffect`): nothing to reuse.
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil, reusesFrame: false)
      var isRegistered = false
      let node: Effect
      do {
        node = try Effect(label: label) { [unowned(unsafe) interpreter] effect in
          if !isRegistered {
            isRegistered = true
            interpreter.session.connections.add(name: name, kind: .effect, summary: "effect", token: effect)
          }
          try interpreter.runEffect(block)
        }
      } catch {
        throw error.asScriptError(at: effect.range, in: file)
      }
      try interpreter.throwPendingError()
      return node
    }
  }

  /// cleanupStatement -> 'onCleanup' block: registered with the effect whose
  /// run is under way (directly or in a function it calls).
  func compileCleanup(_ block: Block, range: SourceRange) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: [], body: block)
    let reusesFrame = !resolved.needsFrame(.block(block.range))
    return { frame in
      guard let effect = Effect.current else {
        throw ScriptError(
          .connection(.cleanupOutsideEffect), at: range, in: file)
      }
      let handler = ScriptHandler(
        body: body, slotCount: slots, parent: keepsParent ? frame : nil, reusesFrame: reusesFrame)
      effect.onCleanup { [unowned(unsafe) interpreter] in interpreter.run(handler) }
      return .next
    }
  }

  /// untrackedExpression -> 'untracked' '{' expression '}'
  func compileUntracked(_ inner: Expression) throws -> Evaluation {
    let evaluate = try compileExpression(inner)
    return { frame in try ReactiveGraph.shared.untracked { try evaluate(frame) } }
  }
}

extension Interpreter {
  /// Runs an effect's block: like a handler (`run(_:_:_:)`), but its error
  /// is thrown, to the statement whose write re-ran the effect.
  func runEffect(_ handler: ScriptHandler) throws {
    guard budget.callFits else {
      throw ScriptError(.connection(.effectLoop(depthLimit: budget.isAtCallDepthLimit ? options.maxCallDepth : nil)))
    }
    budget.callDepth += 1
    // What the effect's run makes is the effect's, even when a block's run
    // triggered it.
    let blockRun = connections.currentBlockRun
    connections.currentBlockRun = nil
    defer {
      budget.callDepth -= 1
      connections.currentBlockRun = blockRun
    }
    if let frame = handler.sharedFrame {
      _ = try handler.body(frame)
      return
    }
    // A frame per run: what the run makes (its cleanups, observers) may
    // capture the run's variables, and they must keep that run's values.
    _ = try handler.body(handler.freshFrame())
  }
}

extension Compiler {
  /// notifyStatement -> 'notify' obj.prop: observers and dependents hear of
  /// a change although the value is the same (the runtime's `notifyChange()`).
  func compileNotify(_ target: Expression, range: SourceRange) throws -> Execution {
    let file = self.file
    let interpreter = self.interpreter
    guard case .member(let base, let name, let memberRange) = target.unparenthesized else {
      throw error(.connection(.notifyTarget(ofObject: false)), at: target.range)
    }
    let object = try compileExpression(base)
    let cache = MemberCache(file: file, range: name.range)
    return { frame in
      do {
        guard case .object(let receiver) = try object(frame) else {
          throw ScriptError(.connection(.notifyTarget(ofObject: true)))
        }
        switch try cache.member(name.name, of: receiver.type) {
        case .stored(let index): try receiver.propertyNode(index).notifyChange()
        case .derived(let index): try receiver.derived(index, interpreter: interpreter).notifyChange()
        case .event: throw ScriptError(.eventNotValue(name.name, fix: "send it with 'emit'"))
        }
      } catch {
        throw error.asScriptError(at: memberRange, in: file)
      }
      try interpreter.throwPendingError()
      return .next
    }
  }
}

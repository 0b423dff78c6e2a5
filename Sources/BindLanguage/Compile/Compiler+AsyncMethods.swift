import BindSyntax

// `async` methods: a script type standing in for a Swift protocol (a fake)
// declares the requirements Swift awaits as `async`, and its `wait`
// statements are the fake's latency on the script's clock:
//
//   type FakeAuth: AuthService {
//     func signIn(email: String, password: String) async throws -> User {
//       wait 500ms
//       return User(name: "Ada")
//     }
//   }
extension Compiler {
  /// An async method's statements, cut at each `wait` among them into
  /// `body`'s segments; returns what a script's own call runs: the
  /// segments in order, each `wait` letting time pass as it does anywhere
  /// in a function.
  ///
  /// A `wait` nested in a block (an `if`, a loop) would cut the block
  /// itself, so it is an error; so is a `defer` before a `wait`, which would
  /// run at the cut rather than as the method returns.
  func compileSuspendable(_ statements: [Statement], into body: SuspendableBody) throws -> Execution {
    var segment: [Statement] = []
    for statement in statements {
      if case .wait(let duration, let range) = statement {
        if let deferred = segment.first(where: \.isDefer) {
          throw error(
            .declaration(.deferBeforeWait),
            at: deferred.range)
        }
        body.segments.append(try compileSequence(segment))
        body.waits.append(.init(duration: duration, evaluate: try duration.map(compileExpression), range: range))
        segment = []
        continue
      }
      if let nested = Self.firstWait(inBlocksOf: statement) {
        throw error(
          .declaration(.nestedWaitInAsyncMethod),
          at: nested)
      }
      segment.append(statement)
    }
    body.segments.append(try compileSequence(segment))
    body.file = file
    let (interpreter, file) = (self.interpreter, self.file)
    let (segments, waits) = (body.segments, body.waits)
    return { frame in
      for index in segments.indices {
        if index > 0 {
          let wait = waits[index - 1]
          try interpreter.wait(for: try wait.duration(in: frame, file: file), at: wait.range, in: file)
        }
        let flow = try segments[index](frame)
        guard case .next = flow else { return flow }
      }
      return .next
    }
  }

  /// Where a `wait` statement sits inside the blocks nested in `statement`.
  private static func firstWait(inBlocksOf statement: Statement) -> SourceRange? {
    for block in SyntaxWalk.nestedBlocks(of: statement) {
      for inner in block.statements {
        if case .wait(_, let range) = inner { return range }
        if let nested = firstWait(inBlocksOf: inner) { return nested }
      }
    }
    return nil
  }
}

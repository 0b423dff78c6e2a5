import BindRuntime

/// An `observe … { }` or `on … { }` connection together with what its
/// block's runs made: the observers, handlers, bindings, timers and effects
/// a run makes (directly, or in a function it calls) belong to it, as an
/// effect's run's do (Grammar.md, "What a block's run makes").
///
/// Each run ends what the run before it made, the last made first; what a
/// run made under a name (`as NAME`) is kept until the name is used again
/// or disposed, or this connection ends. Disposing it ends the observer or
/// handler and all of that.
final class BlockRuns: Disposable {
  /// The observer's or handler's own token. Its callback holds this object
  /// (to begin each run), so this reference is a cycle, broken by
  /// `dispose()`: until then the session's `Connections` holds both.
  @exclusivity(unchecked) private var connection: Disposable?
  /// What the current run made without a name.
  @exclusivity(unchecked) private var lastRun: [Disposable] = []
  /// What any run made under a name.
  @exclusivity(unchecked) private var named: [Disposable] = []
  @exclusivity(unchecked) private var isEnded = false

  /// Takes `token`, the observer's or handler's, whose callback runs its
  /// block through ``run(in:_:)``.
  func attach(_ token: Disposable) {
    connection = token
  }

  var isDisposed: Bool { isEnded || connection?.isDisposed ?? false }

  func dispose() {
    guard !isEnded else { return }
    isEnded = true
    let token = connection
    connection = nil
    token?.dispose()
    let made = named + lastRun
    (named, lastRun) = ([], [])
    Self.end(made)
  }

  /// Runs one run of the block: first ends what the previous run made, then
  /// makes this the owner of what `body` makes (``Connections/add``).
  @inline(__always) func run(in connections: Connections, _ body: () -> Void) {
    if !lastRun.isEmpty { endLastRun() }
    let outer = connections.currentBlockRun
    connections.currentBlockRun = self
    body()
    connections.currentBlockRun = outer
  }

  @inline(never) private func endLastRun() {
    let made = lastRun
    lastRun = []
    Self.end(made)
  }

  /// Makes `token` part of the current run, or of the connection's life
  /// when it has a name. Ended at once if the connection has ended.
  func own(_ token: Disposable, isNamed: Bool) {
    guard !isEnded else { return token.dispose() }
    if isNamed { named.append(token) } else { lastRun.append(token) }
  }

  /// Ends what was made, the last made first (as an effect's run does).
  private static func end(_ made: [Disposable]) {
    for token in made.reversed() { token.dispose() }
  }
}

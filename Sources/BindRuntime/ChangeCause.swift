/// Why a value changed last: the write that started the change, or the
/// binding, derived value or effect that carried it here, with that
/// change's own cause (`why label.text` in scripts).
///
/// Recorded only while ``ReactiveGraph/recordsCauses`` is set, as the change
/// happens: a cause is the chain of what actually happened then, not what
/// the graph would do now (MobX's `trace` names what *could* have caused a
/// change). Immutable, so that a value's cause keeps its upstream chain as
/// it was, whatever changes afterwards.
public final class ChangeCause {
  /// A node, as a cause names it.
  public struct Node {
    /// The node's ``GraphNode/id``.
    public let id: Int
    /// Its label when the change happened.
    public let label: String?
    public let kind: NodeKind
  }

  /// How the value got its new value.
  public enum Step {
    /// Written from outside any propagation, by the code that declared
    /// itself as ``ReactiveGraph/writeOrigin`` then (nil: code that declared
    /// nothing, such as Swift's own writes).
    case written(origin: AnyObject?)
    /// Told of a change although it compares equal (``ObservableValue/notifyChange()``).
    case notified(origin: AnyObject?)
    /// Written by a binding carrying its source's value. `origin` is what
    /// was ``ReactiveGraph/writeOrigin`` when the binding was made.
    case bound(binding: Node, origin: AnyObject?)
    /// Written by an effect's run; `origin` as for a binding.
    case effect(effect: Node, origin: AnyObject?)
    /// Evaluated again, as a derived value, to a different value.
    case evaluated
  }

  /// The value that changed.
  public let node: Node
  /// Its new value.
  public let value: Any
  public let step: Step
  /// What made the binding, effect or derived value run: its source, or the
  /// value it read that changed last. Nil for a write, and for a run with
  /// nothing before it (a binding's first write, when it is made).
  public let source: Node?
  /// The cause of `source`'s change, as it was then; nil if it has not
  /// changed since it was made (or its change was not recorded).
  public let upstream: ChangeCause?

  init(node: Node, value: Any, step: Step, source: Node?, upstream: ChangeCause?) {
    self.node = node
    self.value = value
    self.step = step
    self.source = source
    self.upstream = upstream
  }

  /// This cause, then its upstream causes back to the write that started
  /// the change.
  public var chain: [ChangeCause] {
    var chain = [self]
    var next = upstream
    while let cause = next {
      chain.append(cause)
      next = cause.upstream
    }
    return chain
  }
}

extension ChangeCause.Node {
  init(_ node: GraphNode) {
    self.init(id: node.id, label: node.storedLabel, kind: node.kind)
  }
}

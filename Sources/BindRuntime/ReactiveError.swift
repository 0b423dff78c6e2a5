/// Errors the graph reports instead of hanging or overflowing the stack.
public enum ReactiveError: Error, Equatable, CustomStringConvertible {
  /// A change kept feeding back into itself through bindings; `path` names the
  /// values on the loop, first and last the same.
  case cycle(path: [String], limit: Int)
  /// Observers that write kept triggering observers that write, `depth` deep.
  case observerFeedback(depth: Int)
  /// A derived value's evaluation wrote `written`, a value that same
  /// evaluation had read: the result would be stale the moment it is made.
  /// `reader` names the derived value.
  case writeDuringEvaluation(written: String, reader: String)
  /// A write to a derived value that has no setter.
  case readOnly(String)

  public var description: String {
    switch self {
    case .cycle(let path, let limit):
      return "binding cycle: \(path.joined(separator: " -> ")) (the change fed back into itself \(limit) times)"
    case .observerFeedback(let depth):
      return "observer feedback loop: observers that write triggered each other \(depth) levels deep"
    case .writeDuringEvaluation(let written, let reader):
      return "cannot write '\(written)' while computing '\(reader)', which read it: "
        + "the derived value would be stale at once (move the write into an effect or an observer)"
    case .readOnly(let name):
      return "cannot assign to '\(name)': it is a derived value without a setter"
    }
  }
}

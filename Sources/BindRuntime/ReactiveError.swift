/// Errors the graph reports instead of hanging or overflowing the stack.
public enum ReactiveError: Error, Equatable, CustomStringConvertible {
  /// A change kept feeding back into itself through bindings; `path` names the
  /// values on the loop, first and last the same.
  case cycle(path: [String], limit: Int)
  /// Observers that write kept triggering observers that write, `depth` deep.
  case observerFeedback(depth: Int)

  public var description: String {
    switch self {
    case .cycle(let path, let limit):
      return "binding cycle: \(path.joined(separator: " -> ")) (the change fed back into itself \(limit) times)"
    case .observerFeedback(let depth):
      return "observer feedback loop: observers that write triggered each other \(depth) levels deep"
    }
  }
}

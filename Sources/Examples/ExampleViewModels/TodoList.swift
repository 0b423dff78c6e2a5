import Observation

/// One to-do: a class, so that `toggle(at:)` changes it in place and a
/// script holding it sees the change (scripts cannot hold Swift structs yet).
@Observable
public final class TodoItem {
  public let title: String
  public var isDone = false

  public init(title: String) { self.title = title }
}

/// Why a to-do list refused a change.
public enum TodoError: Error, CustomStringConvertible {
  case emptyTitle
  case noItem(at: Int, count: Int)

  public var description: String {
    switch self {
    case .emptyTitle: "a to-do needs a title"
    case .noItem(let index, let count): "no to-do at index \(index) (the list has \(count))"
    }
  }
}

/// A to-do list changed only through its methods.
@Observable
public final class TodoList {
  public private(set) var items: [TodoItem] = []
  /// How many are not done.
  public var remaining: Int { items.count { !$0.isDone } }
  /// The list as a screen shows it: `"[x] milk"`.
  public var lines: [String] { items.map { "[\($0.isDone ? "x" : " ")] \($0.title)" } }

  public init() {}

  /// Adds a to-do at the end; returns its index.
  @discardableResult
  public func add(title: String) throws -> Int {
    let title = title.trimmingWhitespace()
    guard !title.isEmpty else { throw TodoError.emptyTitle }
    items.append(TodoItem(title: title))
    return items.count - 1
  }

  public func toggle(at index: Int) throws {
    try item(at: index).isDone.toggle()
  }

  public func remove(at index: Int) throws {
    _ = try item(at: index)
    items.remove(at: index)
  }

  /// Removes the to-dos that are done.
  public func clearCompleted() {
    items.removeAll(where: \.isDone)
  }

  public func clear() {
    items = []
  }

  private func item(at index: Int) throws -> TodoItem {
    guard items.indices.contains(index) else { throw TodoError.noItem(at: index, count: items.count) }
    return items[index]
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

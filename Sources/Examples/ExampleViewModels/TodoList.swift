import BindScriptable
import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One to-do: a value, as an app models one. Scripts get it as
/// `Todo(title: "milk", isDone: false, added: 2026-11-25 08:41:04 +0000)`;
/// the list changes its items only through its methods.
public struct Todo: Equatable, Sendable {
  public var title: String
  public var isDone: Bool
  /// When it was added, from the list's clock.
  public var added: Date

  public init(title: String, isDone: Bool = false, added: Date) {
    self.title = title
    self.isDone = isDone
    self.added = added
  }
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
@Scriptable @Observable
public final class TodoList {
  public private(set) var items: [Todo] = []
  /// How many are not done.
  public var remaining: Int { items.count { !$0.isDone } }
  /// The list as a screen shows it: `"[x] milk"`.
  public var lines: [String] { items.map { "[\($0.isDone ? "x" : " ")] \($0.title)" } }

  /// What ``add(title:)`` stamps a new to-do with.
  @ObservationIgnored private let now: () -> Date

  /// What a script's `TodoList()` makes: a list whose dates follow the
  /// script's clock.
  public static func makeForScripts(in interpreter: Interpreter) -> TodoList {
    TodoList(now: ExampleTypes.clockDate(interpreter.scheduler))
  }

  public init(now: @escaping () -> Date = { Date() }) {
    self.now = now
  }

  /// Adds a to-do at the end; returns its index.
  @discardableResult
  public func add(title: String) throws -> Int {
    let title = title.trimmingWhitespace()
    guard !title.isEmpty else { throw TodoError.emptyTitle }
    items.append(Todo(title: title, added: now()))
    return items.count - 1
  }

  /// Adds a to-do made elsewhere (restored, or made by a script); returns its index.
  @discardableResult
  public func add(_ todo: Todo) throws -> Int {
    guard !todo.title.trimmingWhitespace().isEmpty else { throw TodoError.emptyTitle }
    items.append(todo)
    return items.count - 1
  }

  /// The to-do at `index`.
  public func item(at index: Int) throws -> Todo {
    guard items.indices.contains(index) else { throw TodoError.noItem(at: index, count: items.count) }
    return items[index]
  }

  public func toggle(at index: Int) throws {
    _ = try item(at: index)
    items[index].isDone.toggle()
  }

  /// The to-dos added before `date`.
  public func added(before date: Date) -> [Todo] {
    items.filter { $0.added < date }
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
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

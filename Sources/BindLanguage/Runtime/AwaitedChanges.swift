import BindSyntax

/// What awaited host calls changed on the objects they were called on, for
/// `bindscript test --strict` (Grammar.md §6, "`--strict`"): a test that
/// awaits `vm.submit()` and never looks at what it did to `vm` has not
/// tested it.
///
/// Each `await vm.method(…)` notes the values of `vm`'s stored properties
/// before the call; when its top-level statement ends,
/// ``Interpreter/takeAwaitedChanges()`` gives those that differ, leaving
/// out the ones an `observe` printed (an `observe vm` or `observe
/// vm.status` live then). The test runner then looks for a read of each
/// after the call.
final class AwaitedChanges {
  /// One awaited call of a method of `object`.
  private struct Call {
    let object: ScriptObject
    /// The receiver as written (`vm`), naming the changes.
    let receiver: String
    /// `'await vm.submit()' at login.bind:12`.
    let label: String
    let range: SourceRange
    let before: [Value?]
  }

  private var calls: [Call] = []

  /// Notes the call at `range` of `file` of a method of `object`, written
  /// on the receiver `receiver`, before it runs.
  func noteCall(on object: ScriptObject, receiver: String, at range: SourceRange, in file: SourceFile) {
    // A second await of the same object in one statement: its first
    // snapshot already holds the values before both.
    guard !calls.contains(where: { $0.object === object }) else { return }
    let text = file.text(in: range).prefix { $0 != "\n" }
    let shown = text.count > 40 ? text.prefix(40) + "…" : text
    let label = "'await \(shown)' at \(Interpreter.location(of: range, in: file))"
    calls.append(Call(object: object, receiver: receiver, label: label, range: range, before: Self.values(of: object)))
  }

  /// The changes of the calls noted since the last time, which `isObserved`
  /// (given `vm` and `vm.status`) does not say an observer printed.
  func take(isObserved: (String) -> Bool) -> [Interpreter.AwaitedChange] {
    defer { calls = [] }
    var changes: [Interpreter.AwaitedChange] = []
    for call in calls where !isObserved(call.receiver) {
      let after = Self.values(of: call.object)
      for (index, property) in call.object.type.stored.enumerated() {
        guard let old = call.before[index], let new = after[index], !Value.isSameForChange(old, new),
          !isObserved("\(call.receiver).\(property.name)")
        else { continue }
        changes.append(
          Interpreter.AwaitedChange(receiver: call.receiver, property: property.name, during: call.label, range: call.range))
      }
    }
    return changes
  }

  /// The stored properties' values; `nil` for one that cannot be read (its
  /// Swift object is gone).
  private static func values(of object: ScriptObject) -> [Value?] {
    object.type.stored.indices.map { try? object.access($0).read() }
  }
}

extension Interpreter {
  /// A property that an awaited call changed, and no observer printed.
  public struct AwaitedChange: Sendable, Equatable {
    /// The receiver as the call wrote it: `vm`.
    public let receiver: String
    public let property: String
    /// The call: `'await vm.submit()' at login.bind:12`.
    public let during: String
    /// Where the call is written.
    public let range: SourceRange

    /// `vm.status`.
    public var name: String { "\(receiver).\(property)" }
  }

  /// Whether awaited host calls note what they change on their receiver
  /// (`--strict`), for ``takeAwaitedChanges()``. Off, an `await` pays one
  /// test of it.
  public var recordsAwaitedChanges: Bool {
    get { awaitedChanges != nil }
    set { awaitedChanges = newValue ? (awaitedChanges ?? AwaitedChanges()) : nil }
  }

  /// The properties the awaited host calls since the last call changed on
  /// the objects they were called on, other than those an `observe` of the
  /// object or the property printed; empty unless
  /// ``recordsAwaitedChanges``. A test runner calls it after each
  /// top-level statement.
  public func takeAwaitedChanges() -> [AwaitedChange] {
    awaitedChanges?.take(isObserved: connections.hasObserver(of:)) ?? []
  }
}

import BindRuntime
import BindSyntax

/// A type scripts can construct: declared with `type`, built in (`Label`,
/// `Button`, …), or registered by a host app.
public final class ObjectType {
  /// A member of a type, resolved to its index once.
  enum Member {
    case stored(Int)
    case derived(Int)
    case event(Int)
  }

  struct StoredProperty {
    let name: String
    let type: ValueType
    let isConstant: Bool
    /// Evaluated in the global frame at construction, when no argument is given.
    let defaultValue: Evaluation?
    /// Whether a write is no change, from `@equal(…)`; nil for the default
    /// (`Value.isSameForChange`).
    var isSame: ((Value, Value) -> Bool)? = nil
  }

  struct DerivedProperty {
    let name: String
    let type: ValueType
    /// Evaluated with `self` bound to the object.
    let compute: Evaluation
    /// The setter of a writable derived property (`get { } set { }`): runs
    /// its block for the object, given the global frame and the new value.
    var write: ((_ globals: Frame, _ object: ScriptObject, _ newValue: Value) throws -> Void)? = nil
    /// Whether a new result is no change, from `@equal(…)`.
    var isSame: ((Value, Value) -> Bool)? = nil
  }

  struct EventSpec {
    let name: String
    let payload: ValueType?
  }

  /// The type's name.
  public let name: String
  let stored: [StoredProperty]
  var derived: [DerivedProperty]
  let events: [EventSpec]
  let members: [String: Member]
  /// Member names in declaration order, for completion and `:types`.
  public let memberNames: [String]
  /// Counts instances, for `Type#N`.
  @exclusivity(unchecked) var instanceCount = 0
  /// For a type a host app registered: how to make and wrap its Swift objects.
  var host: HostType?
  /// The methods a script `type` declares (`func select(index: Int)`).
  var scriptMethods: [String: ScriptMethod] = [:]
  /// Their names in declaration order, for completion and `:types`.
  var scriptMethodOrder: [String] = []

  init(
    name: String, stored: [StoredProperty], derived: [DerivedProperty], events: [EventSpec], order: [String],
    instancesSoFar: Int = 0
  ) {
    self.name = name
    // A redeclared type keeps counting, so `Type#N` never names two objects.
    self.instanceCount = instancesSoFar
    self.stored = stored
    self.derived = derived
    self.events = events
    var members: [String: Member] = [:]
    for (index, property) in stored.enumerated() { members[property.name] = .stored(index) }
    for (index, property) in derived.enumerated() { members[property.name] = .derived(index) }
    for (index, event) in events.enumerated() { members[event.name] = .event(index) }
    self.members = members
    self.memberNames = order
  }

  /// The methods a host app registered (`select(index:)`).
  public var methodNames: [String] {
    (host?.methods.map(\.name) ?? []) + scriptMethodOrder.compactMap { scriptMethods[$0]?.signature.fullName }
  }

  /// The methods as completion inserts them: `clear()`, `select(index: `,
  /// `move(` (a first parameter without label).
  public var methodCompletions: [String] {
    (host?.methods ?? []).map { method in
      let labels = method.signature.labels
      guard let first = labels.first else { return "\(method.signature.baseName)()" }
      return "\(method.signature.baseName)(" + (first.map { "\($0): " } ?? "")
    } + scriptMethodOrder.compactMap { scriptMethods[$0]?.signature.completion }
  }

  /// One line per member, as `:types` shows them; initializers, then methods, last.
  public var memberSummaries: [String] {
    memberNames.map { name in
      switch members[name]! {
      case .stored(let index):
        let property = stored[index]
        return "\(property.isConstant ? "let" : "var") \(name): \(property.type)"
      case .derived(let index): return "var \(name): \(derived[index].type) { … }"
      case .event(let index):
        if let payload = events[index].payload { return "event \(name): \(payload)" }
        return "event \(name)"
      }
    } + (host?.initializers.map(\.initializerSummary) ?? []) + (host?.methods.map(\.summary) ?? []) + scriptMethodOrder.compactMap { scriptMethods[$0]?.signature.summary }
  }

  /// The names of a kind of member, for suggestions.
  func names(where include: (Member) -> Bool) -> [String] {
    memberNames.filter { include(members[$0]!) }
  }
}

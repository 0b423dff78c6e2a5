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
    /// `private(set)` (or `private`): only the type's own code writes it.
    var isPrivateSet = false
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
    /// Whether `compute` already gives a value of `type`: a body of
    /// statements checks each `return` where it is written, so its value
    /// is not checked a second time.
    var givesCheckedValue = false
  }

  struct EventSpec {
    let name: String
    let payload: ValueType?
  }

  /// The type's name.
  public let name: String
  // Changed only by `releaseCompiledCode()`; read on every general write,
  // so its accesses are not checked.
  @exclusivity(unchecked) private(set) var stored: [StoredProperty]
  var derived: [DerivedProperty]
  let events: [EventSpec]
  let members: [String: Member]
  /// Member names in declaration order, for completion and `:types`.
  public let memberNames: [String]
  /// Counts instances, for `Type#N`.
  @exclusivity(unchecked) var instanceCount = 0
  /// The protocols it conforms to, those they refine included.
  var conformances: Set<String> = []
  /// For a type a host app registered: how to make and wrap its Swift objects.
  var host: HostType?
  /// The methods a script `type` declares (`func select(index: Int)`).
  var scriptMethods: [String: ScriptMethod] = [:]
  /// Their names in declaration order, for completion and `:types`.
  var scriptMethodOrder: [String] = []
  /// A script type's own `init`s; when there are any, objects are made
  /// only through them.
  var initializers: [ScriptMethod] = []

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

  /// The methods' base names (`select`, not `select(index:)`), for "did
  /// you mean" suggestions when a call names no method of the type.
  var methodNamesForSuggestions: [String] {
    (host?.methods.map(\.signature.baseName) ?? []) + scriptMethodOrder
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

  /// The declarations of the methods whose base name is `name`
  /// (`select(index: Int) -> Bool`), for completion's hint after `(`.
  public func signatures(of name: String) -> [String] {
    (host?.methods.filter { $0.signature.baseName == name }.map(\.declaration) ?? [])
      + (scriptMethods[name].map { [$0.signature.declaration] } ?? [])
  }

  /// One line per member, as `:types` shows them; initializers, then methods, last.
  public var memberSummaries: [String] {
    memberNames.map { name in
      switch members[name]! {
      case .stored(let index):
        let property = stored[index]
        // A host property scripts cannot set may be a `let` or a
        // `private(set) var` in Swift: either way, read-only from here.
        if host != nil, property.isConstant { return "var \(name): \(property.type) { get }" }
        let keyword = property.isConstant ? "let" : property.isPrivateSet ? "private(set) var" : "var"
        return "\(keyword) \(name): \(property.type)"
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

  /// Lets go of the script code the type owns: its methods' bodies, its
  /// derived properties' getters and setters, its stored properties'
  /// defaults and change tests. For ``Interpreter/endSession()`` only: the
  /// type keeps its members, but they no longer run the script's code.
  ///
  /// Throws Swift's error when stored property `index` is `private(set)`
  /// and the code writing it (`writer`: the type whose declaration holds
  /// that code, nil outside any) is not this type's own.
  @inline(__always) func checkSetterAccess(_ index: Int, from writer: String?) throws {
    guard stored[index].isPrivateSet, writer != name else { return }
    throw ScriptError(.inaccessibleSetter(property: stored[index].name, typeName: name))
  }

  /// That code's inline caches (a member's index, a call site's method)
  /// keep the type they saw last, so that a type that went away and a new
  /// one made at its address cannot match; a type whose own code uses its
  /// members is therefore a reference cycle, and the code in it holds the
  /// interpreter.
  func releaseCompiledCode() {
    for method in scriptMethods.values { method.releaseBody() }
    for initializer in initializers { initializer.releaseBody() }
    let inert: Evaluation = { _ in .null }
    derived = derived.map { DerivedProperty(name: $0.name, type: $0.type, compute: inert) }
    stored = stored.map { property in
      StoredProperty(
        name: property.name, type: property.type, isConstant: property.isConstant,
        defaultValue: property.defaultValue == nil ? nil : inert, isPrivateSet: property.isPrivateSet)
    }
  }
}

import BindRuntime

/// Where a stored property of one object lives: in the script's own node,
/// or, while the object wraps a live Swift object, in that object's
/// property (see ``HostProperty``).
///
/// Asked once per access, with ``ScriptObject/access(_:)``; reads, writes,
/// observers and bindings then go through it, so no caller looks at
/// `hostProperties` itself. Small and inlined: a script write pays for the
/// question what the former `hostProperties.isEmpty` test cost.
enum PropertyAccess {
  /// A script object's property: its runtime node.
  case stored(Property<Value>)
  /// A property of a live Swift object, reached through its Swift node.
  case host(HostProperty)

  /// The current value, tracked; an error for a released host object.
  @inline(__always) func read() throws -> Value {
    switch self {
    case .stored(let node): return node.value
    case .host(let property): return try property.read()
    }
  }

  /// Writes a value already checked against the declared type and
  /// propagates the change.
  @inline(__always) func write(_ checked: Value) throws {
    switch self {
    case .stored(let node): try node.set(checked)
    case .host(let property): try property.write(checked)
    }
  }

  /// Observes the property: `changed` on each change, `other` for the
  /// initial value and the completion.
  func observe(
    options: ObserveOptions, changed: @escaping (Value, Value) -> Void, other: @escaping (Change<Value>) -> Void
  ) -> Disposable {
    switch self {
    case .stored(let node): return node.observe(options: options, changed: changed, other: other)
    case .host(let property): return property.observe(options: options, changed: changed, other: other)
    }
  }

  /// Binds `source` into this property, each value through `check`.
  func bind(from source: ObservableValue<Value>, label: String, check: @escaping (Value) throws -> Value) throws
    -> Disposable
  {
    switch self {
    case .stored(let node): return try source.bindChecked(to: node, label: label, transform: check)
    case .host(let property): return try property.bind(from: source, label: label, check: check)
    }
  }

  /// Binds a live Swift property into this property, each value through
  /// `check`: straight from its Swift node into a script node, or into
  /// another Swift property through the source's `mirror` node.
  func bind(
    fromHost source: HostProperty, mirror: () -> Property<Value>, label: String,
    check: @escaping (Value) throws -> Value
  ) throws -> Disposable {
    switch self {
    case .stored(let node): return try source.bind(to: node, label: label, check: check)
    case .host: return try bind(from: mirror(), label: label, check: check)
    }
  }
}

extension ScriptObject {
  /// How to reach stored property `index` now: its node, or the Swift
  /// object's property while this wraps a live one.
  @inline(__always) func access(_ index: Int) -> PropertyAccess {
    hostProperties.isEmpty ? .stored(stored[index]) : .host(hostProperties[index])
  }
}

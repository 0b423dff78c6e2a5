import BindRuntime

/// Members of Swift models whose changes reach the graph through a
/// ``HostModelLink``: the common part of `@Observable` properties (here) and
/// `@Published` ones (the `BindScriptCombine` adapter).
extension HostTypeBuilder {
  /// A property of a model that reports its changes itself: `source` makes,
  /// for one object, the way to read, write and watch it. `isWritable` is
  /// decided at registration (scripts see it in the type), so `source` MUST
  /// give a `write` exactly when it is true.
  package func modelProperty<T>(
    _ name: String, _ valueType: T.Type = T.self, isWritable: Bool, source: @escaping (Root) -> HostModelSource<T>
  ) {
    guard checkName(name), let bridge = bridge(T.self, for: name) else { return }
    let member = Member(name: name, label: "\(typeName).\(name)", type: bridge.type, isWritable: isWritable)
    // As for `property(_:_:)`, the common value types get closures
    // specialized for them; `T` is checked first, so the casts hold.
    switch T.self {
    case is Int.Type:
      addModel(member, source as! (Root) -> HostModelSource<Int>, toScript: Value.int, fromScript: \.asInt, isSame: ==)
    case is Double.Type:
      addModel(member, source as! (Root) -> HostModelSource<Double>, toScript: Value.double, fromScript: \.asDouble, isSame: { $0 == $1 || ($0.isNaN && $1.isNaN) })
    case is String.Type:
      addModel(member, source as! (Root) -> HostModelSource<String>, toScript: Value.string, fromScript: \.asString, isSame: ==)
    case is Bool.Type:
      addModel(member, source as! (Root) -> HostModelSource<Bool>, toScript: Value.bool, fromScript: \.asBool, isSame: ==)
    default:
      let (toScript, fromScript) = (bridge.toScript, bridge.fromScript)
      addModel(
        member, source, toScript: { toScript($0) }, fromScript: { fromScript($0).map { $0 as! T } },
        isSame: { toScript($0) == toScript($1) })
    }
  }

  private struct Member {
    let name: String
    let label: String
    let type: ValueType
    let isWritable: Bool
  }

  private func addModel<U>(
    _ member: Member, _ source: @escaping (Root) -> HostModelSource<U>,
    toScript: @escaping (U) -> Value, fromScript: @escaping (Value) -> U?, isSame: @escaping (U, U) -> Bool
  ) {
    let changes = self.changes
    let access: (AnyObject) -> HostProperty.Access = { object in
      let root = object as! Root
      // The object is alive (a wrapper is being made for it), so a link
      // can always be made; the cache gives a second wrapper the same node.
      let link = changes.link(for: root, member: member.label) {
        HostModelLink(
          source: source(root), isAlive: { [weak root] in root != nil }, label: member.label, isSame: isSame,
          changes: changes)
      }!
      return .model(link, member: member.label, type: member.type, isWritable: member.isWritable,
        toScript: toScript, fromScript: fromScript)
    }
    host.members.append(
      HostMember(name: member.name, kind: member.isWritable ? .readWrite : .readOnly, type: member.type, access: access))
  }
}

extension HostProperty.Access {
  /// The access to a model property: its link's node, as for an `@Observed`
  /// (so observe, bind, two-way and derived values work unchanged), with a
  /// read that prefers Swift's value while a change is pending, so a script
  /// sees a Swift write at once, even in the statement that made it.
  static func model<T>(
    _ link: HostModelLink<T>, member: String, type: ValueType, isWritable: Bool,
    toScript: @escaping (T) -> Value, fromScript: @escaping (Value) -> T?
  ) -> Self {
    let node = link.node!
    // Unretained, as the node is (see `HostProperty`): the link belongs to
    // the object, and the node's completion stops every access first.
    let ref = Unmanaged.passUnretained(link)
    var access =
      isWritable
      ? readWrite(
        node, member: member, type: type, toScript: toScript, fromScript: fromScript,
        store: { value in ref._withUnsafeGuaranteedRef { $0.storeInSwift(value) } })
      : readOnly(node, member: member, toScript: toScript)
    if isWritable {
      access.write = { value in
        guard let converted = fromScript(value) else { return false }
        try ref._withUnsafeGuaranteedRef { try $0.writeThrough(converted) }
        return true
      }
    }
    let tracked = access.read
    access.read = {
      let value = tracked()
      return ref._withUnsafeGuaranteedRef { link in
        guard link.isPending, let fresh = link.swiftValue else { return value }
        return toScript(fresh)
      }
    }
    return access
  }
}

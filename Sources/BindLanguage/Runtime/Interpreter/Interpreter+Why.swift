import BindRuntime
import BindSyntax

// `why label.text`: the chain of what actually caused a value's last
// change (Grammar.md §6, "why"). The runtime records each change's cause
// (`BindRuntime/ChangeCause.swift`) only in sessions that use `why`: the
// first `why` a session is given, in a file before it runs or on a REPL
// line, switches recording on, and from then on each statement names itself
// as the origin of the writes it makes and of the bindings and effects it
// makes.
extension Interpreter {
  /// Switches recording on if `statements` hold a `why`, at any depth.
  func recordCausesIfAsked(by statements: [Statement]) {
    guard !recordsCauses, Self.containsWhy(statements) else { return }
    recordsCauses = true
    causesRecordedLate = hasRunStatements
    firstRecordedNodeID = ReactiveGraph.shared.beginRecordingCauses()
  }

  /// Ends this session's recording (`endSession`).
  func stopRecordingCauses() {
    guard recordsCauses else { return }
    recordsCauses = false
    ReactiveGraph.shared.endRecordingCauses()
  }

  private static func containsWhy(_ statements: [Statement]) -> Bool {
    statements.contains { statement in
      if case .why = statement { return true }
      return SyntaxWalk.nestedBlocks(of: statement).contains { containsWhy($0.statements) }
    }
  }

  /// Runs `body` with `statement` as the origin of the writes it makes,
  /// while causes are recorded; else just runs it.
  @inline(__always)
  func withWriteOrigin<T>(of statement: Statement, in file: SourceFile, _ body: () throws -> T) rethrows -> T {
    guard recordsCauses else { return try body() }
    return try withWriteOrigin(SourceSite(statement.range, in: file), body)
  }

  func withWriteOrigin<T>(_ site: SourceSite, _ body: () throws -> T) rethrows -> T {
    let graph = ReactiveGraph.shared
    let outer = graph.writeOrigin
    graph.writeOrigin = site
    defer { graph.writeOrigin = outer }
    return try body()
  }

  /// The lines `why` prints for the value `text` names, whose node has the
  /// id `nodeID` and whose last change had `cause` (nil: none recorded).
  func whyLines(for text: String, nodeID: Int, cause: ChangeCause?) -> [String] {
    guard let cause else {
      if causesRecordedLate && nodeID < firstRecordedNodeID {
        return ["\(text) has not changed since 'why' was first used in this session; changes before that were not recorded"]
      }
      return ["\(text) has not changed since it was made"]
    }
    return CauseChainText(names: GraphSessionObjects(self)).lines(for: text, cause: cause)
  }
}

/// A recorded chain of causes as `why` prints it: the value and its new
/// value, then one hop a line, `  <- …`, back to the write that started it.
struct CauseChainText {
  let names: GraphSessionObjects
  /// Hops beyond which a chain is cut (a long chain of bindings).
  static let hopLimit = 100

  func lines(for text: String, cause head: ChangeCause) -> [String] {
    let derived = head.node.kind == .derived ? " (derived)" : ""
    var lines = ["\(text) = \(Self.literal(head.value))\(derived)\(Self.writeSuffix(head.step))"]
    var shown: String? = text
    var next: ChangeCause? = head
    var isHead = true
    while let cause = next {
      if lines.count > Self.hopLimit {
        lines.append("  <- … (\(cause.chain.count) hops more)")
        break
      }
      if !isHead, let name = name(of: cause.node), name != shown {
        lines.append("  <- \(hop(cause, named: name))")
        shown = name
      }
      isHead = false
      if let via = via(cause) { lines.append("  <- \(via)") }
      if cause.upstream == nil, let source = cause.source, let name = name(of: source), name != shown {
        lines.append("  <- \(name), which has not changed since it was made")
      }
      next = cause.upstream
    }
    return lines
  }

  /// A value along the chain, with how it changed.
  private func hop(_ cause: ChangeCause, named name: String) -> String {
    let value = Self.literal(cause.value)
    switch cause.step {
    case .evaluated: return "\(name) = \(value) (derived)"
    case .written, .bound, .effect: return "\(name) = \(value)\(Self.writeSuffix(cause.step))"
    case .notified(let origin): return "notify \(name)\(Self.place(origin))"
    }
  }

  /// The binding or effect that wrote the value, if one did: shown unless
  /// the runtime made it itself (a Swift property's mirror).
  private func via(_ cause: ChangeCause) -> String? {
    switch cause.step {
    case .bound(let binding, let origin):
      if let label = binding.label, label.hasSuffix("(from Swift)") || label.hasSuffix("(to Swift)") { return nil }
      // Made before recording began: named by what it binds instead.
      guard origin != nil else { return "bind" + (binding.label.map { " \($0)" } ?? "") }
      return "bind\(Self.place(origin))"
    case .effect(let effect, let origin):
      let name = effect.label.flatMap { $0.hasPrefix("effect ") ? nil : $0 }
      return "effect\(name.map { " '\($0)'" } ?? "")\(Self.place(origin))"
    case .written, .notified, .evaluated: return nil
    }
  }

  /// ` at login.bind:12` for a script's write, ` written by Swift` for a
  /// write no script statement made; nothing for a value a graph node wrote.
  private static func writeSuffix(_ step: ChangeCause.Step) -> String {
    switch step {
    case .written(let origin): return origin == nil ? " written by Swift" : place(origin)
    case .notified(let origin): return " (notify\(place(origin)))"
    case .bound, .effect, .evaluated: return ""
    }
  }

  /// ` at login.bind:12` (the file's name, not its path: the same from
  /// any folder); for a REPL entry, which has no file, the statement itself.
  private static func place(_ origin: AnyObject?) -> String {
    guard let site = origin as? SourceSite else { return "" }
    guard let path = site.file.path else {
      let text = site.file.text(in: site.range).prefix { $0 != "\n" }
      return " in '\(text.count > 40 ? text.prefix(40) + "…" : text)'"
    }
    return " at \(path.split(separator: "/").last.map(String.init) ?? path):\(site.range.start.line)"
  }

  /// What the user calls a node: `vm.greeting` for a property of the
  /// object `vm` holds, `Form#2.email` for one of an object no name holds;
  /// nil for the nodes a script did not name (a `bind` expression's value).
  private func name(of node: ChangeCause.Node) -> String? {
    if let host = names.hostNodes[node.id] { return "\(objectName(host.object)).\(host.member)" }
    guard let label = node.label, let (object, _, member) = BindingGraph.objectAndMember(of: label) else {
      return nil
    }
    return "\(objectName(String(object))).\(member)"
  }

  private func objectName(_ object: String) -> String {
    names.names[object]?.first ?? object
  }

  /// A value as scripts print it: the script's values, and a Swift node's
  /// plain Swift values.
  static func literal(_ value: Any) -> String {
    switch value {
    case let value as Value: return value.literal
    case let text as String: return Value.string(text).literal
    case let number as Int: return Value.int(number).literal
    case let number as Double: return Value.double(number).literal
    case let flag as Bool: return Value.bool(flag).literal
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        return mirror.children.first.map { literal($0.value) } ?? "nil"
      }
      return String(describing: value)
    }
  }
}

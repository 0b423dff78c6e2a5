/// A method as a call names it: the base name and the argument labels,
/// and the full name Swift gives the pair (`split(separator:)`).
struct MethodName: Hashable {
  let base: String
  let labels: [String?]
  /// `split(separator:)`, `prefix(_:)`, `sorted()`.
  let full: String

  init(_ base: String, labels: [String?]) {
    self.base = base
    self.labels = labels
    full = Self.full(base, labels: labels)
  }

  /// `name(label:_:)`.
  static func full(_ base: String, labels: [String?]) -> String {
    "\(base)(" + labels.map { "\($0 ?? "_"):" }.joined() + ")"
  }

  /// The labels of a full name: `[separator]` for `split(separator:)`.
  static func labels(of full: String) -> [String?] {
    guard let open = full.firstIndex(of: "(") else { return [] }
    return full[full.index(after: open)...].dropLast().split(separator: ":").map { $0 == "_" ? nil : String($0) }
  }
}

/// The built-in methods of one kind of value, under their Swift names, so
/// that a call is matched by its labels as Swift matches it and a wrong
/// label is an error that shows the right form.
struct MethodTable<Receiver> {
  typealias Body = (_ receiver: Receiver, _ arguments: [Value]) throws -> Value

  private var bodies: [String: Body] = [:]
  /// The full names of each base name, in the order the table lists them.
  private var forms: [String: [String]] = [:]
  /// The base names, in the order the table lists them.
  private(set) var baseNames: [String] = []

  init(_ entries: KeyValuePairs<String, Body>) {
    for (full, body) in entries {
      let base = String(full.prefix { $0 != "(" })
      if forms[base] == nil { baseNames.append(base) }
      forms[base, default: []].append(full)
      bodies[full] = body
    }
  }

  /// What a call site names, looked up once when it is compiled: the
  /// method, nil (no method of that base name), or the label error.
  typealias Lookup = Result<Body?, ScriptError>

  func lookup(_ name: MethodName) -> Lookup {
    Result { try method(name) }.mapError { $0 as! ScriptError }
  }

  /// Whether some method has this base name.
  func has(_ base: String) -> Bool { forms[base] != nil }

  /// The method `name` calls; nil when no method has its base name, an
  /// error when one does but not with these labels.
  func method(_ name: MethodName) throws -> Body? {
    if let body = bodies[name.full] { return body }
    guard let written = forms[name.base] else { return nil }
    throw Self.mismatch(name, written: written)
  }

  /// "'uppercased' takes 0 arguments but 1 was given" when the only form
  /// differs in count alone; otherwise the forms to write instead.
  static func mismatch(_ name: MethodName, written: [String]) -> ScriptError {
    if written.count == 1, name.labels.allSatisfy({ $0 == nil }) {
      let expected = MethodName.labels(of: written[0])
      if expected.allSatisfy({ $0 == nil }) {
        let (count, given) = (expected.count, name.labels.count)
        return ScriptError(.argumentCount(callee: "'\(name.base)'", expected: count, given: given))
      }
    }
    return ScriptError(.library(.writtenDifferently(base: name.base, forms: written, written: name.full)))
  }
}

/// The checks of built-in methods' arguments, with messages that name the
/// method as Swift does.
extension Value {
  /// The Int argument of `method`.
  func int(for method: String) throws -> Int {
    guard case .int(let int) = self else { throw ScriptError(.needs(subject: "'\(method)'", expected: "an Int", actual: typeName)) }
    return int
  }

  /// A count argument of `method` (`prefix(2)`): an Int that is not negative, as Swift requires.
  func count(for method: String) throws -> Int {
    let count = try int(for: method)
    guard count >= 0 else { throw ScriptError(.library(.negativeCount(method: method, count: count))) }
    return count
  }

  /// The String argument of `method`.
  func string(for method: String) throws -> String {
    guard case .string(let text) = self else { throw ScriptError(.needs(subject: "'\(method)'", expected: "a String", actual: typeName)) }
    return text
  }

  /// The elements of a sequence argument of `method`: an array or a set.
  func elements(for method: String) throws -> [Value] {
    switch self {
    case .array(let elements): return elements
    case .set(let set): return set.elements
    default: throw ScriptError(.needs(subject: "'\(method)'", expected: "an array or a Set", actual: typeName))
    }
  }

  /// The elements of any sequence, as Swift's `Array(_:)` and `Set(_:)`
  /// take them: an array (a range is one), a set, a dictionary's
  /// `(key:, value:)` pairs, or a string's characters (each a String).
  func sequenceElements(for method: String) throws -> [Value] {
    switch self {
    case .array(let elements): return elements
    case .set(let set): return set.elements
    case .dictionary(let dictionary): return dictionary.entryTuples
    case .string(let text): return text.map { .string(String($0)) }
    default:
      throw ScriptError(
        .needs(
          subject: "'\(method)'", expected: "a sequence: an array, a range like '1...3', a Set, a dictionary or a String",
          actual: typeName))
    }
  }
}

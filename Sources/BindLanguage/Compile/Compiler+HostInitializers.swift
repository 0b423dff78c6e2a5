import BindRuntime
import BindSyntax

extension Compiler {
  /// `Type(label: value, …)` for a registered Swift class with initializers
  /// (`HostTypeBuilder.constructor("init(start:)") { … }`): resolved here, by
  /// the call's labels as Swift resolves them, so `bindscript check` finds
  /// wrong labels too. `nil` when the call is BindScript's own form, the
  /// plain constructor followed by property writes (no initializer has
  /// these labels, the type has a plain constructor, and every label names
  /// one of its properties), which `compileConstructor` compiles.
  func compileHostInitializerCall(_ host: HostType, _ arguments: [Argument], range: SourceRange) throws -> Evaluation? {
    guard !host.initializers.isEmpty || !host.unavailableInitializers.isEmpty else { return nil }
    let labels = arguments.map { $0.label?.name }
    let matching = host.initializers.filter { $0.signature.labels == labels }
    if !matching.isEmpty { return try compileHostInitializer(among: matching, arguments, range: range) }
    if let unavailable = host.unavailableInitializers.first(where: { $0.signature.labels == labels }) {
      throw error(
        .declaration(.unavailableInitializer(signature: unavailable.signature.fullName, reason: unavailable.reason)),
        at: range)
    }
    if host.constructor != nil, labels.allSatisfy({ $0.map { host.objectType.members[$0] != nil } ?? false }) {
      return nil
    }
    throw initializerMismatch(host, arguments, range: range)
  }

  /// A call of one of `matching`, the Swift initializers with the call's
  /// labels (of a class or a struct); several are overloads the arguments' types pick from.
  func compileHostInitializer(among matching: [HostFunction], _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    let initializer = matching[0]
    let site = hostCallSite(initializer.signature.baseName, arguments, range: range)
    if matching.count > 1 { site.overloads = matching }
    try site.checkStatically(initializer, arguments: arguments, compiler: self)
    let values = try arguments.map { try compileExpression($0.value) }
    let interpreter = self.interpreter
    return { frame in
      let evaluated = try values.map { try $0(frame) }
      return try site.call(initializer, receiver: nil, arguments: evaluated, interpreter: interpreter)
    }
  }

  /// Why no initializer of `host` takes these arguments, in Swift's words,
  /// at the argument to blame (or the call).
  private func initializerMismatch(_ host: HostType, _ arguments: [Argument], range: SourceRange) -> ScriptError {
    let labels = arguments.map { $0.label?.name }
    let typeName = host.objectType.name
    let declared = host.initializers.map(\.signature) + host.unavailableInitializers.map(\.signature)
    let written = { (label: String?) in "\(label ?? "_"):" }
    // The initializers that take as many arguments, by how many labels
    // differ: when one is closest, the labels that differ from its.
    let differences = { (signature: HostSignature) in zip(labels, signature.labels).filter { $0 != $1 }.count }
    let sameCount = declared.filter { $0.labels.count == labels.count }
    let fewest = sameCount.map(differences).min()
    let closest = sameCount.filter { differences($0) == fewest }
    if closest.count == 1, let expected = closest.first {
      let wrong = zip(labels, expected.labels).enumerated().filter { $0.element.0 != $0.element.1 }
      if wrong.count == 1, let (index, (have, want)) = wrong.first.map({ ($0.offset, $0.element) }) {
        let at = arguments[index].range
        switch (have, want) {
        case (nil, let want?): return error(.missingLabel(want, function: expected.fullName), at: at)
        case (let have?, nil): return error(.extraneousLabel(have, function: expected.fullName), at: at)
        default:
          return error(
            .incorrectLabels(function: expected.fullName, have: written(have), expected: written(want), plural: false), at: at)
        }
      }
      let (have, want) = (wrong.map { written($0.element.0) }.joined(), wrong.map { written($0.element.1) }.joined())
      return error(.incorrectLabels(function: expected.fullName, have: have, expected: want, plural: true), at: range)
    }
    // One initializer in all: the argument missing or extra.
    if declared.count == 1, let expected = declared.first {
      if labels.count < expected.labels.count {
        let missing = expected.labels[labels.count]
        let parameter = missing.map { "'\($0)'" } ?? "#\(labels.count + 1)"
        return error(.missingArgument(parameter: parameter, function: expected.fullName), at: range)
      }
      let extra = labels.count > expected.labels.count ? arguments[expected.labels.count] : arguments.last!
      return error(.extraArgument(label: extra.label?.name, function: expected.fullName), at: extra.range)
    }
    let have = HostSignature(baseName: "\(typeName).init", labels: labels).fullName
    let names = declared.map(\.fullName)
    let guess = suggestion(for: have, among: names) ?? names.first
    return error(.noInitializer(signature: have, typeName: typeName, suggestion: guess), at: range)
  }
}

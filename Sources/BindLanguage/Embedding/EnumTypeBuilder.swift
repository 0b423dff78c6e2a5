import BindSyntax

/// Describes a Swift enum to the interpreter, case by case; passed to
/// `Interpreter.registerEnum(_:as:_:)`.
///
/// ```swift
/// try interpreter.registerEnum(SubmitState.self, as: "SubmitState") { type in
///   type.case("idle", .idle)                              // SubmitState: Equatable
///   type.case("submitting") { if case .submitting = $0 { true } else { false } } make: { .submitting }
///   type.case("failed", SubmitState.failed) { if case .failed(let message) = $0 { message } else { nil } }
/// }
/// ```
///
/// Each case says how to make it and how to recognise it (and take out its
/// associated values). Scripts print the values as Swift does
/// (`.failed("timeout")`), compare them with `==`, and make them with
/// `SubmitState.failed("timeout")`. A Swift value of a case that was not
/// registered cannot cross into a script: the statement that met it fails
/// with an error naming the type. `CaseIterable` enums can skip the
/// description (`Interpreter.registerEnum(_:as:)`).
public final class EnumTypeBuilder<Root> {
  /// One registered case: how to make it and how to recognise it.
  struct CaseEntry {
    let description: EnumType.Case
    let bridges: [ValueBridge]
    let make: ([Any]) -> Root
    /// The associated values (empty for a plain case) if the value is this case.
    let extract: (Root) -> [Any]?
  }

  let typeName: String
  private let resolve: (Any.Type) throws -> ValueBridge
  private(set) var cases: [CaseEntry] = []
  private(set) var problems: [String] = []
  private var names: Set<String> = []

  init(typeName: String, resolve: @escaping (Any.Type) throws -> ValueBridge) {
    self.typeName = typeName
    self.resolve = resolve
  }

  /// Any case, its associated values described by label and Swift type: the
  /// form `@ScriptableValue` writes. `make` gets the values in order, as
  /// their Swift types; `extract` returns them if a value is this case.
  public func `case`(
    _ name: String, associatedValues: [(label: String?, type: Any.Type)], rawValue: Value? = nil,
    make: @escaping ([Any]) -> Root, extract: @escaping (Root) -> [Any]?
  ) {
    guard Identifier.isValid(name) else {
      problems.append("'\(name)' is not a valid case name of '\(typeName)'; use letters, digits and '_', not starting with a digit")
      return
    }
    guard names.insert(name).inserted else {
      problems.append("case '\(name)' is registered twice in enum '\(typeName)'")
      return
    }
    var bridges: [ValueBridge] = []
    for (position, associated) in associatedValues.enumerated() {
      if let label = associated.label, !Identifier.isValid(label) {
        problems.append("'\(label)' is not a valid label in case '\(name)' of '\(typeName)'")
        return
      }
      do {
        bridges.append(try resolve(associated.type))
      } catch let error as BridgeError {
        let which = associated.label.map { "'\($0)'" } ?? "#\(position + 1)"
        problems.append("associated value \(which) of case '\(name)' of enum '\(typeName)': \(error.message)")
        return
      } catch {
        problems.append("case '\(name)' of enum '\(typeName)': \(error)")
        return
      }
    }
    let description = EnumType.Case(
      name: name, associatedValues: zip(associatedValues, bridges).map { ($0.label, $1.type) }, rawValue: rawValue)
    cases.append(CaseEntry(description: description, bridges: bridges, make: make, extract: extract))
  }

  /// A case without associated values, recognised by `matches`.
  public func `case`(_ name: String, _ value: Root, matches: @escaping (Root) -> Bool) {
    self.case(name, associatedValues: [], make: { _ in value }, extract: { matches($0) ? [] : nil })
  }

  /// A case with one associated value: `type.case("failed", SubmitState.failed) { if case .failed(let m) = $0 { m } else { nil } }`.
  public func `case`<A>(
    _ name: String, label: String? = nil, _ make: @escaping (A) -> Root, extract: @escaping (Root) -> A?
  ) {
    self.case(
      name, associatedValues: [(label, A.self)], make: { make($0[0] as! A) },
      extract: { extract($0).map { [$0] } })
  }

  /// A case with two associated values.
  public func `case`<A, B>(
    _ name: String, labels: (String?, String?) = (nil, nil), _ make: @escaping (A, B) -> Root,
    extract: @escaping (Root) -> (A, B)?
  ) {
    self.case(
      name, associatedValues: [(labels.0, A.self), (labels.1, B.self)], make: { make($0[0] as! A, $0[1] as! B) },
      extract: { extract($0).map { [$0.0, $0.1] } })
  }
}

extension EnumTypeBuilder where Root: Equatable {
  /// A case without associated values, recognised with `==`.
  public func `case`(_ name: String, _ value: Root) {
    self.case(name, value, matches: { $0 == value })
  }
}

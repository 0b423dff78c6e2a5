import BindSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Swift struct or enum that knows how to register itself: what
/// `@ScriptableValue` writes. A registration that needs such a type (a
/// property, parameter, result or field of it) registers it on first use.
public protocol ScriptableValueType {
  // So that the generated `register(in:as:)` compiles in a file that
  // imports only BindScriptable.
  typealias Interpreter = BindLanguage.Interpreter

  /// The script type name: the type's own name unless `@ScriptableValue("Other")` says otherwise.
  static var scriptTypeName: String { get }

  /// Registers the type with `interpreter` as the script type `name`.
  static func register(in interpreter: Interpreter, as name: String) throws
}

extension Interpreter {
  /// Makes a Swift struct a script value type named `name`.
  ///
  /// `describe` lists the fields by key path and the initializer that makes
  /// the Swift value back from a script's; see ``StructTypeBuilder``. Scripts
  /// get the struct as a ``StructValue`` (the representation of script
  /// `struct`s), printed and compared as Swift does.
  ///
  /// Checked here, before any script runs: the name, the field names, and
  /// every field's type (which may be this struct itself, through an array or
  /// optional). Throws ``EmbeddingError`` naming each problem and where the
  /// registration is; nothing is registered then.
  @discardableResult
  public func registerStruct<Root>(
    _ swiftType: Root.Type, as name: String, fileID: String = #fileID, line: Int = #line,
    _ describe: (StructTypeBuilder<Root>) throws -> Void
  ) throws -> StructType {
    let located = { (problems: [String]) in EmbeddingError(problems.map { "\($0) (registered at \(fileID):\(line))" }) }
    if swiftType is AnyObject.Type {
      throw located(["'\(typeName(swiftType))' is a class; register it with 'register(_:as:)'"])
    }
    do { try checkNewValueType(swiftType, name: name) } catch let error as EmbeddingError { throw located(error.problems) }
    let structType = StructType(name: name, fields: [])
    structType.conformsToError = swiftType is any Error.Type
    let host = HostValueType(name: name, swiftType: swiftType, valueType: .structure(structType))
    // Added first, so that a field of this very type resolves to it.
    hostValueTypes.add(host)
    let builder = StructTypeBuilder<Root>(typeName: name) { [unowned self] type in
      try ValueBridge.resolve(type, interpreter: self) { try self.registeredBridge(for: $0) }
    }
    do {
      try describe(builder)
    } catch {
      hostValueTypes.remove(host)
      throw located(["struct '\(name)': \(error)"])
    }
    guard builder.problems.isEmpty else {
      hostValueTypes.remove(host)
      throw located(builder.problems)
    }
    structType.defineFields(builder.fields)
    structType.unavailableFields = builder.unavailableFields
    let readers = builder.readers
    // Reading an unchanged property again (a loop, `vm.hit.score` in a
    // chain) skips the field-by-field conversion (see `LastConversion`).
    let last = LastConversion<Root>()
    let convert: (Root) -> Value = { root in
      if let value = last.value(for: root) { return value }
      var fields: [Value] = []
      fields.reserveCapacity(readers.count)
      for reader in readers { fields.append(reader(root)) }
      let value = Value.structValue(StructValue(type: structType, fields: fields))
      last.keep(root, value)
      return value
    }
    host.typedToScript = convert
    host.toScript = { convert($0 as! Root) }
    host.fieldTypes = builder.fields.map(\.type)
    host.initializers = builder.initializers
    if let make = builder.make {
      let bridges = builder.bridges
      host.fromScript = { value in
        guard case .structValue(let script) = value, script.type === structType else { return nil }
        return try? make(StructFieldValues(type: structType, values: script.fields, bridges: bridges))
      }
    } else {
      host.canCrossOut = false
    }
    return structType
  }

  /// Makes a Swift enum a script value type named `name`.
  ///
  /// `describe` lists the cases, each with how to make it and how to
  /// recognise it; see ``EnumTypeBuilder``. Scripts get the values as
  /// ``EnumValue``s (the representation of script `enum`s), printed as Swift
  /// prints them (`.failed("timeout")`). A Swift value of a case that was not
  /// registered fails the statement that met it with an error naming the type.
  @discardableResult
  public func registerEnum<Root>(
    _ swiftType: Root.Type, as name: String, fileID: String = #fileID, line: Int = #line,
    _ describe: (EnumTypeBuilder<Root>) throws -> Void
  ) throws -> EnumType {
    try registerEnum(swiftType, as: name, fileID: fileID, line: line, allCases: nil, describe)
  }

  /// Makes a `CaseIterable` Swift enum a script type, as described; every
  /// case of `allCases` must be registered.
  @discardableResult
  public func registerEnum<Root: CaseIterable>(
    _ swiftType: Root.Type, as name: String, fileID: String = #fileID, line: Int = #line,
    _ describe: (EnumTypeBuilder<Root>) throws -> Void
  ) throws -> EnumType {
    try registerEnum(swiftType, as: name, fileID: fileID, line: line, allCases: Array(Root.allCases), describe)
  }

  /// Makes a `CaseIterable` Swift enum without associated values a script
  /// type, its cases named as Swift prints them.
  @discardableResult
  public func registerEnum<Root: CaseIterable & Equatable>(
    _ swiftType: Root.Type, as name: String, fileID: String = #fileID, line: Int = #line
  ) throws -> EnumType {
    try registerEnum(swiftType, as: name, fileID: fileID, line: line, allCases: Array(Root.allCases)) { type in
      for value in Root.allCases { type.case(String(describing: value), value) }
    }
  }

  /// Makes a `CaseIterable` Swift enum with `String` or `Int` raw values a
  /// script type: its cases named as Swift prints them, with their raw values
  /// (`Theme.dark.rawValue` in scripts).
  @discardableResult
  public func registerEnum<Root: CaseIterable & RawRepresentable & Equatable>(
    _ swiftType: Root.Type, as name: String, fileID: String = #fileID, line: Int = #line
  ) throws -> EnumType {
    try registerEnum(swiftType, as: name, fileID: fileID, line: line, allCases: Array(Root.allCases)) { type in
      for value in Root.allCases {
        let rawValue: Value?
        switch value.rawValue {
        case let text as String: rawValue = .string(text)
        case let int as Int: rawValue = .int(int)
        default: rawValue = nil
        }
        type.case(String(describing: value), associatedValues: [], rawValue: rawValue, make: { _ in value }) {
          $0 == value ? [] : nil
        }
      }
    }
  }

  private func registerEnum<Root>(
    _ swiftType: Root.Type, as name: String, fileID: String, line: Int, allCases: [Root]?,
    _ describe: (EnumTypeBuilder<Root>) throws -> Void
  ) throws -> EnumType {
    let located = { (problems: [String]) in EmbeddingError(problems.map { "\($0) (registered at \(fileID):\(line))" }) }
    if swiftType is AnyObject.Type {
      throw located(["'\(typeName(swiftType))' is a class; register it with 'register(_:as:)'"])
    }
    do { try checkNewValueType(swiftType, name: name) } catch let error as EmbeddingError { throw located(error.problems) }
    let enumType = EnumType(name: name, cases: [])
    enumType.conformsToError = swiftType is any Error.Type
    let host = HostValueType(name: name, swiftType: swiftType, valueType: .enumeration(enumType))
    hostValueTypes.add(host)
    let builder = EnumTypeBuilder<Root>(typeName: name) { [unowned self] type in
      try ValueBridge.resolve(type, interpreter: self) { try self.registeredBridge(for: $0) }
    }
    var problems: [String]
    do {
      try describe(builder)
      problems = builder.problems
    } catch {
      problems = ["enum '\(name)': \(error)"]
    }
    if problems.isEmpty, builder.cases.isEmpty { problems.append("enum '\(name)' registers no case") }
    let entries = builder.cases
    if problems.isEmpty, let allCases {
      for value in allCases where !entries.contains(where: { $0.extract(value) != nil }) {
        problems.append("case '\(value)' of enum '\(name)' is not registered; scripts could not represent it")
      }
    }
    guard problems.isEmpty else {
      hostValueTypes.remove(host)
      throw located(problems)
    }
    let rawValues = entries.compactMap(\.description.rawValue)
    let rawType: ValueType? =
      rawValues.count == entries.count ? rawValues.first.map { $0.typeName == "Int" ? .int : .string } : nil
    enumType.defineCases(entries.map(\.description), rawType: rawType)
    host.toScript = { [unowned self] any in
      let root = any as! Root
      for (index, entry) in entries.enumerated() {
        guard let associated = entry.extract(root) else { continue }
        let values = zip(entry.bridges, associated).map { bridge, value in bridge.toScript(value) }
        return .enumValue(EnumValue(type: enumType, caseIndex: index, associatedValues: values))
      }
      // The statement that met it fails (a bridge cannot throw where Swift
      // hands a value over, such as an observer's callback).
      if self.pendingError == nil {
        self.pendingError = ScriptError(
          .bridge(.unregisteredCase(typeName: name, value: String(describing: root), enumName: typeName(Root.self))))
      }
      return .null
    }
    host.fromScript = { value in
      guard case .enumValue(let script) = value, script.type === enumType else { return nil }
      let entry = entries[script.caseIndex]
      var swiftValues: [Any] = []
      for (bridge, associated) in zip(entry.bridges, script.associatedValues) {
        guard let converted = bridge.fromScript(associated) else { return nil }
        swiftValues.append(converted)
      }
      return entry.make(swiftValues)
    }
    return enumType
  }

  /// Registers a ``ScriptableValueType`` (a `@ScriptableValue` struct or
  /// enum) under its script type name.
  public func register<T: ScriptableValueType>(_ type: T.Type) throws {
    try type.register(in: self, as: type.scriptTypeName)
  }

  private func checkNewValueType(_ swiftType: Any.Type, name: String) throws {
    if let existing = hostValueTypes[swiftType] {
      throw EmbeddingError("'\(typeName(swiftType))' is already registered as '\(existing.name)'")
    }
    try checkNewName(name, kind: "type")
  }
}

extension Interpreter {
  /// The registered Swift structs and enums as declarations, sorted by
  /// name, for the REPL's `:types`: `struct SearchHit {`, one line per field
  /// or case (`  var title: String`, `  case failed(String)`), `}`.
  public var hostValueTypeDeclarations: [[String]] {
    hostValueTypes.byName.keys.sorted().compactMap { name in
      guard let host = hostValueTypes[name] else { return nil }
      if let type = host.structType {
        return ["struct \(name) {"] + type.fields.map { "  \($0.isConstant ? "let" : "var") \($0.name): \($0.type)" } + ["}"]
      }
      guard let type = host.enumType else { return nil }
      let raw = type.rawType.map { ": \($0)" } ?? ""
      return ["enum \(name)\(raw) {"]
        + type.cases.map { enumCase in
          let values = enumCase.associatedValues.map { ($0.label.map { "\($0): " } ?? "") + "\($0.type)" }
          return "  case \(enumCase.name)" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))")
        } + ["}"]
    }
  }
}

/// The last Swift value a registered struct converted, and what it became.
///
/// A value compares by its bytes, not `==` (which a type may define loosely,
/// say by an id alone): equal bytes are the same fields, since a struct's
/// strings, arrays and other copy-on-write storage are shared, never changed
/// in place, while this copy holds them, and a class reference is the same
/// object, whose script wrapper is the same. Unequal bytes just convert again.
final class LastConversion<Root> {
  /// One `Root`, initialized once something was converted.
  private let kept = UnsafeMutablePointer<Root>.allocate(capacity: 1)
  private var converted: Value?

  deinit {
    if converted != nil { kept.deinitialize(count: 1) }
    kept.deallocate()
  }

  func value(for candidate: Root) -> Value? {
    guard let converted else { return nil }
    let size = MemoryLayout<Root>.size
    let same = withUnsafeBytes(of: candidate) { new in
      guard let newBytes = new.baseAddress else { return true }
      return memcmp(kept, newBytes, size) == 0
    }
    return same ? converted : nil
  }

  func keep(_ root: Root, _ value: Value) {
    if converted != nil { kept.deinitialize(count: 1) }
    kept.initialize(to: root)
    converted = value
  }
}

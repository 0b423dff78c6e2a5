// UUID, URL and Data in scripts. Only FoundationEssentials where it exists
// (Linux), not the whole of Foundation.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Foundation value types scripts hold as they are, without arithmetic.
public enum FoundationKind: String, Sendable, CaseIterable {
  case uuid = "UUID"
  case url = "URL"
  case data = "Data"
}

/// A `UUID`, `URL` or `Data` in a script: the Swift value itself, which
/// crosses back to Swift unchanged, printed as Swift prints it
/// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, `https://example.com/a`,
/// `12 bytes`) and compared with `==` as Swift compares it.
public final class FoundationValue: @unchecked Sendable {
  public let kind: FoundationKind
  /// The Swift value: a `UUID`, `URL` or `Data`.
  public let swiftValue: AnyHashable

  init(_ uuid: UUID) { (kind, swiftValue) = (.uuid, uuid) }
  init(_ url: URL) { (kind, swiftValue) = (.url, url) }
  init(_ data: Data) { (kind, swiftValue) = (.data, data) }

  /// What Swift's `description` prints.
  var literal: String {
    switch kind {
    case .uuid: return (swiftValue.base as! UUID).uuidString
    case .url: return (swiftValue.base as! URL).description
    case .data: return (swiftValue.base as! Data).description
    }
  }

  /// `id.uuidString`, `url.host`, `data.count`, …; `nil` for a name the type lacks.
  func member(_ name: String) -> Value? {
    switch (swiftValue.base, name) {
    case (let uuid as UUID, "uuidString"): return .string(uuid.uuidString)
    case (let url as URL, "absoluteString"): return .string(url.absoluteString)
    case (let url as URL, "scheme"): return url.scheme.map(Value.string) ?? .null
    case (let url as URL, "host"): return url.host.map(Value.string) ?? .null
    case (let url as URL, "path"): return .string(url.path)
    case (let url as URL, "lastPathComponent"): return .string(url.lastPathComponent)
    case (let data as Data, "count"): return .int(data.count)
    case (let data as Data, "isEmpty"): return .bool(data.isEmpty)
    default: return nil
    }
  }

  /// The members ``member(_:)`` knows, for messages.
  static func memberNames(of kind: FoundationKind) -> [String] {
    switch kind {
    case .uuid: return ["uuidString"]
    case .url: return ["absoluteString", "scheme", "host", "path", "lastPathComponent"]
    case .data: return ["count", "isEmpty"]
    }
  }
}

extension FoundationValue: Equatable {
  public static func == (lhs: FoundationValue, rhs: FoundationValue) -> Bool {
    lhs === rhs || lhs.swiftValue == rhs.swiftValue
  }
}

/// The initializers scripts call as Swift does: `UUID()`,
/// `UUID(uuidString: text)`, `URL(string: text)`, `Data()`, `Decimal(x)`,
/// `Decimal(string: text)`. A failable one gives `nil`, as in Swift.
enum FoundationInitializers {
  /// The type names these initializers make.
  static let typeNames: Set<String> = ["Decimal", "UUID", "URL", "Data"]

  /// Keyed by `Type(label:)`.
  private static let initializers: [String: ([Value]) throws -> Value] = [
    "UUID()": { _ in .foundation(FoundationValue(UUID())) },
    "UUID(uuidString:)": { arguments in
      UUID(uuidString: try string(arguments[0], "uuidString")).map { .foundation(FoundationValue($0)) } ?? .null
    },
    "URL(string:)": { arguments in
      // Swift's `URL(string:)` is nil for an empty string too.
      URL(string: try string(arguments[0], "string")).map { .foundation(FoundationValue($0)) } ?? .null
    },
    "Data()": { _ in .foundation(FoundationValue(Data())) },
    "Decimal(_:)": { arguments in
      switch arguments[0] {
      case .int(let int): return .decimal(DecimalValue(int))
      case .double(let double): return .decimal(try DecimalValue(double: double))
      case .decimal: return arguments[0]
      default: throw ScriptError(.cannotConvert(from: arguments[0].typeName, to: "Decimal", hint: "use Decimal(string:) for text"))
      }
    },
    "Decimal(string:)": { arguments in
      DecimalValue(parsing: try string(arguments[0], "string")).map(Value.decimal) ?? .null
    },
  ]

  private static func string(_ value: Value, _ label: String) throws -> String {
    guard case .string(let text) = value else {
      throw ScriptError(.needs(subject: "'\(label):'", expected: "a String", actual: value.typeName))
    }
    return text
  }

  /// The initializer `Type(labels…)` calls, or `nil` when there is none.
  static func initializer(_ typeName: String, labels: [String?]) -> (([Value]) throws -> Value)? {
    initializers[signature(typeName, labels)]
  }

  /// `URL(string:)`.
  static func signature(_ typeName: String, _ labels: [String?]) -> String {
    "\(typeName)(" + labels.map { "\($0 ?? "_"):" }.joined() + ")"
  }

  /// The initializers of `typeName`, for the message of a call that matches none.
  static func forms(of typeName: String) -> [String] {
    initializers.keys.filter { $0.hasPrefix(typeName + "(") }.sorted()
  }
}

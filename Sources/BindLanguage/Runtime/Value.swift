import BindRuntime
import BindSyntax

/// A script value. Variables are dynamically typed; properties check the
/// values written into them against their declared ``ValueType``.
public enum Value {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([Value])
  case object(ScriptObject)
  case event(ScriptEvent)
  case function(Callable)
  /// A length of time: `300ms`, `1.5s`.
  case duration(Duration)
  /// A timer made by `after` or `every`, or an effect made by `effect`.
  case handle(ConnectionHandle)
  /// A struct value (script `struct` or a registered Swift struct).
  case structValue(StructValue)
  /// An enum value (script `enum` or a registered Swift enum).
  case enumValue(EnumValue)
  /// A point in time (a host `Date`).
  case date(DateValue)
  /// A dictionary `[K: V]`, keys in insertion order.
  case dictionary(ScriptDictionary)
  /// A set `Set<T>`, elements in insertion order.
  case set(ScriptSet)
  /// An exact decimal number (a host `Decimal`).
  case decimal(DecimalValue)
  /// A host `UUID`, `URL` or `Data`, held as the Swift value.
  case foundation(FoundationValue)
  /// A tuple `(1, "a")`, `(x: 1, y: 2)`.
  case tuple(TupleValue)

  /// The value's type as scripts name it, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "nil"
    case .bool: return "Bool"
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .array(let elements):
      // `[Int]` when the elements agree, `[Any]` when they do not (or there are none).
      guard let first = elements.first?.typeName, elements.allSatisfy({ $0.typeName == first }) else { return "[Any]" }
      return "[\(first)]"
    case .object(let object): return object.type.name
    case .event: return "event"
    case .function: return "function"
    case .duration: return "Duration"
    case .handle(let handle): return handle.typeName
    case .structValue(let value): return value.type.name
    case .enumValue(let value): return value.type.name
    case .date: return "Date"
    case .dictionary(let dictionary): return dictionary.typeName
    case .set(let set): return set.typeName
    case .decimal: return "Decimal"
    case .foundation(let value): return value.kind.rawValue
    case .tuple(let tuple): return tuple.typeName
    }
  }

  /// The value in literal form: `"text"`, `42`, `3.5`, `nil`, `[1, 2]`, `Person#1`,
  /// `Point(x: 1, y: 2)`, `.failed("timeout")`.
  public var literal: String {
    switch self {
    case .null: return "nil"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .double(let value): return Value.format(value)
    case .string(let value): return value.quotedLiteral
    case .array(let elements): return "[" + elements.map(\.literal).joined(separator: ", ") + "]"
    case .object(let object): return object.displayName
    case .event(let event): return event.displayName
    case .function(let function): return function.isClosure ? "(Function)" : "func \(function.name)"
    case .duration(let duration): return duration.literal
    case .handle(let handle): return handle.displayName
    case .structValue(let value): return value.literal
    case .enumValue(let value): return value.literal
    case .date(let date): return date.literal
    case .dictionary(let dictionary): return dictionary.literal
    case .set(let set): return set.literal
    case .decimal(let decimal): return decimal.literal
    case .foundation(let value): return value.literal
    case .tuple(let tuple): return tuple.literal
    }
  }

  /// What `print`, interpolation and `String(describing:)` show, as Swift's
  /// `description` does: strings without quotes, durations as Swift prints a
  /// `Duration` (`0.3 seconds`), so text a script builds is the text Swift
  /// builds from the same values; everything else as a literal.
  public var printed: String {
    switch self {
    case .string(let text): return text
    case .duration(let duration): return duration.description
    default: return literal
    }
  }

  /// Doubles print as Swift prints them, always with a fraction or exponent.
  static func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    return "\(value)"
  }

  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension Value: Equatable {
  /// Script equality: numbers compare across Int and Double (and Int and
  /// Decimal; a Decimal and a Double are never equal, as Swift does not
  /// compare them), objects, events
  /// and functions by identity, arrays, structs, enums and tuples element by element.
  public static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .int(let b)): return a == Double(b)
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a === b
    case (.event(let a), .event(let b)): return a === b
    case (.function(let a), .function(let b)): return a === b
    case (.duration(let a), .duration(let b)): return a == b
    case (.handle(let a), .handle(let b)): return a === b
    case (.structValue(let a), .structValue(let b)): return a.type === b.type && a.fields == b.fields
    case (.enumValue(let a), .enumValue(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.set(let a), .set(let b)): return a == b
    case (.decimal(let a), .decimal(let b)): return a == b
    case (.decimal(let a), .int(let b)): return a == DecimalValue(b)
    case (.int(let a), .decimal(let b)): return DecimalValue(a) == b
    case (.foundation(let a), .foundation(let b)): return a == b
    case (.tuple(let a), .tuple(let b)): return a == b
    default: return false
    }
  }
}

extension Value: CustomStringConvertible {
  public var description: String { literal }
}

/// Something a script can call: a `func`, a built-in, or a method bound to its receiver.
public final class Callable {
  /// The name, for messages.
  public let name: String
  /// The parameter count, or `nil` for variadic built-ins.
  let arity: Int?
  /// A closure expression's value (printed `(Function)`, as Swift prints one).
  let isClosure: Bool
  /// A script closure without declared types: what calling it runs, so that
  /// `map`, `filter` and their kin call it without building an argument array.
  let invocation: ClosureInvocation?
  let body: (_ arguments: [Value], _ context: CallContext) throws -> Value
  /// A `func` with a Swift signature: calls are matched against its labels
  /// and types. `nil` for built-ins and the untyped form, called without labels.
  let signature: FunctionSignature?
  /// What call sites cache the signature's argument plan under: the
  /// declaration's, shared by every function value it makes. `nil` without
  /// a signature.
  let argumentPlanKey: ArgumentPlanCache.Key?
  /// Where the signature's defaults are evaluated (the declaring frame);
  /// `nil` when it has none.
  let defaultFrame: Frame?
  /// A `func` declared `throws`: a call must be marked with `try`.
  let isThrowing: Bool
  /// A script function's code, for calls that take the direct path
  /// (`Compiler+DirectCalls.swift`); `nil` for built-ins, host functions
  /// and typed closures, which are called through ``body`` only.
  let code: FunctionCode?
  /// The parent of each frame a direct call makes (the defining frame, or nil).
  let frameParent: Frame?
  /// The frames direct calls reuse (when ``FunctionCode/reusesFrame``).
  @exclusivity(unchecked) var spares = SpareFrames()

  init(
    name: String, arity: Int?, isClosure: Bool = false, invocation: ClosureInvocation? = nil,
    signature: FunctionSignature? = nil, argumentPlanKey: ArgumentPlanCache.Key? = nil, defaultFrame: Frame? = nil,
    isThrowing: Bool = false, code: FunctionCode? = nil, frameParent: Frame? = nil,
    body: @escaping (_ arguments: [Value], _ context: CallContext) throws -> Value
  ) {
    self.code = code
    self.frameParent = frameParent
    self.name = name
    self.arity = arity
    self.isClosure = isClosure
    self.invocation = invocation
    self.signature = signature
    self.argumentPlanKey = argumentPlanKey
    self.defaultFrame = defaultFrame
    self.isThrowing = isThrowing
    self.body = body
  }

  /// How messages name it: `'greet'`, or `closure`.
  var quotedName: String { isClosure ? "closure" : "'\(name)'" }
}

/// Where a call happens, for errors raised inside built-ins.
struct CallContext {
  let interpreter: Interpreter
  let range: SourceRange
  let file: SourceFile
  let argumentRanges: [SourceRange]
}

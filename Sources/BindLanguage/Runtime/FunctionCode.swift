import BindSyntax

/// A script function's compiled code as the direct call path runs it
/// (`Compiler+DirectCalls.swift`): the body, the frame it needs and the
/// labels a call must write to skip the general path. One per declaration
/// (a `func`, a closure expression, a method), shared by every function
/// value it makes; it holds no frame.
final class FunctionCode {
  let body: Execution
  /// The frame's size: a method's `self`, the parameters, the body's variables.
  let slotCount: Int
  /// Where the arguments go: slot 1 in a method (`self` is slot 0), else 0.
  let firstArgumentSlot: Int
  /// A direct call's labels: the parameters' labels in order, every
  /// argument given (`nil` for `_` and for each parameter of the untyped form).
  let labels: [String?]
  /// The Swift signature whose parameter types the arguments are converted
  /// to; `nil` for the untyped form and untyped closures.
  let signature: FunctionSignature?
  /// Each parameter's type as the direct path checks it first.
  let checks: [ScalarTypeCheck]
  /// Declared `throws`: only a call marked with `try` is direct.
  let isThrowing: Bool
  /// Whether a call's frame is given back for the next call: the body
  /// makes no closure, timer or handler that could keep it.
  let reusesFrame: Bool
  /// How the call-depth error names what calls itself: "a function", "a closure".
  let calleeKind: String
  /// What call sites remember this code by (``DirectCallSite``). It holds
  /// nothing, so that a call site in the function's own body (recursion)
  /// makes no reference cycle, as ``ArgumentPlanCache/Key``.
  let key = ArgumentPlanCache.Key()

  init(
    body: @escaping Execution, slotCount: Int, firstArgumentSlot: Int = 0, arity: Int,
    signature: FunctionSignature?, isThrowing: Bool, reusesFrame: Bool, calleeKind: String = "a function"
  ) {
    self.body = body
    self.calleeKind = calleeKind
    self.slotCount = max(slotCount, firstArgumentSlot + arity)
    self.firstArgumentSlot = firstArgumentSlot
    self.labels = signature?.parameters.map(\.label) ?? Array(repeating: nil, count: arity)
    self.signature = signature
    self.checks = signature?.parameters.map { ScalarTypeCheck($0.type) } ?? Array(repeating: .any, count: arity)
    self.isThrowing = isThrowing
    self.reusesFrame = reusesFrame
  }
}

/// A call site of the direct path: the labels it writes, where it is, and
/// the code it last found they fit (an inline cache: one identity check a
/// call once it fits).
final class DirectCallSite {
  let labels: [String?]
  let range: SourceRange
  let file: SourceFile
  let argumentRanges: [SourceRange]
  /// Written with `try`, so a `throws` function may be called directly.
  let isMarked: Bool
  @exclusivity(unchecked) private var fitting: ArgumentPlanCache.Key?

  init(_ arguments: [Argument], range: SourceRange, file: SourceFile, isMarked: Bool) {
    labels = arguments.map { $0.label?.name }
    argumentRanges = arguments.map(\.range)
    self.range = range
    self.file = file
    self.isMarked = isMarked
  }

  /// Whether a call of `code` from here may take the direct path: every
  /// argument given with its parameter's label, in order. Anything else
  /// (defaults, wrong labels or count, an unmarked `throws` call) takes the
  /// general path, which reports its errors.
  @inline(__always) func fits(_ code: FunctionCode) -> Bool {
    code.key === fitting || refit(code)
  }

  @inline(never) private func refit(_ code: FunctionCode) -> Bool {
    guard code.labels == labels, !code.isThrowing || isMarked else { return false }
    fitting = code.key
    return true
  }
}

/// A type as a hot path checks a value against it before calling
/// ``ValueType/coerce(_:)``: for the scalar types a value either is (and
/// needs no conversion) or is not. Anything else, and a value that is not
/// of the scalar type, goes to `coerce`, which converts or refuses.
enum ScalarTypeCheck {
  /// No type: every value fits as it is.
  case any
  case int, double, string, bool
  /// Any other type: always `coerce`.
  case other

  init(_ type: ValueType?) {
    switch type {
    case nil: self = .any
    case .int?: self = .int
    case .double?: self = .double
    case .string?: self = .string
    case .bool?: self = .bool
    default: self = .other
    }
  }

  /// Whether `value` fits as it is, without a conversion.
  @inline(__always) func admits(_ value: Value) -> Bool {
    switch self {
    case .any: return true
    case .int: if case .int = value { return true }
    case .double: if case .double = value { return true }
    case .string: if case .string = value { return true }
    case .bool: if case .bool = value { return true }
    case .other: return false
    }
    return false
  }
}

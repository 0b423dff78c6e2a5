/// A type as written in a property or event declaration.
public indirect enum TypeAnnotation: Equatable, Sendable, CustomStringConvertible {
  /// `Int`, `String`, `Person`.
  case named(String, SourceRange)
  /// `T?`.
  case optional(TypeAnnotation, SourceRange)
  /// `[T]`.
  case array(TypeAnnotation, SourceRange)
  /// `[K: V]`.
  case dictionary(TypeAnnotation, TypeAnnotation, SourceRange)
  /// `(A, B) -> R`, `() -> Void`.
  case function([TypeAnnotation], TypeAnnotation, SourceRange)
  /// `Set<Int>`, `Array<String>`: a named type with generic arguments.
  case generic(String, [TypeAnnotation], SourceRange)
  /// `(Int, String)` or `(name: String, age: Int)`: two or more elements,
  /// each with an optional label.
  case tuple([TupleTypeElement], SourceRange)

  /// Where the annotation is written.
  public var range: SourceRange {
    switch self {
    case .named(_, let range), .optional(_, let range), .array(_, let range), .dictionary(_, _, let range),
      .function(_, _, let range), .generic(_, _, let range), .tuple(_, let range):
      return range
    }
  }

  /// The type in source form: `String?`, `[Int]`.
  public var description: String {
    switch self {
    case .named(let name, _): return name
    case .optional(let wrapped, _):
      if case .function = wrapped { return "(\(wrapped))?" }
      return "\(wrapped)?"
    case .array(let element, _): return "[\(element)]"
    case .dictionary(let key, let value, _): return "[\(key): \(value)]"
    case .function(let parameters, let result, _):
      return "(" + parameters.map(\.description).joined(separator: ", ") + ") -> \(result)"
    case .generic(let name, let arguments, _):
      return "\(name)<" + arguments.map(\.description).joined(separator: ", ") + ">"
    case .tuple(let elements, _):
      return "(" + elements.map(\.description).joined(separator: ", ") + ")"
    }
  }
}

/// One element of a tuple type: `Int` or `name: String`.
public struct TupleTypeElement: Equatable, Sendable, CustomStringConvertible {
  /// The label before `:`, if any.
  public var label: Identifier?
  /// The element's type.
  public var type: TypeAnnotation

  /// Creates a tuple type element.
  public init(label: Identifier?, type: TypeAnnotation) {
    self.label = label
    self.type = type
  }

  /// `name: String` or `Int`.
  public var description: String { label.map { "\($0.name): \(type)" } ?? type.description }
}

/// `type Name { members }`, `struct Name { members }` or
/// `enum Name[: RawType] { cases and members }`.
public struct TypeDeclaration: Equatable, Sendable {
  /// Which keyword declared the type.
  public enum Kind: String, Equatable, Sendable {
    /// `type`: an observable object with reference semantics.
    case object = "type"
    /// `struct`: a value type with stored fields.
    case structure = "struct"
    /// `enum`: a value type with cases.
    case enumeration = "enum"
  }

  /// A property, an event, a method or an enum case, in declaration order.
  public enum Member: Equatable, Sendable {
    /// `var name: T ...`
    case property(PropertyDeclaration)
    /// `event name[: T]`
    case event(EventDeclaration)
    /// `func name(…) { … }` or `mutating func …`.
    case method(FunctionDeclaration)
    /// `case name…` (enums only; one member per name in `case a, b`).
    case enumCase(EnumCaseDeclaration)
  }

  /// The type's name.
  public var name: Identifier
  /// Its members in declaration order.
  public var members: [Member]
  /// From the keyword to the closing `}`.
  public var range: SourceRange
  /// `type`, `struct` or `enum`.
  public var kind: Kind
  /// An enum's raw type (`enum Tab: String`).
  public var rawType: TypeAnnotation?
  /// `static let`/`static var` (each a `.variable`) and `static func` (a
  /// `.function`): members of the type itself, `Name.member`.
  public var staticMembers: [Statement]
  /// `init(…) { … }`, each named `init`; none means the memberwise one.
  public var initializers: [FunctionDeclaration]
  /// Types declared inside this one (`enum State` in a view-model), named
  /// `Outer.Inner` outside it.
  public var nestedTypes: [TypeDeclaration]
  /// `extension Name { … }`: members for a type declared elsewhere. One in
  /// the file that declares the type is merged into that declaration by
  /// the parser and left empty here (``Parser/mergingExtensions(_:)``).
  public var isExtension = false
  /// The protocols named after `:` (`enum LoginError: Error`).
  public var conformances: [Identifier] = []

  /// Creates a type declaration.
  public init(
    name: Identifier, members: [Member], range: SourceRange, kind: Kind = .object, rawType: TypeAnnotation? = nil,
    staticMembers: [Statement] = [], initializers: [FunctionDeclaration] = [], nestedTypes: [TypeDeclaration] = []
  ) {
    self.name = name
    self.members = members
    self.range = range
    self.kind = kind
    self.rawType = rawType
    self.staticMembers = staticMembers
    self.initializers = initializers
    self.nestedTypes = nestedTypes
  }

  /// The method declarations, in order.
  public var methods: [FunctionDeclaration] {
    members.compactMap { if case .method(let m) = $0 { return m } else { return nil } }
  }

  /// The enum cases, in order.
  public var enumCases: [EnumCaseDeclaration] {
    members.compactMap { if case .enumCase(let c) = $0 { return c } else { return nil } }
  }

  /// The property declarations, in order.
  public var properties: [PropertyDeclaration] {
    members.compactMap { if case .property(let p) = $0 { return p } else { return nil } }
  }

  /// The event declarations, in order.
  public var events: [EventDeclaration] {
    members.compactMap { if case .event(let e) = $0 { return e } else { return nil } }
  }
}

/// A property of a declared type.
public struct PropertyDeclaration: Equatable, Sendable {
  /// How the property gets its value.
  public enum Value: Equatable, Sendable {
    /// `var x: T` or `var x: T = default`: stored, observable, writable.
    /// Without a default an optional starts `nil`; the interpreter decides
    /// what a missing non-optional default means.
    case stored(default: Expression?)
    /// `var x: T { body }` (or `{ get { body } … }`): derived, read-only
    /// unless it has a setter, re-evaluated when what it read changes. The
    /// body is one expression, its value (Swift's implicit return), or
    /// statements that `return` it; its range is its braces.
    case derived(Block)
  }

  /// `let` instead of `var`: stored, but not writable after construction.
  public var isConstant: Bool
  /// The property's name.
  public var name: Identifier
  /// Its declared type; nil for a stored property whose default gives it
  /// (`var count = 0`), as Swift infers it.
  public var type: TypeAnnotation?
  /// Stored (with an optional default) or derived.
  public var value: Value
  /// For a derived property written `{ get { … } set { … } }`: its setter.
  public var setter: PropertySetter?
  /// The attributes written before `var` (`@equal(by: \.id)`).
  public var attributes: [PropertyAttribute] = []
  /// Who may write it: `.private` for `private var` and `private(set) var`
  /// (only the type's own code), nil for everyone.
  public var setterAccess: AccessLevel?
  /// From `var` to the end of the declaration.
  public var range: SourceRange

  /// Creates a property declaration.
  public init(
    isConstant: Bool, name: Identifier, type: TypeAnnotation?, value: Value, setter: PropertySetter? = nil,
    range: SourceRange
  ) {
    self.isConstant = isConstant
    self.name = name
    self.type = type
    self.value = value
    self.setter = setter
    self.range = range
  }
}

/// `set { … }` or `set(name) { … }` of a writable derived property, Swift's
/// computed-property setter: the written value is `newValue`, or `name`.
public struct PropertySetter: Equatable, Sendable {
  /// The name given in parentheses; nil for `newValue`.
  public var parameter: Identifier?
  /// The statements that write what the getter reads.
  public var body: Block
  /// From `set` to the closing `}`.
  public var range: SourceRange

  /// Creates a setter.
  public init(parameter: Identifier?, body: Block, range: SourceRange) {
    self.parameter = parameter
    self.body = body
    self.range = range
  }
}

/// `event name` or `event name: PayloadType`.
public struct EventDeclaration: Equatable, Sendable {
  /// The event's name.
  public var name: Identifier
  /// The payload type, or `nil` for an event without payload.
  public var payloadType: TypeAnnotation?
  /// From `event` to the end of the declaration.
  public var range: SourceRange

  /// Creates an event declaration.
  public init(name: Identifier, payloadType: TypeAnnotation?, range: SourceRange) {
    self.name = name
    self.payloadType = payloadType
    self.range = range
  }
}

/// `func name(a, b) { body }` with untyped parameters, or
/// `func name(label a: Int, _ b: String = "") -> Int { body }` with a Swift signature.
public struct FunctionDeclaration: Equatable, Sendable {
  /// The function's name.
  public var name: Identifier
  /// The parameter names, in order.
  public var parameters: [Identifier]
  /// The body.
  public var body: Block
  /// From `func` to the closing `}`.
  public var range: SourceRange
  /// Labels, types and defaults of the parameters (same order as `parameters`).
  public var signature: [FunctionParameter]
  /// `-> Type`, if written.
  public var returnType: TypeAnnotation?
  /// `mutating func` (struct and enum methods).
  public var isMutating: Bool
  /// `throws` after the parameters: calls must be marked with `try`.
  public var isThrowing = false
  /// `async` after the parameters: a method a Swift caller awaits, whose
  /// `wait` statements suspend that caller (a fake of a Swift protocol).
  public var isAsync = false

  /// Creates a function declaration.
  public init(
    name: Identifier, parameters: [Identifier], body: Block, range: SourceRange,
    signature: [FunctionParameter]? = nil, returnType: TypeAnnotation? = nil, isMutating: Bool = false
  ) {
    self.name = name
    self.parameters = parameters
    self.body = body
    self.range = range
    self.signature = signature ?? parameters.map {
      FunctionParameter(label: nil, name: $0, type: nil, defaultValue: nil, range: $0.range)
    }
    self.returnType = returnType
    self.isMutating = isMutating
  }

  /// Whether the function has a Swift signature (typed parameters or a
  /// return type): its calls use argument labels and are type-checked.
  /// `func f()` without a return type is the same in both forms.
  public var hasSwiftSignature: Bool {
    returnType != nil || signature.contains { $0.type != nil }
  }

  /// `name(label:_:)`, as Swift names a function.
  public var fullName: String {
    guard hasSwiftSignature else { return "\(name.name)(\(parameters.map(\.name).joined(separator: ", ")))" }
    return "\(name.name)(" + signature.map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
  }
}

/// `{ statements }`.
public struct Block: Equatable, Sendable {
  /// The statements, in order.
  public var statements: [Statement]
  /// From `{` to `}`.
  public var range: SourceRange

  /// Creates a block.
  public init(statements: [Statement], range: SourceRange) {
    self.statements = statements
    self.range = range
  }
}

/// The block of an `observe` or `on` statement, with optional parameters:
/// `{ old, new in ... }`, `{ v in ... }`, `{ ... }`.
public struct HandlerBlock: Equatable, Sendable {
  /// The parameter names before `in` (empty when there is no `in`).
  public var parameters: [Identifier]
  /// The statements after `in`; its range is the whole `{ … }`.
  public var body: Block

  /// Creates a handler block.
  public init(parameters: [Identifier], body: Block) {
    self.parameters = parameters
    self.body = body
  }

  /// From `{` to `}`.
  public var range: SourceRange { body.range }
}

/// An attribute of a property declaration, written before `var`.
public enum PropertyAttribute: Equatable, Sendable {
  /// `@equal(by: \.a.b)`: a write is a change only when the key at that
  /// path differs (compare users by `id`).
  case equalBy(path: [Identifier], SourceRange)
  /// `@equal(never)`: every write is a change, even of an equal value.
  case equalNever(SourceRange)
}

/// Swift's access levels. A script is one file of one module, so only
/// `private` restricts anything: a `private` or `private(set)` property is
/// written only by its type's own code (reads are open to scripts, so a
/// test can look at private state).
public enum AccessLevel: String, Equatable, Sendable {
  case `private`, `fileprivate`, `internal`, `public`, `open`
}

/// The modifiers before a declaration: `private(set) public var`, `final`.
public struct DeclarationModifiers: Equatable, Sendable {
  /// The words that start a modifier.
  public static let words: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final"]

  public var access: AccessLevel?
  /// `private(set)` and its kin.
  public var setterAccess: AccessLevel?
  public var isFinal = false
  /// From the first modifier to the last (a caret before the declaration when there is none).
  public var range: SourceRange

  /// Who may write a property declared with these modifiers: the setter's
  /// own level, else the declaration's (`private var` is written privately too).
  public var effectiveSetterAccess: AccessLevel? {
    let level = setterAccess ?? access
    return level == .private ? .private : nil
  }

  /// As written, for messages.
  public var text: String {
    var words: [String] = []
    if let access { words.append(access.rawValue) }
    if let setterAccess { words.append("\(setterAccess.rawValue)(set)") }
    if isFinal { words.append("final") }
    return words.joined(separator: " ")
  }
}

import BindLanguage

/// A class whose registration `@Scriptable` wrote.
///
/// `register(in:as:)` calls ``BindLanguage/Interpreter/register(_:as:_:)``
/// with one builder call per member the macro found.
public protocol ScriptableType: AnyObject {
  // So that the generated `register(in:as:)` compiles in a file that
  // imports only BindScriptable (and BindRuntime for `@Observed`).
  typealias Interpreter = BindLanguage.Interpreter
  typealias ObjectType = BindLanguage.ObjectType

  /// The script type name `@Scriptable` was given: the class's own name
  /// unless `@Scriptable("Other")` says otherwise.
  static var scriptTypeName: String { get }

  /// Registers the class with `interpreter` as the script type `name`.
  @discardableResult
  static func register(in interpreter: Interpreter, as name: String) throws -> ObjectType
}

extension Interpreter {
  /// Registers a `@Scriptable` class under its script type name.
  @discardableResult
  public func register<T: ScriptableType>(_ type: T.Type) throws -> ObjectType {
    try type.register(in: self, as: type.scriptTypeName)
  }
}

/// Makes a class scriptable: writes an extension conforming it to
/// ``ScriptableType`` whose `register(in:as:)` registers, by declaration,
///
/// - every non-private `@Observed var` (read-write through `\.$name`;
///   read-only when its setter is `private(set)`),
/// - every non-private property declared as `Derived<…>`, `Property<…>` or
///   `ObservableValue<…>` (read-only),
/// - every non-private `EventStream<…>` property (an event),
/// - on an `@Observable` class, every other non-private `var` (by key path;
///   read-only when computed or `private(set)`),
/// - on an `ObservableObject`, every non-private `@Published var` and
///   get-only computed `var`, through BindScriptCombine's `published`
///   (the file must import BindScriptCombine),
/// - every non-private instance method (named as Swift names it,
///   `select(index:)`, sync, `throws` or `async`),
/// - every non-private `init` as a constructor, called with Swift's labels
///   (`Counter(start: 5)`, `Counter("laps")` for
///   `init(_ label: String, step: Int = 1)`; one registration per choice of
///   defaulted parameters left out, so Swift evaluates the defaults); a
///   `throws` one's error is the script's, an `init?` gives `nil`, and one
///   whose parameter type does not bridge is an error when a script calls
///   it, not when the class registers. A `static func makeForScripts(in:)`
///   replaces them all: it is then the only constructor,
/// - every non-private `static let` and `static var` as a constant of the
///   type (`ComposerViewModel.maxLength`, read when the type registers;
///   left out quietly when its type does not bridge), and every `static
///   func` as a function of the type (`ComposerViewModel.trimmed(_:)`).
///
/// `@ScriptIgnored` leaves a member out; `@ScriptName("other")` renames it.
/// A member the builder cannot take (a generic method or init, an `async`
/// init, an `inout` parameter, more than 4 parameters) is left out with a
/// warning
/// saying why. `@Scriptable("Name")` names the script type.
@attached(extension, conformances: ScriptableType, names: named(register), named(scriptTypeName))
public macro Scriptable(_ name: String? = nil) = #externalMacro(module: "BindScriptMacros", type: "ScriptableMacro")

/// Leaves a member of a `@Scriptable` class out of its registration.
@attached(peer)
public macro ScriptIgnored() = #externalMacro(module: "BindScriptMacros", type: "ScriptMarkerMacro")

/// Gives a member of a `@Scriptable` class another name in scripts. For a
/// method, the base name (`@ScriptName("pick")` on `select(index:)` makes
/// `pick(index:)`), or the whole signature (`"pick(_:)"`).
@attached(peer)
public macro ScriptName(_ name: String) = #externalMacro(module: "BindScriptMacros", type: "ScriptMarkerMacro")

/// A struct or enum whose registration `@ScriptableValue` wrote.
public typealias ScriptableValueType = BindLanguage.ScriptableValueType

/// The interpreter as `@ScriptableValue`'s generated code names it, so that
/// the code compiles in a file that imports only BindScriptable (a type
/// alias declared in BindLanguage cannot be used there).
public typealias ScriptableInterpreter = BindLanguage.Interpreter

/// Makes a struct or an enum a script value type: writes an extension
/// conforming it to ``ScriptableValueType`` whose `register(in:as:)`
/// registers,
///
/// - for a struct, every stored property as a field (a `let` stays
///   read-only) and the memberwise initializer (or a declared `init` whose
///   labels are the fields'), which turns a script's value back into Swift;
/// - for an enum, every case, with its associated values' labels and types,
///   and the raw values of a `String` or `Int` enum.
///
/// Scripts print the values as Swift does (`SearchHit(title: "Swift",
/// score: 3)`, `.failed("timeout")`), compare them with `==`, and make them
/// (`SearchHit(title: "Swift", score: 3)`, `SubmitState.failed("timeout")`).
/// A type registers itself when a registration first needs it (a property,
/// method or field of its type), so `interpreter.register(SearchViewModel.self)`
/// also registers the `SearchHit` its results use. `@ScriptIgnored` leaves
/// out a stored property that has a default value. `@ScriptableValue("Name")`
/// names the script type.
@attached(extension, conformances: ScriptableValueType, names: named(register), named(scriptTypeName))
public macro ScriptableValue(_ name: String? = nil) =
  #externalMacro(module: "BindScriptMacros", type: "ScriptableValueMacro")

/// The script value behind a class `@ScriptImplementable` generated.
public typealias ScriptImplementation = BindLanguage.ScriptImplementation

/// A class `@ScriptImplementable` generated: it implements a Swift protocol
/// by calling a script's value.
public typealias ScriptImplemented = BindLanguage.ScriptImplemented

/// Lets scripts implement a protocol, so that a test passes a fake written in
/// a script wherever Swift expects the protocol. Writes, beside `P`, the class
/// `ScriptedP`, which implements `P` by calling the script's value;
/// `try ScriptedP.register(in: interpreter)` (before registering the types
/// whose members use `P`) lets scripts write
///
/// ```
/// type FakeAuth: AuthService {
///   func signIn(email: String, password: String) async throws -> User {
///     wait 500ms
///     if password == "wrong" { throw AuthError.invalidCredentials }
///     return User(name: "Ada")
///   }
/// }
/// let login = LoginModel(auth: FakeAuth())
/// ```
///
/// A parameter or property of type `any P` then takes a script's value whose
/// type conforms (checked as its declaration runs), or a registered host
/// object whose class conforms in Swift. The requirements must be methods
/// (sync, `throws` or `async`), not generic and not static. An `async`
/// requirement's caller is suspended at each `wait` of the script's method
/// on the script's clock; what the script throws reaches Swift as the host's
/// own error type when it is registered, else as `ScriptThrownError`.
/// `@ScriptImplementable("Name")` names the protocol for scripts.
@attached(peer, names: prefixed(Scripted))
public macro ScriptImplementable(_ name: String? = nil) =
  #externalMacro(module: "BindScriptMacros", type: "ScriptImplementableMacro")

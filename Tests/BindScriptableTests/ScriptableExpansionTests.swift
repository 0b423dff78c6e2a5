import BindScriptMacros
import MacroTesting
import XCTest

/// What `@Scriptable` writes, expansion by expansion; the behaviour of the
/// same declarations against scripts is in `ScriptableBehaviourTests`.
final class ScriptableExpansionTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(
      macros: ["Scriptable": ScriptableMacro.self, "ScriptIgnored": ScriptMarkerMacro.self, "ScriptName": ScriptMarkerMacro.self]
    ) {
      super.invokeTest()
    }
  }

  func testObservedDerivedEventsMethodsAndConstructor() {
    assertMacro {
      """
      @Scriptable
      final class SignUp {
        @Observed var name = ""
        @Observed private(set) var status = "idle"
        let canSubmit: Derived<Bool>
        let submitted = EventStream<String>()
        var plain = 3
        private var secret = 1
        @ScriptIgnored @Observed var internalNote = ""
        @ScriptName("email") @Observed var address = ""

        init() { canSubmit = Derived { true } }
        init(name: String) { self.init() }

        func clear() {}
        func select(index: Int) {}
        func move(_ from: Int, to target: Int) {}
        @discardableResult func add(title: String) throws -> Int { 0 }
        func submit() async throws {}
        @ScriptName("pick") func choose(at index: Int) -> String { "" }
        private func helper() {}
      }
      """
    } expansion: {
      #"""
      final class SignUp {
        @Observed var name = ""
        @Observed private(set) var status = "idle"
        let canSubmit: Derived<Bool>
        let submitted = EventStream<String>()
        var plain = 3
        private var secret = 1
        @Observed var internalNote = ""
        @Observed var address = ""

        init() { canSubmit = Derived { true } }
        init(name: String) { self.init() }

        func clear() {}
        func select(index: Int) {}
        func move(_ from: Int, to target: Int) {}
        @discardableResult func add(title: String) throws -> Int { 0 }
        func submit() async throws {}
        func choose(at index: Int) -> String { "" }
        private func helper() {}
      }

      extension SignUp: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "SignUp"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "SignUp") throws -> ObjectType {
          try interpreter.register(SignUp.self, as: name) { type in
            type.property("name", \.$name)
            type.property("status", readOnly: \.$status)
            type.property("canSubmit", readOnly: \.canSubmit)
            type.event("submitted", \.submitted)
            type.property("email", \.$address)
            type.constructor {
              SignUp()
            }
            type.constructor("init(name:)", skipsUnbridged: true) { (a: String) -> SignUp in
              SignUp(name: a)
            }
            type.method("clear()") { (object: SignUp) -> Void in
              object.clear()
            }
            type.method("select(index:)") { (object: SignUp, a: Int) -> Void in
              object.select(index: a)
            }
            type.method("move(_:to:)") { (object: SignUp, a: Int, b: Int) -> Void in
              object.move(a, to: b)
            }
            type.method("add(title:)") { (object: SignUp, a: String) throws -> Int in
              try object.add(title: a)
            }
            type.method("submit()") { (object: SignUp) async throws -> Void in
              try await object.submit()
            }
            type.method("pick(at:)") { (object: SignUp, a: Int) -> String in
              object.choose(at: a)
            }
          }
        }
      }
      """#
    }
  }

  func testObservableClassRegistersPlainVarsByKeyPath() {
    assertMacro {
      """
      @Observable @Scriptable("Prefs")
      final class Settings {
        var volume = 3
        private(set) var device = "speaker"
        var isLoud: Bool { volume > 7 }
        var label: String {
          get { device }
          set { device = newValue }
        }
        let id = 1
        @ObservationIgnored var cache = 0
      }
      """
    } expansion: {
      #"""
      @Observable
      final class Settings {
        var volume = 3
        private(set) var device = "speaker"
        var isLoud: Bool { volume > 7 }
        var label: String {
          get { device }
          set { device = newValue }
        }
        let id = 1
        @ObservationIgnored var cache = 0
      }

      extension Settings: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Prefs"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Prefs") throws -> ObjectType {
          try interpreter.register(Settings.self, as: name) { type in
            type.property("volume", \.volume)
            type.property("device", readOnly: \.device)
            type.property("isLoud", readOnly: \.isLoud)
            type.property("label", \.label)
            type.computed("isLoud", reads: ["volume"])
            type.computed("label", reads: ["device"])
          }
        }
      }
      """#
    }
  }

  /// What a computed property reads, for the graph's edges: the registered
  /// properties its getter names (`self.x`, a bare `x`, the first name of
  /// `x.y`), by their script names, each once; not another object's `x`, a
  /// key path's, an enum case, a name the getter declares itself, a
  /// property scripts do not see, or itself.
  func testComputedPropertiesListTheRegisteredPropertiesTheirGettersName() {
    assertMacro {
      """
      @Observable @Scriptable
      final class Cart {
        var items: [Decimal] = []
        var subtotal: Decimal { items.reduce(0, +) }
        var total: Decimal {
          let discounted = subtotal - self.subtotal * Decimal(discount) / 100
          return items.isEmpty ? 0 : discounted + shipping.cost
        }
        var summary: String {
          let discount = 0
          return "\\(items.count.description) \\(other.items) \\(discount) \\(notes.map(\\.items)) \\(Kind.items)"
        }
        var label: String { if let note { note } else { summary + label } }
        @ScriptName("percent") var discount = 0
        var shipping = Shipping()
        var note: String?
        var other: Cart?
        @ObservationIgnored var notes: [Cart] = []
        private var secret = 0
        var hidden: Int { secret }
      }
      """
    } expansion: {
      #"""
      @Observable
      final class Cart {
        var items: [Decimal] = []
        var subtotal: Decimal { items.reduce(0, +) }
        var total: Decimal {
          let discounted = subtotal - self.subtotal * Decimal(discount) / 100
          return items.isEmpty ? 0 : discounted + shipping.cost
        }
        var summary: String {
          let discount = 0
          return "\(items.count.description) \(other.items) \(discount) \(notes.map(\.items)) \(Kind.items)"
        }
        var label: String { if let note { note } else { summary + label } }
        var discount = 0
        var shipping = Shipping()
        var note: String?
        var other: Cart?
        @ObservationIgnored var notes: [Cart] = []
        private var secret = 0
        var hidden: Int { secret }
      }

      extension Cart: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Cart"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Cart") throws -> ObjectType {
          try interpreter.register(Cart.self, as: name) { type in
            type.property("items", \.items)
            type.property("subtotal", readOnly: \.subtotal)
            type.property("total", readOnly: \.total)
            type.property("summary", readOnly: \.summary)
            type.property("label", readOnly: \.label)
            type.property("percent", \.discount)
            type.property("shipping", \.shipping)
            type.property("note", \.note)
            type.property("other", \.other)
            type.property("hidden", readOnly: \.hidden)
            type.computed("subtotal", reads: ["items"])
            type.computed("total", reads: ["subtotal", "percent", "items", "shipping"])
            type.computed("summary", reads: ["items", "other"])
            type.computed("label", reads: ["note", "summary"])
          }
        }
      }
      """#
    }
  }

  func testObservableObjectRegistersPublishedAndComputedVarsThroughTheCombineAdapter() {
    assertMacro {
      """
      @Scriptable
      final class Preferences: ObservableObject {
        @Published var fontSize = 14
        @Published private(set) var recent: [String] = []
        var summary: String { "\\(fontSize)pt" }
        var notAnnounced = 0
        init() {}
      }
      """
    } expansion: {
      #"""
      final class Preferences: ObservableObject {
        @Published var fontSize = 14
        @Published private(set) var recent: [String] = []
        var summary: String { "\(fontSize)pt" }
        var notAnnounced = 0
        init() {}
      }

      extension Preferences: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Preferences"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Preferences") throws -> ObjectType {
          try interpreter.register(Preferences.self, as: name) { type in
            type.published("fontSize", \.fontSize)
            type.published("recent", readOnly: \.recent)
            type.published("summary", readOnly: \.summary)
            type.constructor {
              Preferences()
            }
            type.computed("summary", reads: ["fontSize"])
          }
        }
      }
      """#
    }
  }

  func testMembersTheBuilderCannotTakeAreWarnedAbout() {
    assertMacro {
      """
      @Scriptable
      final class Odd {
        static var shared = Odd()
        static func make() -> Odd { Odd() }
        func generic<T>(_ value: T) {}
        func five(a: Int, b: Int, c: Int, d: Int, e: Int) {}
        func bump(_ value: inout Int) {}
        func each(_ body: @escaping (Int) -> Void) {}
        func show(_ value: some CustomStringConvertible) {}
        @ScriptIgnored func quiet<T>(_ value: T) {}
        static func == (lhs: Odd, rhs: Odd) -> Bool { true }
      }
      """
    } diagnostics: {
      """
      @Scriptable
      final class Odd {
        static var shared = Odd()
        static func make() -> Odd { Odd() }
        func generic<T>(_ value: T) {}
                    ┬──
                    ╰─ ⚠️ method 'generic' is not registered for scripts: generic methods cannot be called from scripts; mark it @ScriptIgnored to silence this
        func five(a: Int, b: Int, c: Int, d: Int, e: Int) {}
                 ┬───────────────────────────────────────
                 ╰─ ⚠️ method 'five' is not registered for scripts: it has 5 parameters; scripts call methods of at most 4; mark it @ScriptIgnored to silence this
        func bump(_ value: inout Int) {}
                  ┬─────────────────
                  ╰─ ⚠️ method 'bump' is not registered for scripts: inout parameter 'value' cannot be passed from scripts; mark it @ScriptIgnored to silence this
        func each(_ body: @escaping (Int) -> Void) {}
                  ┬──────────────────────────────
                  ╰─ ⚠️ method 'each' is not registered for scripts: closure parameter 'body' does not bridge to scripts; mark it @ScriptIgnored to silence this
        func show(_ value: some CustomStringConvertible) {}
                  ┬────────────────────────────────────
                  ╰─ ⚠️ method 'show' is not registered for scripts: opaque parameter 'value' makes the method generic; mark it @ScriptIgnored to silence this
        @ScriptIgnored func quiet<T>(_ value: T) {}
        static func == (lhs: Odd, rhs: Odd) -> Bool { true }
      }
      """
    } expansion: {
      """
      final class Odd {
        static var shared = Odd()
        static func make() -> Odd { Odd() }
        func generic<T>(_ value: T) {}
        func five(a: Int, b: Int, c: Int, d: Int, e: Int) {}
        func bump(_ value: inout Int) {}
        func each(_ body: @escaping (Int) -> Void) {}
        func show(_ value: some CustomStringConvertible) {}
        func quiet<T>(_ value: T) {}
        static func == (lhs: Odd, rhs: Odd) -> Bool { true }
      }

      extension Odd: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Odd"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Odd") throws -> ObjectType {
          let objectType = try interpreter.register(Odd.self, as: name) { type in
          }
          try interpreter.defineStatic("shared", of: name, Odd.shared)
          try interpreter.define("\\(name).make()") { () -> Odd in
            Odd.make()
          }
          return objectType
        }
      }
      """
    }
  }

  /// A macro sees only syntax: Foundation's formatters and their kin are
  /// the types it knows scripts cannot use. Such a member is still
  /// registered (at run time it is left out, and a script that names it is
  /// told why), and the warning names it and the fix, whether the type is
  /// written or inferred from the initializer. Static constants are the
  /// type's members, registered after it without a word.
  func testWellKnownUnbridgedTypesAreWarnedAboutAndStaticsAreQuiet() {
    assertMacro {
      """
      @Scriptable
      final class Price {
        static let maxLength = 280
        @Observed var formatter: NumberFormatter? = nil
        @Observed var decoder = JSONDecoder()
        func format(_ amount: Int, with style: DateFormatter) -> String { "" }
      }
      """
    } diagnostics: {
      """
      @Scriptable
      final class Price {
        static let maxLength = 280
        @Observed var formatter: NumberFormatter? = nil
                                 ┬───────────────
                                 ╰─ ⚠️ property 'formatter' uses type 'NumberFormatter', which scripts cannot use; it is left out, and a script that names it gets an error; mark it @ScriptIgnored
        @Observed var decoder = JSONDecoder()
                                ┬──────────
                                ╰─ ⚠️ property 'decoder' uses type 'JSONDecoder', which scripts cannot use; it is left out, and a script that names it gets an error; mark it @ScriptIgnored
        func format(_ amount: Int, with style: DateFormatter) -> String { "" }
                                               ┬────────────
                                               ╰─ ⚠️ method 'format' uses type 'DateFormatter', which scripts cannot use; it is left out, and a script that names it gets an error; mark it @ScriptIgnored
      }
      """
    } expansion: {
      #"""
      final class Price {
        static let maxLength = 280
        @Observed var formatter: NumberFormatter? = nil
        @Observed var decoder = JSONDecoder()
        func format(_ amount: Int, with style: DateFormatter) -> String { "" }
      }

      extension Price: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Price"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Price") throws -> ObjectType {
          let objectType = try interpreter.register(Price.self, as: name) { type in
            type.property("formatter", \.$formatter)
            type.property("decoder", \.$decoder)
            type.method("format(_:with:)") { (object: Price, a: Int, b: DateFormatter) -> String in
              object.format(a, with: b)
            }
          }
          try interpreter.defineStatic("maxLength", of: name, Price.maxLength)
          return objectType
        }
      }
      """#
    }
  }

  /// A `didSet` may write the property again: scripts write through the
  /// setter, so that they see one change, to what Swift kept.
  func testAnObservedVarWithADidSetIsWrittenThroughItsSetter() {
    assertMacro {
      """
      @Scriptable
      final class Mixer {
        @Observed var volume = 5 {
          didSet { if volume > 10 { volume = 10 } }
        }
        @Observed var balance = 0
      }
      """
    } expansion: {
      #"""
      final class Mixer {
        @Observed var volume = 5 {
          didSet { if volume > 10 { volume = 10 } }
        }
        @Observed var balance = 0
      }

      extension Mixer: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Mixer"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Mixer") throws -> ObjectType {
          try interpreter.register(Mixer.self, as: name) { type in
            type.property("volume", \.$volume, setter: \.volume)
            type.property("balance", \.$balance)
          }
        }
      }
      """#
    }
  }

  /// Overloads register each; one whose parameter types scripts see as
  /// another's can never be picked, and is warned about where it is written.
  func testOverloadsScriptsCannotTellApartAreWarnedAbout() {
    assertMacro {
      """
      @Scriptable
      final class Canvas {
        func scale(by factor: Double) {}
        func scale(by factor: CGFloat) {}
        func scale(by factor: Int) {}
      }
      """
    } diagnostics: {
      """
      @Scriptable
      final class Canvas {
        func scale(by factor: Double) {}
        func scale(by factor: CGFloat) {}
             ┬────
             ╰─ ⚠️ method 'scale(by:)' taking (CGFloat) cannot be told apart from the one taking (Double) in scripts, which see both as (Double); a script's call of it is ambiguous; mark one @ScriptIgnored or give it another @ScriptName
        func scale(by factor: Int) {}
      }
      """
    } expansion: {
      """
      final class Canvas {
        func scale(by factor: Double) {}
        func scale(by factor: CGFloat) {}
        func scale(by factor: Int) {}
      }

      extension Canvas: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Canvas"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Canvas") throws -> ObjectType {
          try interpreter.register(Canvas.self, as: name) { type in
            type.method("scale(by:)") { (object: Canvas, a: Double) -> Void in
              object.scale(by: a)
            }
            type.method("scale(by:)") { (object: Canvas, a: CGFloat) -> Void in
              object.scale(by: a)
            }
            type.method("scale(by:)") { (object: Canvas, a: Int) -> Void in
              object.scale(by: a)
            }
          }
        }
      }
      """
    }
  }

  func testAMainActorClassConformsOnTheMainActor() {
    assertMacro {
      """
      @MainActor @Scriptable
      final class Counter {
        @Observed var count = 0
        func increment(by step: Int) {}
      }
      """
    } expansion: {
      #"""
      @MainActor
      final class Counter {
        @Observed var count = 0
        func increment(by step: Int) {}
      }

      extension Counter: @MainActor BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Counter"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Counter") throws -> ObjectType {
          try interpreter.register(Counter.self, as: name) { type in
            type.property("count", \.$count)
            type.method("increment(by:)") { (object: Counter, a: Int) -> Void in
              object.increment(by: a)
            }
          }
        }
      }
      """#
    }
  }

  func testADerivedOrEventIsKnownByItsInitializer() {
    assertMacro {
      """
      @Scriptable
      final class Search {
        lazy var count = Derived { 0 }
        let done = EventStream<Void>()
        let label = BindRuntime.Property("")
      }
      """
    } expansion: {
      #"""
      final class Search {
        lazy var count = Derived { 0 }
        let done = EventStream<Void>()
        let label = BindRuntime.Property("")
      }

      extension Search: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Search"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Search") throws -> ObjectType {
          try interpreter.register(Search.self, as: name) { type in
            type.property("count", readOnly: \.count)
            type.event("done", \.done)
            type.property("label", readOnly: \.label)
          }
        }
      }
      """#
    }
  }

  func testNamesMustBeStringLiterals() {
    assertMacro {
      """
      @Scriptable(name)
      final class A {
        @Observed var x = 0
      }
      """
    } diagnostics: {
      """
      @Scriptable(name)
      ┬────────────────
      ╰─ 🛑 expected a string literal naming it for scripts
      final class A {
        @Observed var x = 0
      }
      """
    }
    assertMacro {
      """
      @Scriptable
      final class B {
        @ScriptName(other) @Observed var x = 0
      }
      """
    } diagnostics: {
      """
      @Scriptable
      final class B {
        @ScriptName(other) @Observed var x = 0
        ┬─────────────────
        ╰─ 🛑 expected a string literal naming it for scripts
      }
      """
    }
  }

  func testOnlyClasses() {
    assertMacro {
      """
      @Scriptable
      struct Point {
        var x = 0
      }
      """
    } diagnostics: {
      """
      @Scriptable
      ┬──────────
      ╰─ 🛑 @Scriptable applies to a class; register other types by hand
      struct Point {
        var x = 0
      }
      """
    }
  }
}

import BindScriptMacros
import MacroTesting
import XCTest

/// What `@Scriptable` writes for initializers with parameters; their
/// behaviour against scripts is in `ScriptableInitializerBehaviourTests`.
final class ScriptableInitializerExpansionTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(
      macros: ["Scriptable": ScriptableMacro.self, "ScriptIgnored": ScriptMarkerMacro.self, "ScriptName": ScriptMarkerMacro.self]
    ) {
      super.invokeTest()
    }
  }

  func testLabelsUnderscoresDefaultsThrowingAndFailable() {
    assertMacro {
      """
      @Scriptable
      final class Counter {
        @Observed var count = 0
        init() {}
        init(start: Int) { count = start }
        convenience init(_ label: String, step: Int = 1) { self.init() }
        convenience init(limit: Int) throws { self.init() }
        convenience init?(code: String) { self.init() }
        required init(from source: Counter?) {}
        private init(secret: Int) {}
        @ScriptIgnored init(hidden: Int) {}
      }
      """
    } expansion: {
      #"""
      final class Counter {
        @Observed var count = 0
        init() {}
        init(start: Int) { count = start }
        convenience init(_ label: String, step: Int = 1) { self.init() }
        convenience init(limit: Int) throws { self.init() }
        convenience init?(code: String) { self.init() }
        required init(from source: Counter?) {}
        private init(secret: Int) {}
        init(hidden: Int) {}
      }

      extension Counter: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Counter"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Counter") throws -> ObjectType {
          try interpreter.register(Counter.self, as: name) { type in
            type.property("count", \.$count)
            type.constructor {
              Counter()
            }
            type.constructor("init(start:)", skipsUnbridged: true) { (a: Int) -> Counter in
              Counter(start: a)
            }
            type.constructor("init(_:step:)", skipsUnbridged: true) { (a: String, b: Int) -> Counter in
              Counter(a, step: b)
            }
            type.constructor("init(_:)", skipsUnbridged: true) { (a: String) -> Counter in
              Counter(a)
            }
            type.constructor("init(limit:)", skipsUnbridged: true) { (a: Int) throws -> Counter in
              try Counter(limit: a)
            }
            type.constructor("init(code:)", skipsUnbridged: true) { (a: String) -> Counter? in
              Counter(code: a)
            }
            type.constructor("init(from:)", skipsUnbridged: true) { (a: Counter?) -> Counter in
              Counter(from: a)
            }
          }
        }
      }
      """#
    }
  }

  /// `init()` is written as Swift calls it; an `init` whose every parameter
  /// has a default gives `Counter()` only when there is no `init()`.
  func testAnInitWhoseParametersAllHaveDefaults() {
    assertMacro {
      """
      @Scriptable
      final class Counter {
        init() {}
        init(start: Int = 0) {}
      }
      @Scriptable
      final class Stepper {
        init(start: Int = 0, step: Int = 1) throws {}
      }
      """
    } expansion: {
      """
      final class Counter {
        init() {}
        init(start: Int = 0) {}
      }
      final class Stepper {
        init(start: Int = 0, step: Int = 1) throws {}
      }

      extension Counter: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Counter"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Counter") throws -> ObjectType {
          try interpreter.register(Counter.self, as: name) { type in
            type.constructor {
              Counter()
            }
            type.constructor("init(start:)", skipsUnbridged: true) { (a: Int) -> Counter in
              Counter(start: a)
            }
          }
        }
      }

      extension Stepper: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Stepper"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Stepper") throws -> ObjectType {
          try interpreter.register(Stepper.self, as: name) { type in
            type.constructor("init(start:step:)", skipsUnbridged: true) { (a: Int, b: Int) throws -> Stepper in
              try Stepper(start: a, step: b)
            }
            type.constructor("init(step:)", skipsUnbridged: true) { (a: Int) throws -> Stepper in
              try Stepper(step: a)
            }
            type.constructor("init(start:)", skipsUnbridged: true) { (a: Int) throws -> Stepper in
              try Stepper(start: a)
            }
            type.constructor("init()", skipsUnbridged: true) { () throws -> Stepper in
              try Stepper()
            }
          }
        }
      }
      """
    }
  }

  func testInitializersScriptsCannotCallAreLeftOutWithAWarning() {
    assertMacro {
      """
      @Scriptable
      final class Loader {
        init() {}
        init(url: String) async {}
        init<T>(seed: T) {}
        init(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) {}
        init(values: Int...) {}
        init(onDone: @escaping () -> Void) {}
      }
      """
    } diagnostics: {
      """
      @Scriptable
      final class Loader {
        init() {}
        init(url: String) async {}
        ┬───
        ╰─ ⚠️ initializer 'init(url:)' is not registered for scripts: a script's constructor cannot be async; give scripts a synchronous init, or a static makeForScripts(in:); mark it @ScriptIgnored to silence this
        init<T>(seed: T) {}
            ┬──
            ╰─ ⚠️ initializer 'init(seed:)' is not registered for scripts: generic initializers cannot be called from scripts; mark it @ScriptIgnored to silence this
        init(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) {}
            ┬─────────────────────────────────────────────────
            ╰─ ⚠️ initializer 'init(_:_:_:_:_:)' is not registered for scripts: it has 5 parameters; scripts call initializers of at most 4; mark it @ScriptIgnored to silence this
        init(values: Int...) {}
             ┬─────────────
             ╰─ ⚠️ initializer 'init(values:)' is not registered for scripts: variadic parameter 'values' cannot be passed from scripts; mark it @ScriptIgnored to silence this
        init(onDone: @escaping () -> Void) {}
             ┬───────────────────────────
             ╰─ ⚠️ initializer 'init(onDone:)' is not registered for scripts: closure parameter 'onDone' does not bridge to scripts; mark it @ScriptIgnored to silence this
      }
      """
    } expansion: {
      """
      final class Loader {
        init() {}
        init(url: String) async {}
        init<T>(seed: T) {}
        init(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) {}
        init(values: Int...) {}
        init(onDone: @escaping () -> Void) {}
      }

      extension Loader: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Loader"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Loader") throws -> ObjectType {
          try interpreter.register(Loader.self, as: name) { type in
            type.constructor {
              Loader()
            }
          }
        }
      }
      """
    }
  }

  func testAFactoryIsTheOnlyConstructor() {
    assertMacro {
      """
      @Scriptable
      final class Timed {
        init(start: Int) {}
        static func makeForScripts(in interpreter: Interpreter) -> Timed { Timed(start: 0) }
      }
      """
    } expansion: {
      """
      final class Timed {
        init(start: Int) {}
        static func makeForScripts(in interpreter: Interpreter) -> Timed { Timed(start: 0) }
      }

      extension Timed: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Timed"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Timed") throws -> ObjectType {
          try interpreter.register(Timed.self, as: name) { type in
            type.constructor { [unowned interpreter] in
              Timed.makeForScripts(in: interpreter)
            }
          }
        }
      }
      """
    }
  }

  func testAMainActorClassRegistersItsInitializersOnTheMainActor() {
    assertMacro {
      """
      @MainActor @Scriptable
      final class Counter {
        init(start: Int) {}
      }
      """
    } expansion: {
      """
      @MainActor
      final class Counter {
        init(start: Int) {}
      }

      extension Counter: @MainActor BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Counter"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Counter") throws -> ObjectType {
          try interpreter.register(Counter.self, as: name) { type in
            type.constructor("init(start:)", skipsUnbridged: true) { (a: Int) -> Counter in
              Counter(start: a)
            }
          }
        }
      }
      """
    }
  }
}

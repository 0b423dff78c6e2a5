import BindScriptMacros
import MacroTesting
import XCTest

/// What `@ScriptableValue` writes for structs and enums; what the same kind
/// of declarations do in scripts is in `ScriptableValueBehaviourTests`.
final class ScriptableValueExpansionTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(
      macros: ["ScriptableValue": ScriptableValueMacro.self, "ScriptIgnored": ScriptMarkerMacro.self]
    ) {
      super.invokeTest()
    }
  }

  func testAStructRegistersItsStoredFieldsAndMemberwiseInitializer() {
    assertMacro {
      """
      @ScriptableValue
      struct SearchHit {
        var title: String
        let score: Int
        var tags: [String] = []
        let kind = "hit"
        var summary: String { title }
        @ScriptIgnored var cache: Int? = nil
        static var count = 0
      }
      """
    } expansion: {
      #"""
      struct SearchHit {
        var title: String
        let score: Int
        var tags: [String] = []
        let kind = "hit"
        var summary: String { title }
        var cache: Int? = nil
        static var count = 0
      }

      extension SearchHit: BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String {
          "SearchHit"
        }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
          try interpreter.registerStruct(SearchHit.self, as: name) { type in
            type.field("title", \.title)
            type.field("score", \.score)
            type.field("tags", \.tags)
            type.initializer("init(title:score:tags:)") { (a: String, b: Int, c: [String]) -> SearchHit in
              SearchHit(title: a, score: b, tags: c)
            }
            type.initializer("init(title:score:)") { (a: String, b: Int) -> SearchHit in
              SearchHit(title: a, score: b)
            }
            type.initializer {
              try SearchHit(title: $0.value("title"), score: $0.value("score"), tags: $0.value("tags"))
            }
          }
          try interpreter.defineStatic("count", of: name, SearchHit.count)
        }
      }
      """#
    }
  }

  func testAnEnumRegistersEveryCaseWithItsAssociatedValues() {
    assertMacro {
      """
      @ScriptableValue("State")
      enum SubmitState {
        case idle, submitting
        case failed(String)
        case done(id: Int, at: Date?)
      }
      """
    } expansion: {
      """
      enum SubmitState {
        case idle, submitting
        case failed(String)
        case done(id: Int, at: Date?)
      }

      extension SubmitState: BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String {
          "State"
        }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
          try interpreter.registerEnum(SubmitState.self, as: name) { type in
            type.case("idle", associatedValues: [], make: { _ in
                .idle
              }, extract: {
                if case .idle = $0 {
                  return []
                } else {
                  return nil
                }
              })
            type.case("submitting", associatedValues: [], make: { _ in
                .submitting
              }, extract: {
                if case .submitting = $0 {
                  return []
                } else {
                  return nil
                }
              })
            type.case("failed", associatedValues: [(nil, (String).self)], make: {
                .failed($0 [0] as! String)
              }, extract: {
                if case .failed(let v0) = $0 {
                  return [v0]
                } else {
                  return nil
                }
              })
            type.case("done", associatedValues: [("id", (Int).self), ("at", (Date?).self)], make: {
                .done(id: $0 [0] as! Int, at: $0 [1] as! Date?)
              }, extract: {
                if case .done(let v0, let v1) = $0 {
                  return [v0, v1]
                } else {
                  return nil
                }
              })
          }
        }
      }
      """
    }
  }

  func testAStringEnumRegistersItsRawValues() {
    assertMacro {
      """
      @ScriptableValue
      enum Theme: String {
        case light
        case dark = "Dark"
      }
      """
    } expansion: {
      """
      enum Theme: String {
        case light
        case dark = "Dark"
      }

      extension Theme: BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String {
          "Theme"
        }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
          try interpreter.registerEnum(Theme.self, as: name) { type in
            type.case("light", associatedValues: [], rawValue: .string(Theme.light.rawValue), make: { _ in
                .light
              }, extract: {
                if case .light = $0 {
                  return []
                } else {
                  return nil
                }
              })
            type.case("dark", associatedValues: [], rawValue: .string(Theme.dark.rawValue), make: { _ in
                .dark
              }, extract: {
                if case .dark = $0 {
                  return []
                } else {
                  return nil
                }
              })
          }
        }
      }
      """
    }
  }

  func testAStructWithAnInitializerOfItsFieldsUsesIt() {
    assertMacro {
      """
      @ScriptableValue
      struct Point {
        var x: Int
        var y: Int
        init(x: Int, y: Int) { self.x = x; self.y = y }
      }
      """
    } expansion: {
      #"""
      struct Point {
        var x: Int
        var y: Int
        init(x: Int, y: Int) { self.x = x; self.y = y }
      }

      extension Point: BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String {
          "Point"
        }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
          try interpreter.registerStruct(Point.self, as: name) { type in
            type.field("x", \.x)
            type.field("y", \.y)
            type.initializer("init(x:y:)") { (a: Int, b: Int) -> Point in
              Point(x: a, y: b)
            }
            type.initializer {
              try Point(x: $0.value("x"), y: $0.value("y"))
            }
          }
        }
      }
      """#
    }
  }

  func testWhatItCannotRegisterIsDiagnosed() {
    assertMacro {
      """
      @ScriptableValue
      final class Model {}
      """
    } diagnostics: {
      """
      @ScriptableValue
      ┬───────────────
      ╰─ 🛑 @ScriptableValue applies to a struct or an enum; use @Scriptable for a class
      final class Model {}
      """
    }
    assertMacro {
      """
      @ScriptableValue
      struct Secret {
        private var key: String
      }
      """
    } diagnostics: {
      """
      @ScriptableValue
      struct Secret {
        private var key: String
                    ┬──────────
                    ╰─ 🛑 private stored property 'key' makes the memberwise initializer private; mark it @ScriptIgnored and give it a default value
      }
      """
    }
    assertMacro {
      """
      @ScriptableValue
      struct Cached {
        var title: String
        @ScriptIgnored var cache: Int
      }
      """
    } diagnostics: {
      """
      @ScriptableValue
      ┬───────────────
      ╰─ 🛑 @ScriptIgnored field 'cache' needs a default value, so that a script's value can be turned back into the struct
      struct Cached {
        var title: String
        @ScriptIgnored var cache: Int
      }
      """
    }
    assertMacro {
      """
      @ScriptableValue
      struct Polar {
        var radius: Double
        var angle: Double
        init(x: Double, y: Double) { radius = x; angle = y }
      }
      """
    } diagnostics: {
      """
      @ScriptableValue
      ┬───────────────
      ╰─ ⚠️ 'Polar' declares no 'init(radius:angle:)', so values from scripts cannot be turned back into it; add one, or scripts can only read its values
      struct Polar {
        var radius: Double
        var angle: Double
        init(x: Double, y: Double) { radius = x; angle = y }
      }
      """
    } expansion: {
      #"""
      struct Polar {
        var radius: Double
        var angle: Double
        init(x: Double, y: Double) { radius = x; angle = y }
      }

      extension Polar: BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String {
          "Polar"
        }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
          try interpreter.registerStruct(Polar.self, as: name) { type in
            type.field("radius", \.radius)
            type.field("angle", \.angle)
            type.initializer("init(x:y:)") { (a: Double, b: Double) -> Polar in
              Polar(x: a, y: b)
            }
          }
        }
      }
      """#
    }
    assertMacro {
      """
      @ScriptableValue
      struct Box<T> { var value: T }
      """
    } diagnostics: {
      """
      @ScriptableValue
      ┬───────────────
      ╰─ 🛑 @ScriptableValue cannot register a generic type; register each specialization by hand
      struct Box<T> { var value: T }
      """
    }
  }
}

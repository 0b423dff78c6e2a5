import BindScriptMacros
import MacroTesting
import XCTest

/// What `@ScriptImplementable` writes; the behaviour of the written class
/// against scripts is in `ScriptImplementableTests` and the main-actor
/// examples' `login.bind`.
final class ScriptImplementableExpansionTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: ["ScriptImplementable": ScriptImplementableMacro.self]) {
      super.invokeTest()
    }
  }

  func testEachRequirementCallsTheScriptsMethodByIndex() {
    assertMacro {
      """
      @ScriptImplementable
      public protocol AuthService: Sendable {
        func signIn(email: String, password: String) async throws -> User
        func signOut() async
        func cached(_ id: Int) -> User?
      }
      """
    } expansion: {
      """
      public protocol AuthService: Sendable {
        func signIn(email: String, password: String) async throws -> User
        func signOut() async
        func cached(_ id: Int) -> User?
      }

      /// AuthService implemented by a script's value (a fake written in a script):
      /// register it with `try ScriptedAuthService.register(in: interpreter)`.
      public final class ScriptedAuthService: AuthService, BindScriptable.ScriptImplemented, @unchecked Sendable {
        public nonisolated let scriptImplementation: BindScriptable.ScriptImplementation

        public nonisolated init(scriptImplementation: BindScriptable.ScriptImplementation) {
          self.scriptImplementation = scriptImplementation
        }

        /// Lets scripts implement `AuthService`, named `name`; call it before
        /// registering the types whose members use the protocol.
        public nonisolated static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String = "AuthService") throws {
          try interpreter.registerProtocol((any AuthService).self, as: name, implementedBy: {
              ScriptedAuthService(scriptImplementation: $0)
            }) { requirements in
              requirements.method("signIn(email:password:)", parameters: [(String).self, (String).self], returns: (User).self, isAsync: true, isThrowing: true)
              requirements.method("signOut()", parameters: [], isAsync: true, isThrowing: false)
              requirements.method("cached(_:)", parameters: [(Int).self], returns: (User?).self, isAsync: false, isThrowing: false)
          }
        }

        public func signIn(email a0: String, password a1: String) async throws -> User {
          return try await scriptImplementation.callAsync(0, a0, a1)
        }

        public func signOut() async {
          return await scriptImplementation.callAsyncOrFallback(1)
        }

        public func cached(_ a0: Int) -> User? {
          return scriptImplementation.callOrFallback(2, a0)
        }
      }
      """
    }
  }

  func testPropertyRequirementsAreRefused() {
    assertMacro {
      """
      @ScriptImplementable
      protocol Store {
        var count: Int { get }
      }
      """
    } diagnostics: {
      """
      @ScriptImplementable
      protocol Store {
        var count: Int { get }
        ┬─────────────────────
        ╰─ 🛑 @ScriptImplementable implements method requirements only; make this a method ('func value() -> T')
      }
      """
    }
  }
}

import BindScriptable
import Observation

/// Who signed in.
@ScriptableValue
public struct User: Sendable, Equatable {
  public var name: String

  public init(name: String) { self.name = name }
}

/// Why a sign-in failed.
@ScriptableValue
public enum AuthError: Error, Sendable, Equatable {
  case invalidCredentials
  case locked(minutes: Int)
}

/// The app's authentication service. Production code passes its network
/// client; a test passes a fake written in a script (`type FakeAuth:
/// AuthService { … }`), which `@ScriptImplementable` makes possible:
/// neither the model nor the app names a fake.
@ScriptImplementable
public protocol AuthService: Sendable {
  func signIn(email: String, password: String) async throws -> User
}

/// A sign-in form as a Swift 6 app writes one: `@MainActor`, its service
/// injected as a protocol, its `signIn()` awaiting the service.
@MainActor @Scriptable @Observable
public final class LoginModel {
  public var email = ""
  public var password = ""
  public private(set) var isSigningIn = false
  public private(set) var user: User?
  public private(set) var errorMessage: String?

  @ObservationIgnored private let auth: any AuthService

  public init(auth: any AuthService) { self.auth = auth }

  public func signIn() async {
    isSigningIn = true
    defer { isSigningIn = false }
    do {
      user = try await auth.signIn(email: email, password: password)
      errorMessage = nil
    } catch AuthError.invalidCredentials {
      errorMessage = "wrong email or password"
    } catch AuthError.locked(let minutes) {
      errorMessage = "locked for \(minutes) minutes"
    } catch {
      errorMessage = "sign-in failed: \(error)"
    }
  }
}

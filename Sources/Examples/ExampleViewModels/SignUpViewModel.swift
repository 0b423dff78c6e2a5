import BindScriptable
import Observation

/// Where ``SignUpViewModel`` sends a new account.
public protocol AccountService {
  /// Creates the account; returns its id.
  func signUp(email: String, password: String) async throws -> String
}

/// Why an account could not be made.
public enum SignUpError: Error, CustomStringConvertible {
  case emailTaken(String)
  case invalidForm

  public var description: String {
    switch self {
    case .emailTaken(let email): "'\(email)' is already taken"
    case .invalidForm: "the form has errors"
    }
  }
}

/// An account service that answers after `latency` on `clock` and knows
/// one taken address.
public final class FakeAccountService: AccountService {
  private let clock: any Clock<Duration>
  private let latency: Duration
  private var accounts: [String] = ["ada@example.com"]

  public init(clock: any Clock<Duration>, latency: Duration = .milliseconds(500)) {
    self.clock = clock
    self.latency = latency
  }

  public func signUp(email: String, password: String) async throws -> String {
    try await clock.sleep(for: latency)
    guard !accounts.contains(email) else { throw SignUpError.emailTaken(email) }
    accounts.append(email)
    return "user-\(accounts.count)"
  }
}

/// Where a sign-up stands: what the screen shows under the button.
public enum SubmitState: Equatable, Sendable {
  case idle
  case submitting
  case failed(String)
  case succeeded(accountID: String)
}

/// A sign-up form: each field says what is wrong with it (derived from the
/// fields, so it follows every keystroke), and `submit()` sends the form.
@Scriptable @Observable
public final class SignUpViewModel {
  public var email = ""
  public var password = ""
  public var confirmation = ""
  /// Where the latest ``submit()`` stands.
  public private(set) var state = SubmitState.idle
  /// Set while ``submit()`` waits for the service.
  public var isSubmitting: Bool { state == .submitting }
  /// The new account's id, once a ``submit()`` succeeded.
  public private(set) var accountID: String?

  @ObservationIgnored private let service: any AccountService

  /// What a script's `SignUpViewModel()` makes: a form over a fake
  /// account service on the script's clock.
  public static func makeForScripts(in interpreter: Interpreter) -> SignUpViewModel {
    SignUpViewModel(service: FakeAccountService(clock: interpreter.scheduler.clock))
  }

  public init(service: any AccountService) {
    self.service = service
  }

  /// What is wrong with the email address; `nil` when it is fine or empty.
  public var emailError: String? {
    guard !email.isEmpty else { return nil }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") ? nil : "not an email address"
  }

  /// What is wrong with the password; `nil` when it is fine or empty.
  public var passwordError: String? {
    guard !password.isEmpty else { return nil }
    if password.count < 8 { return "at least 8 characters" }
    return password.contains(where: \.isNumber) ? nil : "needs a digit"
  }

  /// What is wrong with the confirmation; `nil` when it matches or is empty.
  public var confirmationError: String? {
    confirmation.isEmpty || confirmation == password ? nil : "does not match the password"
  }

  /// Whether every field is filled in and fine, and no submit is running.
  public var canSubmit: Bool {
    !email.isEmpty && !password.isEmpty && !confirmation.isEmpty
      && emailError == nil && passwordError == nil && confirmationError == nil && !isSubmitting
  }

  /// Sends the form; throws the service's error (``SignUpError/emailTaken(_:)``).
  public func submit() async throws {
    guard canSubmit else { throw SignUpError.invalidForm }
    state = .submitting
    do {
      let id = try await service.signUp(email: email, password: password)
      accountID = id
      state = .succeeded(accountID: id)
    } catch {
      state = .failed("\(error)")
      throw error
    }
  }
}

import BindRuntime

/// A signed-in user.
public final class User {
  @Observed public var name: String

  public init(name: String) { self.name = name }
}

/// A login form's state and logic, written in plain Swift with the runtime:
/// the kind of view-model an app would drive from `Scripts/login.bind`.
public final class LoginViewModel {
  @Observed public var username = ""
  @Observed public var password = ""
  /// Set by a successful ``submit``.
  @Observed public var user: User?
  /// Why the latest ``submit`` failed, if it did.
  @Observed public var errorMessage: String?
  /// Whether the form can be sent: a name and a password of 8 characters or more.
  public lazy var canSubmit = Derived { [unowned self] in !username.isEmpty && password.count >= 8 }
  /// The user pressed "Log in".
  public let submit = EventStream<Void>()
  private var tokens: [Disposable] = []

  public init() {
    tokens.append(submit.on { [unowned self] in logIn() })
  }

  private func logIn() {
    guard canSubmit.value else {
      errorMessage = password.count < 8 ? "password must have at least 8 characters" : "enter a user name"
      return
    }
    errorMessage = nil
    user = User(name: username)
  }
}

import BindRuntime

/// A timer (`after`, `every`) or an effect a script holds in a variable
/// (`let t = after 1s { … }`, `let e = effect { … }`): `Timer#N` or
/// `Effect#N`, which `dispose t` and `t.dispose()` end.
public final class ConnectionHandle {
  let token: Disposable
  /// `Timer` or `Effect`.
  public let typeName: String
  /// `Timer#N`, N counting the session's timers (or effects) from 1.
  public let displayName: String

  init(token: Disposable, typeName: String, number: Int) {
    self.token = token
    self.typeName = typeName
    displayName = "\(typeName)#\(number)"
  }
}

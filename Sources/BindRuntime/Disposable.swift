/// A token for an observation, binding or handler. Disposing it stops delivery at once.
///
/// `dispose()` is idempotent. Every token the runtime returns also disposes itself
/// when it is deallocated, so keep it (or put it in a ``DisposeBag``) for as long
/// as the connection should live.
public protocol Disposable: AnyObject {
  /// Ends the connection. Calling it again does nothing.
  func dispose()
  /// Whether the connection has ended, by disposal or because its source completed.
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Adds the token to `bag`, which disposes it when the bag is emptied or deallocated.
  @discardableResult
  public func disposed(by bag: DisposeBag) -> Self {
    bag.insert(self)
    return self
  }
}

/// A token that runs a closure once, on the first `dispose()` or on deinit.
public final class ActionDisposable: Disposable {
  private var action: (() -> Void)?
  private let lock = RecursiveLock()

  /// Creates a token that runs `action` when disposed.
  public init(_ action: @escaping () -> Void) { self.action = action }

  deinit {
    dispose()
    lock.destroy()
  }

  public var isDisposed: Bool {
    lock.lock(); defer { lock.unlock() }
    return action == nil
  }

  public func dispose() {
    lock.lock()
    let pending = action
    action = nil
    lock.unlock()
    pending?()
  }
}

/// Holds tokens and disposes them all when emptied or deallocated.
///
/// Store a bag in an object to tie its observations to that object's lifetime:
/// when the object goes, the bag goes, and so do the observations.
public final class DisposeBag {
  private var tokens: [Disposable] = []
  private let lock = RecursiveLock()

  /// Creates an empty bag.
  public init() {}

  deinit {
    dispose()
    lock.destroy()
  }

  /// Adds a token.
  public func insert(_ token: Disposable) {
    lock.lock()
    tokens.append(token)
    lock.unlock()
  }

  /// The number of tokens held (disposed ones included until the bag is emptied).
  public var count: Int {
    lock.lock(); defer { lock.unlock() }
    return tokens.count
  }

  /// Disposes every token and empties the bag. The bag can be used again.
  public func dispose() {
    lock.lock()
    let taken = tokens
    tokens.removeAll()
    lock.unlock()
    // MUST dispose outside the lock: a token's disposal may release objects
    // whose deinit touches this bag again.
    for token in taken { token.dispose() }
  }
}

/// An object that owns a bag tied to its own lifetime.
///
/// ```swift
/// final class ProfileScreen: DisposeBagProvider {
///   let bag = DisposeBag()
///   init(vm: ProfileViewModel) {
///     vm.$name.observe { print($0) }.disposed(by: bag)
///   }
/// }
/// ```
public protocol DisposeBagProvider: AnyObject {
  /// The bag that is disposed when this object is deallocated.
  var bag: DisposeBag { get }
}

import BindRuntime
import Observation
import Synchronization

/// `@Observable` classes, registered as they are.
///
/// ```swift
/// @Observable final class Settings {
///   var volume = 3
///   private(set) var device = "speaker"
///   var isLoud: Bool { volume > 7 }
/// }
///
/// try interpreter.register(Settings.self, as: "Settings") { type in
///   type.property("volume", \.volume)   // writable key path: read-write
///   type.property("device", \.device)   // read-only outside the class
///   type.property("isLoud", \.isLoud)   // computed: read-only, tracked
/// }
/// ```
extension HostTypeBuilder where Root: Observable {
  /// A property of an `@Observable` class that scripts may write: a `var`
  /// whose key path is writable where the registration is written.
  ///
  /// A Swift write reaches the script by its next statement, and the
  /// script's observers report it at the end of the statement that made it
  /// (see ``Interpreter/deliverHostChanges()``). Disfavoured, so that a key
  /// path to a `Property` or `Derived` of such a class keeps its own meaning.
  @_disfavoredOverload
  public func property<T>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, T>) {
    observedProperty(name, keyPath, writable: keyPath)
  }

  /// A property of an `@Observable` class that scripts may read and observe
  /// but not write: a `let`, a `private(set) var` seen from outside, a
  /// computed property (whose dependencies Observation tracks).
  ///
  /// Decided by the key path's static type, never by a cast: a
  /// `private(set)` var's key path is writable at run time, and scripts
  /// MUST NOT get a setter the registering code cannot call.
  @_disfavoredOverload
  public func property<T>(_ name: String, _ keyPath: KeyPath<Root, T>) {
    observedProperty(name, keyPath, writable: nil)
  }

  /// A property of an `@Observable` class that scripts may read and observe
  /// but not write, even where Swift may.
  @_disfavoredOverload
  public func property<T>(_ name: String, readOnly keyPath: KeyPath<Root, T>) {
    observedProperty(name, keyPath, writable: nil)
  }

  private func observedProperty<T>(
    _ name: String, _ keyPath: KeyPath<Root, T>, writable: ReferenceWritableKeyPath<Root, T>?
  ) {
    modelProperty(name, T.self, isWritable: writable != nil) { root in
      HostModelSource(
        root: root, keyPath: keyPath, writable: writable,
        connect: { [weak root] link in
          guard let root else { return }
          var tracker = ObservationTracker(root: root, keyPath: keyPath, link: link)
          tracker.track(root)
          link.afterPull = { [weak tracker] in tracker?.didPull() }
          // Reading a `let` (or a computed property over `let`s) touches
          // nothing the registrar tracks, so it keeps no `onChange`, and
          // nothing would hold the link: the value never changes, so let the
          // interpreter hold it until it sees the object gone.
          if isKnownUniquelyReferenced(&tracker) { link.watchRelease() }
        })
    }
  }
}

/// Watches one property of one `@Observable` object for its link.
///
/// The object's observation registrar holds the `onChange` closure, the
/// closure holds this tracker, and the tracker the link: so the link (and
/// its node) lives exactly as long as the object, and goes with it, which
/// completes the script's observers (the registrar drops its closures when
/// the object is deallocated).
///
/// `onChange` is one-shot and fires on `willSet`, before the new value is
/// stored. The tracker arms again at once, so no later write is missed and
/// the closure that owns the link is never let go, and leaves reading the
/// new value to the link's pull at the interpreter's next look. That read
/// of the *old* values registers the old dependencies, though: a computed
/// property whose `&&` stopped early (`!email.isEmpty && … && !isSubmitting`)
/// would miss the properties it reads only now. So the pull arms it again,
/// on the stored values; the registration made in `willSet` is then stale,
/// and does nothing when it fires (a generation tells them apart).
private final class ObservationTracker<Root: Observable & AnyObject, T>: @unchecked Sendable {
  private weak var root: Root?
  private let keyPath: KeyPath<Root, T>
  private let link: HostModelLink<T>
  /// The generation of the registration that counts; older ones are stale.
  private let generation = Atomic<Int>(0)

  init(root: Root, keyPath: KeyPath<Root, T>, link: HostModelLink<T>) {
    self.root = root
    self.keyPath = keyPath
    self.link = link
  }

  func track(_ root: Root) {
    let mine = generation.add(1, ordering: .acquiringAndReleasing).newValue
    withObservationTracking({ _ = root[keyPath: keyPath] }, onChange: { self.willChange(generation: mine) })
  }

  /// Any thread, in Swift's setter.
  private func willChange(generation mine: Int) {
    // Once the interpreter is gone nobody looks: stop, and let the link go.
    guard generation.load(ordering: .acquiring) == mine, link.isConnected, let root else { return }
    track(root)
    link.swiftWillChange()
  }

  /// The link pulled the stored value: track what reading it reads now.
  /// Interpreter thread.
  func didPull() {
    guard link.isConnected, let root else { return }
    track(root)
  }
}

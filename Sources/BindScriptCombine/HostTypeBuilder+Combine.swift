import BindLanguage
import Synchronization

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// `ObservableObject` models, registered as they are.
///
/// ```swift
/// final class SearchModel: ObservableObject {
///   @Published var query = ""
///   @Published private(set) var results: [String] = []
///   var resultCount: AnyPublisher<Int, Never> { $results.map(\.count).eraseToAnyPublisher() }
/// }
///
/// try interpreter.register(SearchModel.self, as: "Search") { type in
///   type.published("query", \.query)       // writable key path: read-write
///   type.published("results", \.results)   // read-only outside the class
///   type.publisher("resultCount", \.resultCount, initial: 0)
/// }
/// ```
///
/// Swift's changes reach the script as an `@Observable`'s do: the script
/// reads a Swift write at once, and its observers report it at the end of
/// the statement that made it (``Interpreter/deliverHostChanges()``).
/// Combine says nothing when an object goes, so a released object's
/// properties complete (and the script's observers print `completed`) when
/// the interpreter next looks, at the next statement, not at once.
extension HostTypeBuilder where Root: ObservableObject, Root.ObjectWillChangePublisher == ObservableObjectPublisher {
  /// A property of an `ObservableObject` that scripts may write, usually a
  /// `@Published var`: read through `keyPath`, watched through
  /// `objectWillChange`.
  public func published<T>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, T>) {
    published(name, keyPath, writable: keyPath)
  }

  /// A property of an `ObservableObject` that scripts may read and observe
  /// but not write: a `private(set)` var seen from outside, a `let`, a
  /// computed property over `@Published` ones. Decided by the key path's
  /// static type: a `private(set)` var's key path is writable at run time.
  public func published<T>(_ name: String, _ keyPath: KeyPath<Root, T>) {
    published(name, keyPath, writable: nil)
  }

  /// A property of an `ObservableObject` that scripts may read and observe
  /// but not write.
  public func published<T>(_ name: String, readOnly keyPath: KeyPath<Root, T>) {
    published(name, keyPath, writable: nil)
  }

  private func published<T>(_ name: String, _ keyPath: KeyPath<Root, T>, writable: ReferenceWritableKeyPath<Root, T>?) {
    modelProperty(name, T.self, isWritable: writable != nil) { root in
      HostModelSource(
        root: root, keyPath: keyPath, writable: writable,
        connect: { [weak root] link in
          guard let root else { return }
          // willSet: the link reads the stored value later (its pull).
          link.keep(root.objectWillChange.sink { [weak link] _ in link?.swiftWillChange() })
          link.watchRelease()
        })
    }
  }
}

extension HostTypeBuilder {
  /// A read-only property whose values come from a publisher that never
  /// fails (`$results.map(\.count)`, a `CurrentValueSubject`, …), made per
  /// object by `keyPath`. Its value is `initial` until the publisher's
  /// first value; a `@Published`'s publisher and a `CurrentValueSubject`
  /// send theirs when subscribed, so scripts never see `initial` there.
  public func publisher<P: Publisher>(_ name: String, _ keyPath: KeyPath<Root, P>, initial: P.Output)
  where P.Failure == Never {
    modelProperty(name, P.Output.self, isWritable: false) { root in
      let latest = LatestValue(initial)
      // Subscribed before the link exists, so that a value sent at once is
      // the link's first.
      latest.subscription = root[keyPath: keyPath].sink { [weak latest] value in latest?.receive(value) }
      return HostModelSource(
        read: { [weak root] in root == nil ? nil : latest.value },
        write: nil,
        connect: { link in
          latest.link = link
          link.keep(latest)
          link.watchRelease()
        })
    }
  }
}

/// A publisher's latest value, for a link to pull. The publisher may send
/// on any thread.
private final class LatestValue<T>: @unchecked Sendable {
  private let state: Mutex<T>
  var subscription: AnyCancellable?
  weak var link: HostModelLink<T>?

  init(_ initial: T) { state = Mutex(initial) }

  var value: T { state.withLock { $0 } }

  func receive(_ value: T) {
    state.withLock { $0 = value }
    link?.swiftWillChange()
  }
}

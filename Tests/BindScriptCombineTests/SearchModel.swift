import BindRuntime

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

// In a file of its own, so that `private(set)` is read-only where the
// tests register it, as in an app.

/// An `ObservableObject` model, written as an app would, with no change for scripts.
final class SearchModel: ObservableObject {
  @Published var query = ""
  @Published var limit = 10
  @Published private(set) var results: [String] = []
  @Published var clamped = 0 {
    didSet { if clamped > 10 { clamped = 10 } }
  }
  var isEmpty: Bool { results.isEmpty }
  var resultCount: AnyPublisher<Int, Never> { $results.map(\.count).eraseToAnyPublisher() }
  let status = CurrentValueSubject<String, Never>("idle")
  /// Every value Swift's `query` took, as a Swift subscriber sees them.
  private(set) var queries: [String] = []
  private var subscriptions: Set<AnyCancellable> = []
  let search = EventStream<Void>()
  private var token: Disposable?

  init() {
    $query.dropFirst().sink { [unowned self] in queries.append($0) }.store(in: &subscriptions)
    token = search.on { [unowned self] in
      results = ["\(query) 1", "\(query) 2"]
      status.send("done")
    }
  }
}

import BindScriptable
import Observation

/// A search screen: results follow the query once the user stops typing
/// for ``debounceInterval``, fetched from an async ``SearchService``.
///
/// Written as an app writes one, with no trace of scripting: time comes
/// from the injected clock (a `ContinuousClock` in the app, the script's
/// virtual clock in tests), and each change of ``query`` cancels the search
/// in flight and starts a new one.
@Scriptable @Observable
public final class SearchViewModel {
  public var query = "" {
    didSet { if query != oldValue { queryChanged() } }
  }
  public private(set) var results: [SearchHit] = []
  /// Whether the service is working on the latest query.
  public private(set) var isLoading = false
  /// Why the latest search failed, if it did.
  public private(set) var error: String?
  /// The results' titles, best first.
  public var titles: [String] { results.map(\.title) }

  /// How long the query must stay unchanged before a search starts.
  @ScriptIgnored public static let debounceInterval = Duration.milliseconds(300)

  @ObservationIgnored private let service: any SearchService
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var pending: Task<Void, Never>?

  /// What a script's `SearchViewModel()` makes: a search over a fake
  /// service, both on the script's clock.
  public static func makeForScripts(in interpreter: Interpreter) -> SearchViewModel {
    let clock = interpreter.scheduler.clock
    return SearchViewModel(service: FakeSearchService(clock: clock), clock: clock)
  }

  public init(service: any SearchService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    self.clock = clock
  }

  /// Searches for the current query now, without waiting for the debounce.
  public func refresh() async {
    pending?.cancel()
    pending = nil
    await load(query)
  }

  /// Empties the query and the results.
  public func clear() {
    query = ""
  }

  private func queryChanged() {
    pending?.cancel()
    isLoading = false
    guard !query.isEmpty else {
      pending = nil
      results = []
      error = nil
      return
    }
    let query = self.query
    pending = Task { [weak self, clock] in
      do {
        try await clock.sleep(for: Self.debounceInterval)
      } catch {
        return  // a newer query replaced this one
      }
      await self?.load(query)
    }
  }

  private func load(_ query: String) async {
    isLoading = true
    do {
      let hits = try await service.search(query)
      guard !Task.isCancelled else { return }
      results = hits
      error = nil
    } catch {
      guard !Task.isCancelled, !(error is CancellationError) else { return }
      results = []
      self.error = "\(error)"
    }
    isLoading = false
  }
}

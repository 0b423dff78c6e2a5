import BindScriptable
import Observation

/// A search field as a Swift 6 app writes one: isolated to the main actor,
/// its debounce a `Task` started in `didSet` that sleeps on the injected
/// clock, then awaits a nonisolated service.
@MainActor @Scriptable @Observable
public final class QuickSearchModel {
  public var text = "" {
    didSet { if text != oldValue { textChanged() } }
  }
  public private(set) var isLoading = false
  public private(set) var results: [String] = []
  /// How many searches reached the service.
  public private(set) var searchCount = 0

  @ObservationIgnored private let catalog: Catalog
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var pending: Task<Void, Never>?

  /// What a script's `QuickSearchModel()` makes: a search on the script's clock.
  public static func makeForScripts(in interpreter: Interpreter) -> QuickSearchModel {
    let clock = interpreter.scheduler.clock
    return QuickSearchModel(catalog: Catalog(clock: clock), clock: clock)
  }

  public init(catalog: Catalog, clock: any Clock<Duration>) {
    self.catalog = catalog
    self.clock = clock
  }

  private func textChanged() {
    pending?.cancel()
    let query = text
    pending = Task { [weak self, clock] in
      do {
        try await clock.sleep(for: .milliseconds(300))
      } catch {
        return  // a newer text replaced this one
      }
      await self?.search(query)
    }
  }

  private func search(_ query: String) async {
    isLoading = true
    searchCount += 1
    let found = await catalog.titles(matching: query)
    guard !Task.isCancelled else { return }
    results = found
    isLoading = false
  }
}

/// The titles a ``QuickSearchModel`` searches: off the main actor, answering
/// after 200ms on its clock, as a network call does.
public struct Catalog: Sendable {
  let clock: any Clock<Duration>

  public init(clock: any Clock<Duration>) { self.clock = clock }

  nonisolated public func titles(matching query: String) async -> [String] {
    try? await clock.sleep(for: .milliseconds(200))
    return ["Swift", "SwiftUI", "Rust", "Scala"].filter { $0.lowercased().hasPrefix(query.lowercased()) }
  }
}

import BindScriptable
import Observation

/// One search result: a plain Swift value, as an app has it. Scripts get
/// it as the struct value `SearchHit(title: "Swift", score: 5)` (see
/// `ExampleTypes.register`), read its fields, compare and make hits.
public struct SearchHit: Equatable, Sendable {
  public var title: String
  /// How well it matches, 1 to 5.
  public var score: Int

  public init(title: String, score: Int) {
    self.title = title
    self.score = score
  }
}

/// Where ``SearchViewModel`` gets its results: a web service in the app, a
/// fake in scripts and tests.
public protocol SearchService {
  func search(_ query: String) async throws -> [SearchHit]
}

/// Why a search failed.
public enum SearchError: Error, CustomStringConvertible {
  case offline

  public var description: String {
    switch self {
    case .offline: "the network is offline"
    }
  }
}

/// A search service over a fixed catalog that answers after `latency` on
/// `clock`: with the script's clock (`interpreter.scheduler.clock`) its
/// answer comes when the script lets that much virtual time pass.
@Scriptable @Observable
public final class FakeSearchService: SearchService {
  /// Fails every search while set, as a service without a network would.
  public var isOffline = false
  /// How many searches were asked for, answered or not.
  public private(set) var requestCount = 0
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let latency: Duration
  @ObservationIgnored private let catalog: [(title: String, score: Int)]

  /// What a script's `FakeSearchService()` makes: one on the script's clock.
  public static func makeForScripts(in interpreter: Interpreter) -> FakeSearchService {
    FakeSearchService(clock: interpreter.scheduler.clock)
  }

  public init(clock: any Clock<Duration>, latency: Duration = .milliseconds(200), catalog: [(String, Int)] = FakeSearchService.languages) {
    self.clock = clock
    self.latency = latency
    self.catalog = catalog.map { (title: $0.0, score: $0.1) }
  }

  /// The catalog entries containing `query`, case-insensitively, best first.
  public func search(_ query: String) async throws -> [SearchHit] {
    requestCount += 1
    try await clock.sleep(for: latency)
    if isOffline { throw SearchError.offline }
    let needle = query.lowercased()
    return catalog
      .filter { $0.title.lowercased().contains(needle) }
      .sorted { ($0.score, $1.title) > ($1.score, $0.title) }
      .map { SearchHit(title: $0.title, score: $0.score) }
  }

  /// The example catalog: languages and how much the example likes them.
  @ScriptIgnored public static let languages = [
    ("Haskell", 3), ("Kotlin", 3), ("Lua", 4), ("Python", 4), ("Rust", 5), ("Swift", 5), ("Swift Testing", 4),
    ("SwiftUI", 4), ("TypeScript", 3),
  ]
}

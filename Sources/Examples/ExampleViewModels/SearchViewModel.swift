import BindRuntime

/// A search box over a fixed catalog: results follow the query, and picking
/// a result selects it.
public final class SearchViewModel {
  @Observed public var query = ""
  /// The catalog entries containing the query, case-insensitively.
  @Observed public private(set) var results: [String] = []
  @Observed public var selection: String?
  /// How many results there are.
  public lazy var resultCount = Derived { [unowned self] in results.count }
  /// The user picked the result at this index.
  public let picked = EventStream<Int>()
  private let catalog: [String]
  private var tokens: [Disposable] = []

  public init(catalog: [String] = SearchViewModel.languages) {
    self.catalog = catalog
    tokens.append($query.observeChanges { [unowned self] _, query in search(query) })
    tokens.append(picked.on { [unowned self] index in
      selection = results.indices.contains(index) ? results[index] : nil
    })
  }

  private func search(_ query: String) {
    let needle = query.lowercased()
    results = needle.isEmpty ? [] : catalog.filter { $0.lowercased().contains(needle) }
  }

  /// The example catalog.
  public static let languages = ["Haskell", "Kotlin", "Lua", "Python", "Rust", "Swift", "Swift Testing", "TypeScript"]
}

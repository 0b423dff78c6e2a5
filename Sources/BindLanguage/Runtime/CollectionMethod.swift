import BindSyntax

/// An array method that takes a closure (or, for `enumerated()` and
/// `sorted()`, nothing): named with its labels, as Swift names it.
enum CollectionMethod: String, CaseIterable {
  case map = "map(_:)"
  case compactMap = "compactMap(_:)"
  case flatMap = "flatMap(_:)"
  case filter = "filter(_:)"
  case reduce = "reduce(_:_:)"
  case containsWhere = "contains(where:)"
  case firstWhere = "first(where:)"
  case lastWhere = "last(where:)"
  case firstIndexWhere = "firstIndex(where:)"
  case countWhere = "count(where:)"
  case allSatisfy = "allSatisfy(_:)"
  case forEach = "forEach(_:)"
  case sorted = "sorted()"
  case sortedBy = "sorted(by:)"
  case enumerated = "enumerated()"

  init?(name: String, labels: [String?]) {
    self.init(rawValue: MethodName.full(name, labels: labels))
  }

  /// The method a call names. A trailing closure takes the label its
  /// parameter has, as in Swift: `xs.first { … }` is `first(where:)`,
  /// `xs.sorted { … }` is `sorted(by:)`.
  init?(name: String, arguments: [Argument]) {
    var labels = arguments.map { $0.label?.name }
    if let last = arguments.last, case .closure(let closure) = last.value, closure.isTrailing {
      for label in ["where", "by"] {
        labels[labels.count - 1] = label
        if let method = CollectionMethod(name: name, labels: labels) {
          self = method
          return
        }
      }
      labels[labels.count - 1] = nil
    }
    self.init(name: name, labels: labels)
  }

  /// `filter`, for messages.
  var baseName: String { String(rawValue.prefix { $0 != "(" }) }

  /// How many values the closure is given per call (nil: no closure).
  var closureArity: Int? {
    switch self {
    case .reduce, .sortedBy: return 2
    case .sorted, .enumerated: return nil
    default: return 1
    }
  }
}

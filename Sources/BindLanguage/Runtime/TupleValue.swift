/// A tuple: `(1, "a")` or `(x: 1, y: 2)`, two or more elements, each with
/// an optional label.
///
/// A Swift struct over arrays (their copy-on-write), so a tuple copies as
/// Swift's does: `var b = a; b.0 = 5` leaves `a` as it was.
public struct TupleValue {
  /// The elements, in order.
  public var elements: [Value]
  /// Each element's label (`nil` for none); empty when no element has one,
  /// so an unlabelled tuple allocates nothing for them.
  public let labels: [String?]

  /// The labels of `enumerated()`'s pairs, shared by all of them.
  static let enumeratedLabels: [String?] = ["offset", "element"]
  /// The labels of a dictionary's entries, `(key:, value:)`, as Swift's.
  static let entryLabels: [String?] = ["key", "value"]

  /// Creates a tuple; `labels` is empty or has one entry per element.
  public init(elements: [Value], labels: [String?] = []) {
    precondition(labels.isEmpty || labels.count == elements.count, "a tuple needs a label (or nil) per element")
    self.elements = elements
    self.labels = labels.contains { $0 != nil } ? labels : []
  }

  /// The label of the element at `index`, if it has one.
  public func label(at index: Int) -> String? { labels.isEmpty ? nil : labels[index] }

  /// The position of the element called `name`: its label, or its number
  /// (`pair.0`).
  public func index(ofElement name: String) -> Int? {
    if let position = Int(name), name.allSatisfy(\.isNumber) { return elements.indices.contains(position) ? position : nil }
    return labels.firstIndex { $0 == name }
  }

  /// `(1, "a")` or `(x: 1, y: 2)`, as Swift prints a tuple.
  public var literal: String {
    "(" + elements.indices.map { index in
      label(at: index).map { "\($0): \(elements[index].literal)" } ?? elements[index].literal
    }.joined(separator: ", ") + ")"
  }

  /// `(Int, String)` or `(x: Int, y: Int)`.
  public var typeName: String {
    "(" + elements.indices.map { index in
      label(at: index).map { "\($0): \(elements[index].typeName)" } ?? elements[index].typeName
    }.joined(separator: ", ") + ")"
  }

  /// The error for `tuple.name` when no element is called `name`, with
  /// the names it has (its labels, or positions).
  func unknownElement(_ name: String) -> ScriptError.Kind {
    let names = elements.indices.map { label(at: $0) ?? String($0) }
    return .statement(.noTupleElement(name: name, tupleType: typeName, elements: names))
  }

  /// Equal elements, position by position; labels do not count, as Swift
  /// compares `(x: 1, y: 2) == (1, 2)`.
  static func == (lhs: TupleValue, rhs: TupleValue) -> Bool {
    lhs.elements == rhs.elements
  }
}

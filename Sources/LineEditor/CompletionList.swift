/// Lays out completion candidates in columns, as a shell lists them.
enum CompletionList {
  /// The names in column-major order (read down, then across), padded to
  /// the widest name plus two spaces, in as many columns as fit `width`.
  /// Each row ends with "\n".
  static func columns(_ names: [String], width: Int) -> String {
    guard !names.isEmpty else { return "" }
    let widest = names.map(\.count).max() ?? 0
    let columnWidth = widest + 2
    let columnCount = max(1, min(names.count, (width + 2) / columnWidth))
    let rowCount = (names.count + columnCount - 1) / columnCount
    var output = ""
    for row in 0..<rowCount {
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < names.count else { break }
        let name = names[index]
        let isLast = column == columnCount - 1 || index + rowCount >= names.count
        line += isLast ? name : name + String(repeating: " ", count: columnWidth - name.count)
      }
      output += line + "\n"
    }
    return output
  }
}

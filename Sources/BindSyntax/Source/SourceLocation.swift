/// A position in a source file.
///
/// Lines and columns are 1-based. Columns count characters (extended grapheme
/// clusters) from the start of the line, so a caret printed under column `n`
/// lines up with what an editor shows; `offset` is the UTF-8 byte offset from
/// the start of the file and is what slicing uses.
///
/// Stored as 32-bit numbers (a token and every syntax node hold two): a
/// file of up to 2 GiB, far past what the loader and the language server
/// accept; larger values are clamped, never trapped on.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The UTF-8 byte offset from the start of the file.
  public var offset: Int {
    get { Int(storedOffset) }
    set { storedOffset = Int32(clamping: newValue) }
  }
  /// The 1-based line number.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }
  /// The 1-based column, counted in characters.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }
  private var storedOffset: Int32
  private var storedLine: Int32
  private var storedColumn: Int32

  /// Creates a location from its three coordinates.
  public init(offset: Int, line: Int, column: Int) {
    storedOffset = Int32(clamping: offset)
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  /// `line:column`, as diagnostics print it.
  public var description: String { "\(line):\(column)" }

  /// Orders locations by their byte offset.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// A half-open range of source text, `start..<end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  /// The first character of the range.
  public var start: SourceLocation
  /// The location just past the last character of the range.
  public var end: SourceLocation

  /// Creates a range from `start` up to (not including) `end`.
  public init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// Creates an empty range at `location` (a caret with no extent).
  public init(at location: SourceLocation) {
    self.init(start: location, end: location)
  }

  /// Whether the range covers no text.
  public var isEmpty: Bool { start.offset >= end.offset }

  /// The smallest range that covers both `self` and `other`.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  /// `line:column-line:column`, for debugging.
  public var description: String { "\(start)-\(end)" }
}

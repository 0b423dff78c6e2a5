import FoundationEssentials
import LineReading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The REPL's persistent history: `~/.bindscript_history`, or the file
/// named by `BINDSCRIPT_HISTORY`.
///
/// - Entries are kept in order, capped at `capacity` (the oldest go first).
///   Blank entries and an entry equal to the previous one are not stored.
/// - Every `add(_:)` saves at once, so a crash loses nothing. A save merges
///   this session's new entries into the file's *current* contents under an
///   exclusive `flock`, then writes a temporary file in the same directory,
///   `fsync`s it and `rename`s it over the old one: parallel sessions never
///   lose each other's entries, and a reader never sees a half-written file.
/// - A file that cannot be read or written is reported once, as a warning,
///   and the session goes on with in-memory history. A file that does not
///   exist yet is normal and is created on the first save.
/// - The file holds one entry per line; see `HistoryStore.encode(_:)` for
///   how multi-line entries are escaped.
///
/// Not thread-safe: use one store from one thread (parallel sessions are
/// separate stores, and may be in separate processes).
public final class HistoryStore {
  /// The number of entries kept when none is given.
  public static let defaultCapacity = 1000
  /// The environment variable that overrides the history file's path. An
  /// empty value turns persistence off.
  public static let environmentVariable = "BINDSCRIPT_HISTORY"
  /// The history file's name in the home directory.
  public static let defaultFileName = ".bindscript_history"

  /// The file the history persists to; `nil` keeps it in memory only.
  public let fileURL: URL?
  /// The maximum number of entries kept, in memory and in the file.
  public let capacity: Int
  /// This session's history, oldest first: the file's entries at start-up
  /// followed by the entries added since.
  public private(set) var entries: [String] = []
  /// The first problem with the history file, if any; it is also passed,
  /// once, to the warning handler.
  public private(set) var warning: String?

  /// Entries added but not yet merged into the file (a failed save keeps
  /// them, so a later save can still write them).
  private var unsaved: [String] = []
  private let warningHandler: (String) -> Void

  /// Opens the history at `fileURL`, loading its entries.
  /// - Parameters:
  ///   - fileURL: The history file; `nil` for an in-memory history.
  ///   - capacity: The maximum number of entries kept (at least 1).
  ///   - warningHandler: Receives the first problem's message, without a
  ///     `warning: ` prefix; by default it prints `warning: <message>` to
  ///     standard error.
  public init(
    fileURL: URL?,
    capacity: Int = HistoryStore.defaultCapacity,
    warningHandler: @escaping (String) -> Void = HistoryStore.printWarning
  ) {
    // Resolve a symlinked history file once, so saving replaces the target
    // rather than the link.
    self.fileURL = fileURL?.resolvingSymlinksInPath()
    self.capacity = max(1, capacity)
    self.warningHandler = warningHandler
    load()
  }

  /// Opens the history file the environment names: `BINDSCRIPT_HISTORY` if
  /// set (empty: in-memory only), otherwise `~/.bindscript_history`.
  /// - Parameters:
  ///   - environment: The environment to consult; the process's by default.
  ///   - capacity: The maximum number of entries kept.
  ///   - warningHandler: See `init(fileURL:capacity:warningHandler:)`.
  public convenience init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    capacity: Int = HistoryStore.defaultCapacity,
    warningHandler: @escaping (String) -> Void = HistoryStore.printWarning
  ) {
    self.init(
      fileURL: HistoryStore.fileURL(environment: environment),
      capacity: capacity, warningHandler: warningHandler)
  }

  /// The history file for `environment`, or `nil` when
  /// `BINDSCRIPT_HISTORY` is set to an empty string.
  public static func fileURL(environment: [String: String]) -> URL? {
    if let path = environment[environmentVariable] {
      if path.isEmpty { return nil }
      return URL(fileURLWithPath: Paths.expandingTilde(path))
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Paths.homeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(defaultFileName)
  }

  /// The default warning handler: `warning: <message>` on standard error.
  public static func printWarning(_ message: String) {
    fputs("warning: \(message)\n", stderr)
  }

  /// Adds `entry` as the newest entry and saves the history.
  ///
  /// Trailing newlines are dropped; embedded ones are kept, so a block typed
  /// over several lines is one entry.
  /// - Returns: `false` when the entry was not stored because it is blank
  ///   or repeats the newest entry.
  @discardableResult
  public func add(_ entry: String) -> Bool {
    var entry = Substring(entry)
    while let last = entry.last, last == "\n" || last == "\r\n" || last == "\r" {
      entry.removeLast()
    }
    guard entry.contains(where: { !$0.isWhitespace }), entries.last != String(entry) else {
      return false
    }
    entries.append(String(entry))
    HistoryStore.cap(&entries, to: capacity)
    unsaved.append(String(entry))
    HistoryStore.cap(&unsaved, to: capacity)
    save()
    return true
  }

  /// Merges unsaved entries into the file. `add(_:)` already calls it;
  /// call it again to retry after a failure.
  /// - Returns: `true` when nothing remains unsaved.
  @discardableResult
  public func save() -> Bool {
    guard let fileURL, !unsaved.isEmpty else { return true }
    do {
      try HistoryFile(path: fileURL.path).merge(unsaved, capacity: capacity)
      unsaved.removeAll()
      return true
    } catch {
      report("cannot save history to '\(fileURL.path)': \(error)")
      return false
    }
  }

  /// Reads the file's entries into `entries`.
  private func load() {
    guard let fileURL else { return }
    do {
      entries = try HistoryFile(path: fileURL.path).read() ?? []
      HistoryStore.cap(&entries, to: capacity)
    } catch {
      report("cannot read history from '\(fileURL.path)': \(error)")
    }
  }

  /// Records a problem and passes the first one to the handler.
  private func report(_ message: String) {
    guard warning == nil else { return }
    warning = message
    warningHandler(message)
  }

  /// Drops the oldest entries beyond `capacity`.
  static func cap(_ entries: inout [String], to capacity: Int) {
    if entries.count > capacity {
      entries.removeFirst(entries.count - capacity)
    }
  }
}

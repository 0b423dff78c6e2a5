import CLibEdit

/// libedit's in-memory history (`HistoryW`), which the editor's arrow keys
/// and `^R` search walk.
///
/// It stores each entry as one string, embedded newlines included, so a
/// multi-line block is recalled as one entry; on recall libedit draws the
/// newlines as line breaks in the edit area.
final class LibEditHistory {
  /// The `HistoryW *` handle.
  let handle: OpaquePointer

  /// Creates a history holding at most `capacity` entries, refusing an
  /// entry equal to the newest.
  init?(capacity: Int) {
    guard let handle = bs_history_init(Int32(clamping: capacity), 1) else { return nil }
    self.handle = handle
  }

  deinit {
    bs_history_end(handle)
  }

  /// Adds `entry` as the newest entry.
  func add(_ entry: String) {
    var wide = WideString.make(entry)
    _ = bs_history_enter(handle, &wide)
  }

  /// Removes every entry.
  func clear() {
    _ = bs_history_clear(handle)
  }

  /// The entries, oldest first (read newest-first with H_FIRST/H_NEXT).
  var entries: [String] {
    var newestFirst: [String] = []
    var event = bs_history_first(handle)
    while let text = event {
      newestFirst.append(WideString.string(text))
      event = bs_history_next(handle)
    }
    return newestFirst.reversed()
  }
}

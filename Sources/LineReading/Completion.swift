/// Computes Tab completions for the text before the cursor.
///
/// The CLI owns the knowledge (keywords, variables, members, meta commands);
/// the line editor only applies the result. `CompletionWord.split(_:)` and
/// `FileNameCompleter` help write one.
public typealias Completer = (_ lineBeforeCursor: String) -> Completion

/// The answer to one Tab press: which text to replace, and with what.
public struct Completion: Equatable, Sendable {
  /// The text being completed: a suffix of the line before the cursor
  /// (for `vm.user.na`, usually just `na`). Candidates replace it.
  public var word: String

  /// Full replacements for `word`, inserted verbatim (include a trailing
  /// space or `/` in a candidate to have it inserted too).
  public var candidates: [String]

  /// What the candidate list shows, in the same order as `candidates`
  /// (for file paths, names without their directory). Defaults to the
  /// candidates themselves.
  public var listedNames: [String]

  /// Lines shown below the prompt, never inserted, when there is no
  /// candidate: the signatures of the function being called after its `(`.
  public var hint: [String] = []

  /// Creates a completion.
  /// - Parameters:
  ///   - word: The suffix of the line before the cursor that is replaced.
  ///   - candidates: The replacements; none means "nothing to complete".
  ///   - listedNames: What to show when listing; `nil` shows `candidates`.
  public init(word: String, candidates: [String], listedNames: [String]? = nil) {
    self.word = word
    self.candidates = candidates
    self.listedNames = listedNames ?? candidates
  }

  /// A completion that inserts nothing and shows `lines`, in their order.
  public init(hint lines: [String]) {
    self.init(word: "", candidates: [])
    hint = lines
  }

  /// No completion: Tab beeps.
  public static let none = Completion(word: "", candidates: [])

  /// What a Tab press does with this completion, independent of libedit.
  public enum Action: Equatable, Sendable {
    /// Nothing matches: beep.
    case beep
    /// Replace `word` with this text (a unique candidate, or the longest
    /// common prefix of several that extends `word`).
    case replace(with: String)
    /// Several candidates and nothing more to insert: list these names
    /// (or the hint's lines).
    case list([String])
  }

  /// Decides the Tab action the way a shell does: a unique candidate is
  /// inserted; several insert their longest common prefix when it adds
  /// something, and are listed at once when it does not.
  public var action: Action {
    var unique: [String] = []
    var names: [String] = []
    for (index, candidate) in candidates.enumerated() where !unique.contains(candidate) {
      unique.append(candidate)
      names.append(index < listedNames.count ? listedNames[index] : candidate)
    }
    switch unique.count {
    case 0:
      return hint.isEmpty ? .beep : .list(hint)
    case 1:
      return .replace(with: unique[0])
    default:
      let prefix = longestCommonPrefix(unique)
      if prefix.count > word.count, prefix.hasPrefix(word) {
        return .replace(with: prefix)
      }
      return .list(names.sorted())
    }
  }
}

/// The longest string that every element of `strings` starts with, compared
/// by `Character` so a prefix never splits a grapheme ("é" stays whole).
/// Empty for an empty array.
public func longestCommonPrefix<S: Collection>(_ strings: S) -> String
where S.Element: StringProtocol {
  guard var prefix = strings.first.map({ Substring($0) }) else { return "" }
  for string in strings.dropFirst() {
    var end = prefix.startIndex
    var other = string.startIndex
    while end < prefix.endIndex, other < string.endIndex, prefix[end] == string[other] {
      end = prefix.index(after: end)
      other = string.index(after: other)
    }
    prefix = prefix[..<end]
    if prefix.isEmpty { break }
  }
  return String(prefix)
}

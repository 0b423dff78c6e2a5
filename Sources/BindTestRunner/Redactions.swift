import BindPlatform
import BindSyntax

/// Named redactions: before a step's output is compared with its `#>`
/// lines, every match of a redaction's pattern in it is replaced by the
/// redaction's name, so `#> User(id: <uuid>)` holds whatever id was made,
/// the diff of a failure shows `<uuid>` rather than a value that changes
/// every run, and `--update` writes `<uuid>` back.
///
/// A redaction is declared once: in a script by a comment line
/// `# redact <name> PATTERN`, for that script; for every script in a folder
/// and the folders under it by a line `<name> PATTERN` in a `.redactions`
/// file there (as `.gitignore` and `.editorconfig` work). The pattern is
/// the ` (re)` syntax; a built-in name (``builtInPatterns``) may leave it
/// out. Redactions apply in order, those of outer folders first, then the
/// script's own; a later declaration of a name replaces an earlier one.
package struct Redactions: Sendable {
  /// One redaction: its name with the angle brackets (`<uuid>`) and pattern.
  package struct Redaction: Sendable {
    package var name: String
    package var pattern: LinePattern
    /// The pattern as declared, for messages.
    package var source = ""
  }

  /// A declaration that cannot be used, and where it is.
  package struct DeclarationError: Error, Sendable, Equatable {
    /// The file it is in, as a path, for a `.redactions` file; `nil` for
    /// the script's own.
    package var path: String?
    package var line: Int
    package var message: String
  }

  package private(set) var redactions: [Redaction] = []
  package private(set) var errors: [DeclarationError] = []

  package init() {}

  /// Whether there is nothing to redact.
  package var isEmpty: Bool { redactions.isEmpty }

  /// The patterns of the names a declaration may use without one.
  package static let builtInPatterns: [String: String] = [
    "<uuid>": "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}",
    // `Date`'s description (`2026-11-25 08:41:04 +0000`) and ISO 8601.
    "<date>": #"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?: ?(?:Z|[+-]\d{2}:?\d{2}))?"#,
    "<address>": "0x[0-9A-Fa-f]+",
    // A real-time duration as scripts and Swift print one: `12ms`, `1.5s`, `0.25 seconds`.
    "<duration>": #"\b\d+(?:\.\d+)?(?:ns|us|µs|ms|s|min|h| seconds| milliseconds)\b"#,
  ]

  /// The longest name a redaction may have, angle brackets included.
  static let maxNameLength = 64

  /// The marker of a declaration in a script's comment.
  static let scriptMarker = "# redact "

  /// The declarations in `file`'s `# redact` comment lines.
  package static func declared(in file: SourceFile) -> Redactions {
    var result = Redactions()
    guard file.text.contains(scriptMarker) else { return result }
    for line in 1...file.lineCount {
      let text = file.lineText(line).drop { $0 == " " || $0 == "\t" }
      guard text.hasPrefix(scriptMarker) else { continue }
      result.add(text.dropFirst(scriptMarker.count), path: nil, line: line)
    }
    return result
  }

  /// The declarations of the `.redactions` files in the folder of the
  /// script at `scriptPath` and in the folders above it, outermost first,
  /// up to the project's top (a folder holding `Package.swift` or `.git`).
  package static func inherited(byScriptAt scriptPath: String) -> Redactions {
    var folders: [String] = []
    var folder = FileSystem.resolve(".", relativeTo: FileSystem.absolute(scriptPath))
    while true {
      folders.append(folder)
      let isTop = ["Package.swift", ".git"].contains { FileSystem.kind(of: folder + "/" + $0) != nil }
      guard !isTop, folder != "/" else { break }
      folder = FileSystem.resolve("..", relativeTo: folder + "/")
    }
    var result = Redactions()
    for folder in folders.reversed() {
      let path = (folder == "/" ? "" : folder) + "/.redactions"
      guard FileSystem.kind(of: path) == .file else { continue }
      do {
        let file = try SourceFile.load(path: path)
        for line in 1...file.lineCount {
          let text = file.lineText(line).drop { $0 == " " || $0 == "\t" }
          guard !text.isEmpty, !text.hasPrefix("#") else { continue }
          result.add(text, path: path, line: line)
        }
      } catch {
        result.errors.append(DeclarationError(path: path, line: 1, message: "cannot read the redactions: \(error)"))
      }
    }
    return result
  }

  /// These redactions, then `later`'s, whose names replace the same ones here.
  package func followed(by later: Redactions) -> Redactions {
    var result = self
    for redaction in later.redactions { result.add(redaction) }
    result.errors += later.errors
    return result
  }

  /// `line` with every redaction applied.
  package func apply(to line: String) -> String {
    var line = line
    for redaction in redactions {
      if let replaced = redaction.pattern.replacingMatches(in: line, with: redaction.name) { line = replaced }
    }
    return line
  }

  /// For a statement whose output differs: a line for each `<name>` in its
  /// `expected` lines that its redacted `actual` output never shows, saying
  /// why (the redaction matched nothing, or no redaction has that name), as
  /// a diff of `<uuid>` against a concrete value does not.
  package func unmatchedNames(expected: [String], actual: [String]) -> [String] {
    var seen = Set<String>()
    return expected.flatMap(Self.names(in:)).compactMap { name in
      guard seen.insert(name).inserted, !actual.contains(where: { $0.contains(name) }) else { return nil }
      guard let redaction = redactions.first(where: { $0.name == name }) else {
        return "note: '\(name)' names no redaction this script has; declare it with a line "
          + "'# redact \(name) PATTERN' in the script or '\(name) PATTERN' in a .redactions file"
          + (Self.builtInPatterns[name] == nil ? "" : " ('# redact \(name)' alone: it is built in)")
      }
      return "note: '\(name)' stands for each match of '\(redaction.source)', and this statement's output has none"
    }
  }

  /// The `<name>`s in `line`, as a declaration may spell one.
  private static func names(in line: String) -> [String] {
    var names: [String] = []
    var rest = line[...]
    while let open = rest.firstIndex(of: "<") {
      let afterOpen = rest.index(after: open)
      let body = rest[afterOpen...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
      if !body.isEmpty, body.endIndex < rest.endIndex, rest[body.endIndex] == ">", body.count + 2 <= maxNameLength {
        names.append("<\(body)>")
        rest = rest[rest.index(after: body.endIndex)...]
      } else {
        rest = rest[afterOpen...]
      }
    }
    return names
  }

  /// Reads `<name> PATTERN` (or a built-in `<name>` alone).
  private mutating func add(_ declaration: Substring, path: String?, line: Int) {
    func fail(_ message: String) { errors.append(DeclarationError(path: path, line: line, message: message)) }
    let text = declaration.trimmingSuffix { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard text.first == "<", let close = text.firstIndex(of: ">"),
      text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
      close > text.index(after: text.startIndex)
    else {
      return fail("a redaction is '<name> PATTERN', such as '<id> [0-9]+'; built in are \(Self.builtInNames)")
    }
    let name = String(text[...close])
    // Each match becomes the name: a long one would multiply a line's size.
    guard name.count <= Self.maxNameLength else {
      return fail("a redaction's name is at most \(Self.maxNameLength) characters; '\(name.prefix(20))…' is \(name.count)")
    }
    let source = String(text[text.index(after: close)...].drop { $0 == " " || $0 == "\t" })
    guard let patternSource = source.isEmpty ? Self.builtInPatterns[name] : source else {
      return fail("'\(name)' is not built in, so it needs a pattern: '\(name) PATTERN'; built in are \(Self.builtInNames)")
    }
    let pattern: LinePattern
    do {
      pattern = try LinePattern(patternSource)
    } catch {
      return fail("bad pattern for '\(name)': \(error.message)")
    }
    guard !pattern.matches("") else {
      return fail("the pattern of '\(name)' matches empty text, so it would be put between every two characters; make it match at least one")
    }
    add(Redaction(name: name, pattern: pattern, source: patternSource))
  }

  private mutating func add(_ redaction: Redaction) {
    redactions.removeAll { $0.name == redaction.name }
    redactions.append(redaction)
  }

  private static var builtInNames: String { builtInPatterns.keys.sorted().joined(separator: ", ") }
}

extension Substring {
  fileprivate func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> Substring {
    var text = self
    while let last = text.last, isTrimmed(last) { text = text.dropLast() }
    return text
  }
}

/// The regular expression of a ` (re)` expectation line, compiled to match
/// whole output lines without backtracking.
///
/// The syntax is the common part of Python's `re` (cram's `(re)` lines are
/// Python): literals and escapes, `.`, classes `[a-z]` and `[^…]`, `\d \w
/// \s` and their negations, groups `(…)`, `(?:…)` and `(?P<name>…)`, `|`,
/// the repetitions `* + ? {m} {m,} {,n} {m,n}` (a lazy `?` after one is
/// accepted and changes nothing, as only whether the line matches counts),
/// and the assertions `^ $ \A \Z \b \B`. It matches Unicode scalars, as
/// Python matches code points.
///
/// Matching simulates every way through the pattern at once (Thompson's
/// construction, run as a Pike VM): its time grows with the line's length
/// times the pattern's size, whatever the pattern, so `(a+)+b` against a
/// line of `a`s answers at once where a backtracking engine takes forever.
/// What needs backtracking — backreferences, lookaround, conditionals — is
/// a ``SyntaxError`` that says what to write instead.
///
/// ```swift
/// let pattern = try LinePattern("took \\d+ ms")
/// assert(pattern.matches("took 12 ms") && !pattern.matches("took 12 ms!"))
/// ```
package struct LinePattern: Sendable {
  /// Why a pattern cannot be compiled, and where.
  package struct SyntaxError: Error, Equatable, Sendable {
    /// What is wrong and how to fix it.
    package var message: String
    /// The offset in Unicode scalars of the part of the pattern to blame.
    package var offset: Int
  }

  /// The most instructions a pattern may compile to: repetition counts
  /// multiply (`(a{100}){100}` is 10,000), and matching time grows with it.
  static let maxInstructions = 100_000
  /// The deepest groups may nest; the parser recurses once per level.
  static let maxDepth = 100

  let program: [Instruction]
  let classes: [ScalarClass]

  /// Compiles `source`.
  /// - Throws: a ``SyntaxError`` for a pattern that is not valid, or that
  ///   uses what only a backtracking engine can match.
  package init(_ source: String) throws(SyntaxError) {
    var parser = PatternParser(source)
    try self.init(
      tree: try parser.parse(),
      tooLarge: "the pattern expands to more than \(Self.maxInstructions) steps, as repetition counts multiply; "
        + "use smaller counts, or '*' and '+'")
  }

  /// Compiles the glob of a ` (glob)` line (cram's): `*` matches any run of
  /// characters, `?` any one, and a backslash makes the next character
  /// literal (`\*`, `\?`, `\\`); everything else matches itself.
  /// - Throws: a ``SyntaxError`` for a glob too long to match in bounded
  ///   time (more than ``maxInstructions`` characters).
  package init(glob: String) throws(SyntaxError) {
    var nodes: [PatternNode] = []
    var escaped = false
    for scalar in glob.unicodeScalars {
      if escaped {
        nodes.append(.scalar(scalar))
        escaped = false
        continue
      }
      switch scalar {
      case "\\": escaped = true
      case "*":
        // `**` matches what `*` does; one loop instead of many keeps the
        // matching time down for a run of stars.
        if case .repetition(.anyButNewline, 0, nil)? = nodes.last { continue }
        nodes.append(.repetition(.anyButNewline, minimum: 0, maximum: nil))
      case "?": nodes.append(.anyButNewline)
      default: nodes.append(.scalar(scalar))
      }
    }
    if escaped { nodes.append(.scalar("\\")) }
    try self.init(
      tree: .sequence(nodes), tooLarge: "the glob is longer than \(Self.maxInstructions) characters; match part of the line with '*'")
  }

  private init(tree: PatternNode, tooLarge: @autoclosure () -> String) throws(SyntaxError) {
    guard tree.instructionCount < Self.maxInstructions else { throw SyntaxError(message: tooLarge(), offset: 0) }
    var emitter = Emitter()
    emitter.emit(tree)
    emitter.program.append(.match)
    program = emitter.program
    classes = emitter.classes
  }

  /// The most steps (line length times pattern size) one match may take:
  /// beyond it a line does not match, so that a huge pattern against a
  /// huge line cannot stall a run (a line of 200,000 characters still
  /// meets a pattern of 100 instructions).
  static let maxMatchSteps = 20_000_000

  /// Whether the pattern matches the whole of `line`; `false` for a line
  /// too long for the pattern's size (``maxMatchSteps``).
  package func matches(_ line: String) -> Bool {
    let input = Array(line.unicodeScalars)
    let (steps, overflow) = input.count.multipliedReportingOverflow(by: program.count)
    guard !overflow, steps <= Self.maxMatchSteps else { return false }
    var current = ThreadList(capacity: program.count)
    var next = ThreadList(capacity: program.count)
    var pending: [Int] = []
    add(0, to: &current, at: 0, in: input, pending: &pending)
    for position in input.indices {
      if current.isEmpty { return false }
      let scalar = input[position]
      for pc in current.members where consumes(program[pc], scalar) {
        add(pc + 1, to: &next, at: position + 1, in: input, pending: &pending)
      }
      swap(&current, &next)
      next.removeAll()
    }
    return current.contains(program.count - 1)
  }

  /// Whether instruction `instruction` steps over `scalar`.
  func consumes(_ instruction: Instruction, _ scalar: Unicode.Scalar) -> Bool {
    switch instruction {
    case .scalar(let expected): return scalar == expected
    case .anyButNewline: return scalar != "\n"
    case .inClass(let index): return classes[index].contains(scalar)
    case .assertion, .split, .jump, .match: return false
    }
  }

  /// Adds the thread at `pc` and every thread it reaches without consuming
  /// input to `list`. A thread already there is not followed again, which
  /// is what bounds the work and ends loops that match nothing (`(a*)*`).
  func add(_ pc: Int, to list: inout ThreadList, at position: Int, in input: [Unicode.Scalar], pending: inout [Int]) {
    pending.append(pc)
    while let pc = pending.popLast() {
      guard list.insert(pc) else { continue }
      switch program[pc] {
      case .jump(let target): pending.append(target)
      case .split(let first, let second): pending.append(second); pending.append(first)
      case .assertion(let assertion): if assertion.holds(at: position, in: input) { pending.append(pc + 1) }
      case .scalar, .anyButNewline, .inClass, .match: continue
      }
    }
  }
}

// MARK: The program

/// One step of a compiled pattern.
enum Instruction: Equatable {
  case scalar(Unicode.Scalar)
  case anyButNewline
  case inClass(Int)
  case assertion(Assertion)
  /// Go on at both targets.
  case split(Int, Int)
  case jump(Int)
  /// The whole pattern matched.
  case match
}

/// A condition on the position between two scalars.
enum Assertion: Equatable {
  case lineStart, lineEnd, wordBoundary, notWordBoundary

  func holds(at position: Int, in input: [Unicode.Scalar]) -> Bool {
    switch self {
    case .lineStart: return position == 0
    case .lineEnd: return position == input.count
    case .wordBoundary, .notWordBoundary:
      let before = position > 0 && ScalarClass.Category.word.contains(input[position - 1])
      let after = position < input.count && ScalarClass.Category.word.contains(input[position])
      return (before != after) == (self == .wordBoundary)
    }
  }
}

/// A bracketed class (`[a-z\d]`, `[^,]`) or a class escape (`\w`).
struct ScalarClass {
  /// The classes of the escapes `\d`, `\w` and `\s`, as Python reads them
  /// in a text pattern: Unicode digits, word characters and white space.
  enum Category: Equatable {
    case digit, word, space

    func contains(_ scalar: Unicode.Scalar) -> Bool {
      let properties = scalar.properties
      switch self {
      case .digit: return properties.numericType == .decimal
      case .word: return scalar == "_" || properties.isAlphabetic || properties.numericType != nil
      case .space: return properties.isWhitespace
      }
    }
  }

  var ranges: [ClosedRange<Unicode.Scalar>] = []
  /// Categories, each with whether it is negated (`\D`).
  var categories: [(category: Category, isNegated: Bool)] = []
  var isNegated = false

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let listed = ranges.contains { $0.contains(scalar) }
      || categories.contains { $0.category.contains(scalar) != $0.isNegated }
    return listed != isNegated
  }
}

/// The set of threads at one position: a sparse set, so adding, testing
/// and emptying take constant time.
struct ThreadList {
  private(set) var members: [Int] = []
  private var slots: [Int]

  init(capacity: Int) {
    members.reserveCapacity(capacity)
    slots = [Int](repeating: 0, count: capacity)
  }

  var isEmpty: Bool { members.isEmpty }

  func contains(_ pc: Int) -> Bool {
    let slot = slots[pc]
    return slot < members.count && members[slot] == pc
  }

  /// Adds `pc`; `false` when it was there already.
  mutating func insert(_ pc: Int) -> Bool {
    guard !contains(pc) else { return false }
    slots[pc] = members.count
    members.append(pc)
    return true
  }

  mutating func removeAll() { members.removeAll(keepingCapacity: true) }
}

// MARK: Compiling

/// A parsed pattern.
indirect enum PatternNode {
  case empty
  case scalar(Unicode.Scalar)
  case anyButNewline
  case inClass(ScalarClass)
  case assertion(Assertion)
  case sequence([PatternNode])
  case alternation([PatternNode])
  /// `node{minimum,maximum}`; `maximum` is `nil` for no limit.
  case repetition(PatternNode, minimum: Int, maximum: Int?)

  /// How many instructions the node compiles to, saturating at
  /// `LinePattern.maxInstructions` so that huge counts cannot overflow.
  var instructionCount: Int {
    let limit = LinePattern.maxInstructions
    func capped(_ value: Int, _ overflow: Bool) -> Int { overflow ? limit : min(value, limit) }
    switch self {
    case .empty: return 0
    case .scalar, .anyButNewline, .inClass, .assertion: return 1
    case .sequence(let nodes): return nodes.reduce(0) { min($0 + $1.instructionCount, limit) }
    case .alternation(let nodes): return nodes.reduce(2 * (nodes.count - 1)) { min($0 + $1.instructionCount, limit) }
    case .repetition(let node, let minimum, let maximum):
      let size = node.instructionCount
      let (required, overflow) = size.multipliedReportingOverflow(by: minimum)
      let optionalCopies = maximum.map { $0 - minimum } ?? 1
      let (optional, overflow2) = (size + 2).multipliedReportingOverflow(by: optionalCopies)
      return capped(required + optional, overflow || overflow2 || required >= limit || optional >= limit)
    }
  }
}

/// Turns a parsed pattern into instructions.
private struct Emitter {
  var program: [Instruction] = []
  var classes: [ScalarClass] = []

  mutating func emit(_ node: PatternNode) {
    switch node {
    case .empty: break
    case .scalar(let scalar): program.append(.scalar(scalar))
    case .anyButNewline: program.append(.anyButNewline)
    case .inClass(let scalarClass):
      program.append(.inClass(classes.count))
      classes.append(scalarClass)
    case .assertion(let assertion): program.append(.assertion(assertion))
    case .sequence(let nodes): for node in nodes { emit(node) }
    case .alternation(let branches): emitAlternation(branches)
    case .repetition(let node, let minimum, let maximum): emitRepetition(node, minimum: minimum, maximum: maximum)
    }
  }

  /// `split next, other; BRANCH; jump end; other: …` for each branch but
  /// the last.
  private mutating func emitAlternation(_ branches: [PatternNode]) {
    var jumpsToEnd: [Int] = []
    for branch in branches.dropLast() {
      let split = placeholder()
      emit(branch)
      jumpsToEnd.append(placeholder())
      program[split] = .split(split + 1, program.count)
    }
    if let last = branches.last { emit(last) }
    for jump in jumpsToEnd { program[jump] = .jump(program.count) }
  }

  /// `minimum` copies, then either a loop (`split body, end; BODY; jump
  /// split`) or `maximum - minimum` optional copies that all skip to the end.
  private mutating func emitRepetition(_ node: PatternNode, minimum: Int, maximum: Int?) {
    for _ in 0..<minimum { emit(node) }
    guard let maximum else {
      let split = placeholder()
      emit(node)
      program.append(.jump(split))
      program[split] = .split(split + 1, program.count)
      return
    }
    var splits: [Int] = []
    for _ in minimum..<maximum {
      splits.append(placeholder())
      emit(node)
    }
    for split in splits { program[split] = .split(split + 1, program.count) }
  }

  /// Appends an instruction to be filled in once its target is known.
  private mutating func placeholder() -> Int {
    program.append(.match)
    return program.count - 1
  }
}

import BindLanguage
import BindSyntax

/// The text `:help` and `:help TOPIC` print.
public enum REPLHelp {
  /// One statement form: what it does, and an example to try.
  public struct Topic {
    /// What the statement does, in a sentence or two.
    public var summary: String
    /// Lines to type at the prompt.
    public var example: String
  }

  /// One topic per statement form, by its keyword.
  public static let topics: [String: Topic] = [
    "let": Topic(
      summary: "Declares a constant variable. Objects are made with constructors that take property labels in any order.",
      example: "let p = Person(name: \"Ada\")"),
    "var": Topic(
      summary: "Declares a variable that can be reassigned. When the last reference to an object goes, the object is released.",
      example: "var count = 0\ncount += 1"),
    "type": Topic(
      summary: "Declares an object type with observable properties (stored or derived) and events.",
      example: "type Person {\n  var name: String = \"\"\n  var greeting: String { \"Hello, \\(name)\" }\n  event renamed\n}"),
    "func": Topic(
      summary: "Declares a function. Functions capture variables by reference and may return a value.",
      example: "func greet(p) { return \"Hi, \\(p.name)\" }\ngreet(Person(name: \"Ada\"))"),
    "bind": Topic(
      summary: "Binds an expression to a property (one-way, ->), two properties to each other (two-way, <->), or an event to an event. The target gets the value at once, then every change. Name it with 'as' to dispose it later.",
      example: "let label = Label()\nbind p.name -> label.text as title\nbind field.text <-> p.name"),
    "observe": Topic(
      summary: "Prints every change of an expression as 'EXPR: OLD -> NEW', or runs a block with the old and new values. 'initial' also reports the current value at once.",
      example: "observe p.name initial\nobserve p.name as watcher { old, new in print(\"\\(old) -> \\(new)\") }"),
    "on": Topic(
      summary: "Runs a block each time an event fires; the block may take the event's payload.",
      example: "let button = Button()\non button.tap { print(\"tapped\") }"),
    "emit": Topic(
      summary: "Fires an event, with a payload if the event declares one.",
      example: "emit button.tap\nemit picker.picked(3)"),
    "why": Topic(
      summary: "Prints what caused a property's last change, one hop a line, from the value back to the write that started it: each binding, derived value and effect on the way, and where each write and binding was made. Changes are recorded from the session's first 'why' (':why VALUE' does the same).",
      example: "bind p.greeting -> label.text\np.name = \"Ada\"\nwhy label.text"),
    "dispose": Topic(
      summary: "Ends a binding, observer or handler named with 'as'.",
      example: "observe p.name as watcher\ndispose watcher"),
    "batch": Topic(
      summary: "Runs writes as one transaction: observers and bindings run once at the end, with the final values.",
      example: "batch { p.name = \"Grace\"; p.age = 85 }"),
    "if": Topic(
      summary: "Runs a block when a condition holds, with optional 'else if' and 'else' branches.",
      example: "if p.age >= 18 { print(\"adult\") } else { print(\"minor\") }"),
    "for": Topic(
      summary: "Loops over a closed range (1...3), a half-open range (0..<n) or an array.",
      example: "for i in 1...3 { print(i) }\nfor name in [\"a\", \"b\"] { print(name) }"),
    "while": Topic(
      summary: "Loops while a condition holds. Ctrl-C interrupts a loop that runs too long.",
      example: "var n = 0\nwhile n < 3 { n += 1 }"),
    "import": Topic(
      summary: "Runs another script file once per session; the path is relative to the importing file (to the current directory in the REPL).",
      example: "import \"Shared/types.bind\""),
    "print": Topic(
      summary: "Prints its arguments separated by spaces; strings print without quotes. A bare expression at the prompt prints its value in literal form instead.",
      example: "print(\"name:\", p.name)\np.name"),
    "assert": Topic(
      summary: "Fails with the values of its sub-expressions when a condition does not hold; an optional second argument is the message.",
      example: "assert(label.text == \"Ada\")\nassert(p.age > 0, \"age must be positive\")"),
  ]

  /// The overview `:help` prints: the meta commands, the topics, the keys.
  public static var overview: String {
    let width = MetaCommand.synopses.map(\.usage.count).max() ?? 0
    var lines = ["Type a statement or an expression; an open '{', '(' or '[' continues on the next line.", "", "Commands:"]
    for command in MetaCommand.synopses {
      let padding = String(repeating: " ", count: width - command.usage.count)
      lines.append("  \(command.usage)\(padding)  \(command.summary)")
    }
    lines += [
      "",
      "Help topics (:help TOPIC):",
      "  " + topics.keys.sorted().joined(separator: " "),
      "",
      "Keys: Tab completes (names, members, also after 'xs[0].'; after 'f(' it shows the signature),",
      "Up/Down recall history, Ctrl-R searches it,",
      "Ctrl-C cancels the line or interrupts a running statement, Ctrl-D quits.",
    ]
    return lines.joined(separator: "\n")
  }

  /// The help for `topic`, or an error message suggesting the closest topic.
  public static func text(for topic: String) -> Result<String, MetaCommand.ParseError> {
    let key = topic.hasPrefix(":") ? String(topic.dropFirst()) : topic
    if let entry = topics[key] {
      let example = entry.example.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "  " + $0 }.joined(separator: "\n")
      return .success("\(key): \(entry.summary)\n\nExample:\n\(example)")
    }
    if let command = MetaCommand.synopses.first(where: { $0.name == key }) {
      return .success("\(command.usage): \(command.summary)")
    }
    var message = "no help on '\(topic)'"
    if let guess = suggestion(for: key, among: Array(topics.keys) + MetaCommand.names) {
      message += "; did you mean '\(guess)'?"
    } else {
      message += "; topics are: " + topics.keys.sorted().joined(separator: ", ")
    }
    return .failure(MetaCommand.ParseError(message: message))
  }
}

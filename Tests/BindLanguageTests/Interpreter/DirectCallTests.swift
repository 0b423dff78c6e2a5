import BindPlatform
import XCTest
@testable import BindLanguage

/// The direct call path (`Compiler+DirectCalls.swift`) against the general
/// path, which is the specification: every call shape (functions typed and
/// untyped, closures, methods of types, structs and enums, initializers),
/// with arguments that fit, that do not (labels, counts, types, defaults),
/// that fail while evaluated, and with the limits reached, prints the same
/// values and the same located errors with ``Interpreter/specialises`` on
/// as with it off.
final class DirectCallTests: XCTestCase {
  /// Runs `inputs` (one run each, as REPL entries) with the specialised
  /// paths and without, asserts both print the same, and returns it.
  @discardableResult
  private func bothWays(
    _ inputs: [String], maxSteps: Int = 100_000_000, maxCallDepth: Int = 200,
    file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    var options = Interpreter.Options()
    options.maxSteps = maxSteps
    options.maxCallDepth = maxCallDepth
    func run(specialising: Bool) -> [String] {
      let session = TranscriptSession(options: options)
      session.showsLocations = true
      session.interpreter.specialises = specialising
      return inputs.flatMap { session.run($0) }
    }
    let direct = run(specialising: true)
    let general = run(specialising: false)
    XCTAssertEqual(direct.count, general.count, "direct: \(direct)\ngeneral: \(general)", file: file, line: line)
    for (index, (got, want)) in zip(direct, general).enumerated() where got != want {
      XCTFail("line \(index): direct path printed \(got), general path \(want)", file: file, line: line)
    }
    return direct
  }

  func testTypedFunctionsWithEveryArgumentShape() {
    let output = bothWays([
      """
      func next(value: Int) -> Int { return value + 1 }
      next(value: 1)
      next(value: 2.5)
      next(value: "a")
      next(value: nil)
      next(1)
      next(val: 1)
      next(value: 1, extra: 2)
      next()
      func scale(_ x: Double, by factor: Int = 3) -> Double { return x * Double(factor) }
      scale(2)
      scale(2, by: 4)
      scale(by: 4)
      func orDefault(_ x: Int?) -> Int { return x ?? -1 }
      orDefault(nil)
      orDefault(5)
      func both(a: Int, b: String) -> String { return "\\(a)\\(b)" }
      both(a: 1, b: "x")
      both(b: "x", a: 1)
      both(a: "x", b: 1)
      func nothing(_ x: Int) { }
      nothing(1)
      func missing(_ x: Int) -> Int { if x > 0 { return x } }
      missing(1)
      missing(-1)
      """
    ])
    XCTAssertEqual(output[0], "2")
    XCTAssertEqual(output[8], "6.0")
    XCTAssertEqual(output[9], "8.0")
    XCTAssertEqual(output.filter { !$0.hasPrefix("error:") }, ["2", "6.0", "8.0", "-1", "5", "\"1x\"", "1"])
  }

  func testUntypedFunctionsAndWhatTheyReturn() {
    let output = bothWays([
      """
      func add(a, b) { return a + b }
      add(1, 2)
      add("x", "y")
      add(1)
      add(1, 2, 3)
      add(a: 1, b: 2)
      add(1, "y")
      func show(a) { print(a) }
      show(3)
      let shown = show(4)
      print(shown)
      func early(n) { if n > 0 { return }; return n }
      early(1)
      early(-1)
      func none() { }
      none()
      func four(a, b, c, d) { return a * 1000 + b * 100 + c * 10 + d }
      four(1, 2, 3, 4)
      """
    ])
    XCTAssertEqual(output.filter { !$0.hasPrefix("error:") }, ["3", "\"xy\"", "3", "4", "nil", "-1", "1234"])
  }

  func testArgumentsAreEvaluatedInOrderBeforeTheyAreChecked() {
    let output = bothWays([
      """
      func say(_ text: String) -> Int { print(text); return 1 }
      func pair(a: Int, b: Int) -> Int { return a + b }
      pair(a: say("first"), b: say("second"))
      func typed(a: String, b: Int) -> Int { return b }
      typed(a: say("x"), b: say("y"))
      pair(a: [1][3], b: say("never"))
      pair(a: say("once"), b: [1][3])
      let add = { a, b in a + b }
      add(say("left"), [0][1])
      """
    ])
    XCTAssertEqual(Array(output.prefix(5)), ["first", "second", "2", "x", "y"])
    XCTAssertTrue(output.contains("once") && output.contains("left"), "\(output)")
  }

  func testRecursionAndTheCallDepthLimit() {
    let output = bothWays([
      """
      func depth(n) { if n == 0 { return 0 }; return 1 + depth(n - 1) }
      depth(150)
      depth(1000)
      func fib(_ n: Int) -> Int { if n < 2 { return n }; return fib(n - 1) + fib(n - 2) }
      fib(15)
      var isEven = { n in true }
      let isOdd = { n in n == 0 ? false : isEven(n - 1) }
      isEven = { n in n == 0 ? true : isOdd(n - 1) }
      isEven(150)
      isEven(1000)
      type Walker {
        func down(n: Int) -> Int { if n == 0 { return 0 }; return 1 + up(n: n - 1) }
        func up(n: Int) -> Int { if n == 0 { return 0 }; return 1 + down(n: n - 1) }
      }
      let walker = Walker()
      walker.down(n: 150)
      walker.down(n: 1000)
      depth(3)
      """
    ])
    XCTAssertEqual(output.filter { !$0.hasPrefix("error:") }, ["150", "610", "true", "150", "3"])
    XCTAssertEqual(output.filter { $0.contains("call depth limit of 200 exceeded") }.count, 3, "\(output)")
  }

  func testTheStepLimitCountsEveryCallAtTheSamePlace() {
    // Each function, closure and method call counts one step, as does
    // each loop iteration: the limit is met at the same call both ways.
    let output = bothWays(
      [
        """
        func one(x) { return x }
        var total = 0
        for i in 1...1000 { total = one(total) + 1 }
        total
        let closure = { x in x }
        for i in 1...1000 { total = closure(total) }
        type T { func one(_ x: Int) -> Int { return x } }
        let t = T()
        for i in 1...1000 { total = t.one(total) }
        func spin(n) { if n == 0 { return 0 }; return spin(n - 1) }
        spin(150)
        for i in 1...100 { spin(150) }
        """
      ], maxSteps: 1_500)
    XCTAssertTrue(output.contains { $0.contains("step limit of 1500 exceeded") }, "\(output)")
  }

  func testClosuresAndTheFramesCallsReuse() {
    let output = bothWays([
      """
      func makeCounter(start) { var count = start; return { count += 1; return count } }
      let first = makeCounter(10)
      let second = makeCounter(20)
      first()
      first()
      second()
      func keepsNothing(a) { let b = a * 2; return b }
      keepsNothing(keepsNothing(keepsNothing(1)))
      func nested(n) { func inner(m) { return m + n }; return inner(1) }
      nested(5)
      let typed = { (a: Int, b: Int) -> Int in a - b }
      typed(5, 3)
      typed(5, "x")
      let noValue = { x in print(x) }
      noValue(1)
      [1, 2, 3].map { keepsNothing($0) }
      """
    ])
    XCTAssertEqual(output.filter { !$0.hasPrefix("error:") }, ["11", "12", "21", "8", "6", "2", "1", "[2, 4, 6]"])
  }

  func testMethodsOfTypesStructsAndEnums() {
    let output = bothWays([
      """
      type Counter {
        var count: Int = 0
        func bumped(by step: Int) -> Int { return count + step }
        func add(_ n: Int) { count += n }
        func twice(_ n: Int) -> Int { return bumped(by: n) + bumped(by: n) }
        func describe(prefix: String = ">") -> String { return "\\(prefix)\\(count)" }
      }
      let counter = Counter()
      counter.add(5)
      counter.bumped(by: 1)
      counter.bumped(1)
      counter.bumped(by: "x")
      counter.twice(2)
      counter.describe()
      counter.describe(prefix: "#")
      counter.missing()
      var maybe: Counter? = nil
      maybe?.add(1)
      maybe = counter
      maybe?.bumped(by: 2)
      struct Point {
        var x: Int
        func moved(by d: Int) -> Point { return Point(x: x + d) }
        mutating func shift(_ d: Int) { x += d }
      }
      var point = Point(x: 1)
      point.moved(by: 2).x
      point.shift(10)
      point.x
      enum Light { case on, off
        func flipped() -> Light { return self == .on ? .off : .on }
      }
      Light.on.flipped()
      """
    ])
    XCTAssertEqual(
      output.filter { !$0.hasPrefix("error:") }, ["6", "14", "\">5\"", "\"#5\"", "nil", "7", "3", "11", ".off"])
  }

  func testInitializersOfScriptTypes() {
    let output = bothWays([
      """
      func say(_ text: String) -> Int { print(text); return 1 }
      type Point {
        var x: Int
        var label: String = "p\\(say("default"))"
        let fixed: Int
        init(x: Int) { self.x = x; fixed = 1 }
        init(x: Int, y: Int = 5) { self.x = x + y; fixed = 2 }
        init(_ text: String) { x = 0 }
      }
      Point(x: 1).x
      Point(x: say("argument")).label
      Point(x: 1, y: 2).x
      Point(x: 2.5).x
      Point(x: "a")
      Point(y: 1)
      Point()
      Point("unset")
      Point(x: 1).fixed
      Point(x: [1][3])
      type Deep {
        var n: Int
        init(n: Int) { self.n = n == 0 ? 0 : Deep(n: n - 1).n + 1 }
      }
      Deep(n: 150).n
      type Failing {
        var n: Int
        init(n: Int) { self.n = [n][1] }
      }
      Failing(n: 1)
      type Before { var n: Int; init(n: Int) { self.n = n } }
      for i in 1...3 { print(Before(n: i).n) }
      """,
      "type Before { var n: Int; init(n: String) { self.n = 7 } }",
      "Before(n: \"a\").n",
      "Before(n: 1)",
    ])
    XCTAssertEqual(
      output.filter { !$0.hasPrefix("error:") },
      [
        "default", "1", "argument", "default", "\"p1\"", "default", "3", "default", "default", "default", "Point#6",
        "default", "1", "150", "1", "2", "3", "7",
      ],
      "\(output)")
  }

  func testThrowingFunctionsAndMethods() {
    let output = bothWays([
      """
      enum Failure: Error { case bad }
      func risky(_ n: Int) throws -> Int { if n < 0 { throw Failure.bad }; return n }
      try risky(1)
      risky(1)
      try? risky(-1)
      do { try risky(-1) } catch { print("caught \\(error)") }
      try risky(-1)
      type Store { func save(_ n: Int) throws -> Int { return try risky(n) } }
      let store = Store()
      try store.save(2)
      store.save(2)
      try store.save(-2)
      """
    ])
    XCTAssertEqual(output.filter { !$0.hasPrefix("error:") }, ["1", "nil", "caught .bad", "2"])
  }

  func testAFunctionRedefinedWhileItRuns() {
    // A REPL session: each string is one entry.
    let output = bothWays([
      "func f(n) { return n }",
      "f(1)",
      "func f(n) { return n * 10 }",
      "f(1)",
      """
      var step = { n in 0 }
      step = { n in
        step = { m in m * 100 }
        return step(n) + 1
      }
      step(2)
      step(2)
      """,
      "func g(n) { if n == 0 { return \"old\" }; return g(n - 1) }",
      "func h() { return g(3) }",
      "h()",
      "func g(n) { return \"new\" }",
      "h()",
    ])
    XCTAssertEqual(output, ["1", "10", "201", "200", "\"old\"", "\"new\""])
  }

  func testCallsWithTenThousandArguments() {
    let arguments = Array(repeating: "1", count: 10_000).joined(separator: ", ")
    let parameters = (0..<10_000).map { "p\($0)" }.joined(separator: ", ")
    let output = LargeStack.run(stackSize: LargeStack.interpreterSize) {
      self.bothWays([
        """
        func three(a, b, c) { return a + b + c }
        three(\(arguments))
        let closure = { $0 }
        closure(\(arguments))
        func many(\(parameters)) { return p0 + p9999 }
        many(\(arguments))
        """
      ])
    }
    XCTAssertEqual(output.count, 3, "\(output.map { $0.prefix(200) })")
    XCTAssertEqual(output.last, "2")
  }

  func testDirectCallsReuseTheirFrame() {
    // Not a differential check: that the specialised run above took the
    // direct path at all. A direct call gives its frame back to the
    // function value; the general path makes a new frame each call.
    for specialising in [true, false] {
      let session = TranscriptSession()
      session.interpreter.specialises = specialising
      session.run("func id(x) { return x }\nfor i in 1...10 { id(i) }")
      guard case .function(let function)? = session.interpreter.global("id") else { return XCTFail("no 'id'") }
      XCTAssertEqual(function.spares.count, specialising ? 1 : 0)
    }
  }
}

import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

/// How the interpreter is referred to by what may outlive it, without weak
/// references (a weak reference gives it a side table, and every retain of
/// it then takes the runtime's slow path).
final class InterpreterLifetimeTests: XCTestCase {
  /// The scheduler's hook neither keeps the interpreter alive nor reaches
  /// it once it is gone: a host may keep and drive the scheduler after.
  func testSchedulerHookOutlivesTheInterpreterHarmlessly() {
    var interpreter: Interpreter? = Interpreter()
    let scheduler = interpreter!.scheduler
    weak var released = interpreter
    interpreter = nil
    XCTAssertNil(released, "the scheduler's hook must not keep the interpreter alive")
    scheduler.afterEachJob?()
    scheduler.runReady()
  }

  /// While the interpreter lives, the hook delivers what host tasks changed
  /// (it runs after each job): calling it with nothing pending is a no-op.
  func testSchedulerHookReachesALiveInterpreter() throws {
    let interpreter = Interpreter()
    let hook = try XCTUnwrap(interpreter.scheduler.afterEachJob)
    hook()
    XCTAssertNil(interpreter.pendingError)
  }

  // MARK: Ending the session

  /// Runs `source`, ends the session and fails if the interpreter outlives
  /// the last reference to it (a reference cycle).
  private func assertReleasedAfterEndingTheSession(
    _ source: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    weak var released: Interpreter?
    do {
      let interpreter = Interpreter()
      released = interpreter
      interpreter.output = { _ in }
      XCTAssertNoThrow(try interpreter.run(Parser.parse(source, path: "session.bind")), file: file, line: line)
      interpreter.endSession()
    }
    XCTAssertNil(released, "a reference cycle keeps the interpreter after endSession", file: file, line: line)
  }

  /// A method's compiled code caches the type it last wrote, read or
  /// called a method of, and the type owns that code: `endSession`
  /// releases the code, so the cycle ends.
  func testEndingTheSessionReleasesATypeWhoseMethodsUseItsMembers() {
    assertReleasedAfterEndingTheSession("""
      type P { var s: Int = 0
       func sel(index: Int) { self.s = index } }
      let p = P()
      p.sel(index: 3)
      """)
    assertReleasedAfterEndingTheSession("""
      type Counter {
        var count: Int = 0
        var doubled: Int { get { count * 2 } set { count = newValue / 2 } }
        var summary: String { "\\(describe())" }
        func describe() -> String { "\\(self.count)" }
        func reset() { count = 0 }
        func bump() { reset(); count += 1 }
      }
      let counter = Counter()
      counter.bump()
      counter.doubled = 4
      counter.summary
      """)
  }

  /// The same for structs and enums, which the interpreter keeps by name.
  func testEndingTheSessionReleasesValueTypesWhoseMethodsUseThem() {
    assertReleasedAfterEndingTheSession("""
      struct Point { var x: Int
        var twice: Int { x * 2 }
        func moved(by dx: Int) -> Point { Point(x: x + dx) } }
      let p = Point(x: 1)
      p.moved(by: 2).twice
      """)
    assertReleasedAfterEndingTheSession("""
      enum Tab { case home, settings
        func other() -> Tab { switch self { case .home: return .settings
        case .settings: return .home } } }
      Tab.home.other().other()
      """)
  }

  /// A type a later declaration replaced keeps its code until the session
  /// ends, as objects of it may still be in use.
  func testEndingTheSessionReleasesAReplacedTypesCode() {
    assertReleasedAfterEndingTheSession("""
      type P { var s: Int = 0
       func sel() { self.s = 1 } }
      let p = P()
      p.sel()
      type P { var s: Int = 0 }
      """)
  }

  /// A call site caches its callee's argument plan under a key that owns
  /// no code: a recursive call's site, in the callee's own body, does not
  /// keep the callee.
  func testRecursiveTypedFunctionsAndMethodsAreNoCycle() {
    assertReleasedAfterEndingTheSession("""
      func factorial(_ n: Int) -> Int { n <= 1 ? 1 : n * factorial(n - 1) }
      func even(n: Int) -> Bool { n == 0 ? true : odd(n: n - 1) }
      func odd(n: Int) -> Bool { n == 0 ? false : even(n: n - 1) }
      factorial(5)
      even(n: 4)
      """)
    assertReleasedAfterEndingTheSession("""
      type Walker { func walk(steps: Int) -> Int { steps <= 0 ? 0 : 1 + walk(steps: steps - 1) } }
      Walker().walk(steps: 3)
      """)
  }

  /// A nested function with a signature but no defaults does not keep the
  /// frame its own value is in.
  func testANestedTypedFunctionIsNoCycle() {
    assertReleasedAfterEndingTheSession("""
      func outer() -> Int {
        func inner(n: Int) -> Int { n + 1 }
        return inner(n: 1)
      }
      outer()
      """)
  }

  /// A struct or enum whose fields or cases name itself, or a type declared
  /// beside it, refers to it weakly: checked or run, the types go with the
  /// session (the language server checks on every change).
  func testRecursiveValueTypesAreReleasedWithTheSession() throws {
    let source = """
      struct Tree { var children: [Tree] = [] }
      struct Left { var rights: [Right] = [] }
      struct Right { var lefts: [Left]? = nil }
      enum Chain { case end; case link([Chain]) }
      var tree = Tree(children: [Tree()])
      tree.children.append(Tree(children: [tree]))
      let chain = Chain.link([.link([.end])])
      """
    for checkOnly in [true, false] {
      var types: [() -> AnyObject?] = []
      do {
        let interpreter = Interpreter()
        interpreter.output = { _ in }
        let parsed = Parser.parse(source, path: "recursive.bind")
        if checkOnly {
          XCTAssertEqual(interpreter.check(parsed).map(\.message), [])
        } else {
          try interpreter.run(parsed)
        }
        for name in ["Tree", "Left", "Right"] {
          weak var type = interpreter.structTypes[name]
          XCTAssertNotNil(type)
          types.append { type }
        }
        weak var chain = interpreter.enumTypes["Chain"]
        types.append { chain }
        interpreter.endSession()
      }
      XCTAssertTrue(types.allSatisfy { $0() == nil }, "a recursive value type outlived its session (check: \(checkOnly))")
    }
  }
}

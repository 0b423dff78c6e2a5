import BindPlatform
import BindSyntax
import XCTest
@testable import BindLanguage

/// Every statement form of Grammar.md §2, with the whole output each script
/// prints.
final class InterpreterStatementTests: XCTestCase {
  // MARK: type declarations

  func testTypeWithStoredOptionalDerivedAndObjectProperties() {
    assertTranscript(
      """
      type Person {
        var name: String = ""
        var age: Int = 0
        var nickname: String?
        var greeting: String { "Hello, \\(name)" }
        var friend: Person?
        event renamed
        event picked: Int
      }
      let p = Person(name: "Ada")
      p.name
      p.age
      p.nickname
      p.greeting
      p.friend
      p.friend = Person(age: 3, name: "Bob")
      p.friend
      p.friend.name
      p.friend.age
      p.greeting
      p.name = "Grace"
      p.greeting
      p.renamed
      p.picked
      """,
      [
        "\"Ada\"", "0", "nil", "\"Hello, Ada\"", "nil", "Person#2", "\"Bob\"", "3", "\"Hello, Ada\"",
        "\"Hello, Grace\"", "Person#1.renamed", "Person#1.picked",
      ])
  }

  func testZeroValuesAndDefaults() {
    assertTranscript(
      """
      type Box {
        var i: Int
        var d: Double
        var s: String
        var b: Bool
        var xs: [Int]
        var o: Int?
        var withDefault: Double = 2
        let fixed: String = "k"
      }
      let box = Box()
      print(box.i, box.d, box.s, box.b, box.xs, box.o, box.withDefault, box.fixed)
      box.s
      """,
      ["0 0.0  false [] nil 2.0 k", "\"\""])
  }

  func testDefaultsAreEvaluatedPerInstance() {
    assertTranscript(
      """
      var made = 0
      func next() { made += 1; return made }
      type T { var n: Int = next() }
      T().n
      T().n
      T(n: 10).n
      made
      """,
      ["1", "2", "10", "2"])
  }

  func testBuiltInTypesHaveTheirSpecifiedProperties() {
    assertTranscript(
      """
      let l = Label()
      print(l.text, l.isHidden)
      let f = TextField()
      print(f.text, f.placeholder, f.isEnabled)
      let b = Button()
      print(b.title, b.isEnabled)
      let s = Switch()
      print(s.isOn)
      let sl = Slider()
      print(sl.value, sl.minimum, sl.maximum)
      f.editingChanged
      f.returnPressed
      b.tap
      s.valueChanged
      sl.valueChanged
      """,
      [
        "nil false", " nil true", "nil true", "false", "0.0 0.0 1.0",
        "TextField#1.editingChanged", "TextField#1.returnPressed", "Button#1.tap", "Switch#1.valueChanged",
        "Slider#1.valueChanged",
      ])
  }

  func testObjectsAreNumberedPerTypeInCreationOrder() {
    assertTranscript(
      """
      type A { var x: Int = 0 }
      type B { var x: Int = 0 }
      A()
      B()
      A()
      Label()
      B()
      let kept = [A(), B(), Label()]
      kept
      """,
      ["A#1", "B#1", "A#2", "Label#1", "B#2", "[A#3, B#3, Label#2]"])
  }

  func testConstructorLabelsInAnyOrderAndIntToDoubleConversion() {
    assertTranscript(
      """
      type Point { var x: Double = 0; var y: Double = 0; var tag: String? }
      let p = Point(y: 2, tag: "t", x: 1.5)
      print(p.x, p.y, p.tag)
      p.y = 7
      p.y
      """,
      ["1.5 2.0 t", "7.0"])
  }

  func testLetPropertyIsSetByConstructorOnly() {
    assertTranscript(
      """
      type Id { let value: Int = 1 }
      let a = Id(value: 5)
      a.value
      a.value = 6
      a.value
      """,
      ["5", "error: cannot assign to 'value': it is a 'let' property of Id", "5"])
  }

  func testTypedArrayOptionalAndObjectProperties() {
    assertTranscript(
      """
      type V {
        var ds: [Double] = []
        var maybe: [Int]?
        var people: [V] = []
        var nn: Int?? = nil
        event sent: V
        event many: [Int]
      }
      let v = V()
      v.ds = [1, 2.5]
      v.ds
      v.maybe
      v.maybe = [1]
      v.maybe
      v.people = [V(), V()]
      v.people
      v.people = [v, Label()]
      v.nn = 3
      v.nn
      on v.sent { x in print("got", x) }
      emit v.sent(v)
      emit v.sent(Label())
      on v.many { xs in print(xs.count) }
      emit v.many([1, 2])
      emit v.many([1.5])
      v.ds.append(3)
      v.ds.append("x")
      v.ds
      """,
      [
        "[1.0, 2.5]", "nil", "[1]", "[V#2, V#3]",
        "error: cannot assign value of type '[Any]' to property 'people' of type '[V]'",
        "3",
        "got V#1",
        "error: event 'V#1.sent' takes a payload of type 'V', not 'Label'",
        "2",
        "error: event 'V#1.many' takes a payload of type '[Int]', not '[Double]'",
        "error: cannot assign value of type '[Any]' to property 'ds' of type '[Double]'",
        "[1.0, 2.5, 3.0]",
      ])
  }

  func testBlockScopesShadowAndForLoopVariablesAreConstants() {
    assertTranscript(
      """
      let x = 1
      if true { let x = 2; print(x) }
      x
      for i in 1...2 { i = 5 }
      func local() { var hidden = 1; return hidden }
      local()
      hidden
      func isEven(n) { return n == 0 ? true : isOdd(n - 1) }
      func isOdd(n) { return n == 0 ? false : isEven(n - 1) }
      isEven(10)
      """,
      [
        "2", "1",
        "error: cannot assign to 'i': it is a 'let' constant; declare it with 'var' to change it",
        "1",
        "error: cannot find 'hidden' in scope",
        "true",
      ])
  }

  func testKeywordsAsPropertyEventAndLabelNames() {
    assertTranscript(
      """
      type K { var type: String = "t"; var in: Int = 0; event on; event emit: Int }
      let k = K(type: "x", in: 3)
      k.type
      k.in += 1
      k.in
      observe k.type
      k.type = "y"
      on k.on { print("on fired") }
      emit k.on
      on k.emit { v in print("emit", v) }
      emit k.emit(2)
      """,
      ["\"x\"", "4", "k.type: \"x\" -> \"y\"", "on fired", "emit 2"])
  }

  // MARK: let, var, assignment

  func testLetAndVar() {
    assertTranscript(
      """
      let a = 1
      var b = "x"
      b = 2
      b
      b = [a, b]
      b
      a = 3
      a
      """,
      [
        "2", "[1, 2]",
        "error: cannot assign to 'a': it is a 'let' constant; declare it with 'var' to change it", "1",
      ])
  }

  func testCompoundAssignmentOnVariablesPropertiesAndElements() {
    assertTranscript(
      """
      var n = 10
      n += 5
      n -= 3
      n
      var s = "ab"
      s += "cd"
      s
      var d = 1.5
      d -= 1
      d
      type C { var v: Int = 0; var w: Double = 0 }
      let c = C()
      observe c.v
      c.v += 2
      c.v -= 5
      c.w += 1
      c.w
      var xs = [1, 2, 3]
      xs[1] += 40
      xs[2] -= 3
      xs
      """,
      ["12", "\"abcd\"", "0.5", "c.v: 0 -> 2", "c.v: 2 -> -3", "1.0", "[1, 42, 0]"])
  }

  func testPropertyWritesAreTypeChecked() {
    assertTranscript(
      """
      type P { var name: String = ""; var age: Int = 0; var score: Double = 0; var tag: String? }
      let p = P()
      p.name = 1
      p.age = 1.5
      p.age = "3"
      p.score = 3
      p.tag = "x"
      p.tag = nil
      p.name = nil
      print(p.name, p.age, p.score, p.tag)
      """,
      [
        "error: cannot assign value of type 'Int' to property 'name' of type 'String'",
        "error: cannot assign value of type 'Double' to property 'age' of type 'Int'",
        "error: cannot assign value of type 'String' to property 'age' of type 'Int'",
        "error: cannot assign value of type 'nil' to property 'name' of type 'String'",
        " 0 3.0 nil",
      ])
  }

  func testObjectPropertyChecksTheObjectType() {
    assertTranscript(
      """
      type Person { var friend: Person? }
      type Pet { var name: String = "" }
      let p = Person()
      p.friend = Pet()
      p.friend = Person()
      p.friend
      """,
      ["error: cannot assign value of type 'Pet' to property 'friend' of type 'Person?'", "Person#2"])
  }

  func testArrayPropertyAppendIsOneWriteWithOldAndNew() {
    assertTranscript(
      """
      type VM { var items: [Int] = [] }
      let vm = VM()
      observe vm.items
      vm.items.append(1)
      vm.items.append(2)
      vm.items.removeLast()
      vm.items.append("three")
      vm.items
      """,
      [
        "vm.items: [] -> [1]",
        "vm.items: [1] -> [1, 2]",
        "vm.items: [1, 2] -> [1]",
        "2",
        "error: cannot assign value of type '[Any]' to property 'items' of type '[Int]'",
        "[1]",
      ])
  }

  // MARK: bind

  func testOneWayBindingDeliversAtOnceThenEveryChange() {
    assertTranscript(
      """
      type P { var name: String = "P1" }
      let p1 = P()
      let label = Label()
      observe label.text
      bind p1.name -> label.text
      p1.name = "Ada"
      p1.name = "Ada"
      p1.name = "Grace"
      label.text
      """,
      [
        "label.text: nil -> \"P1\"",
        "label.text: \"P1\" -> \"Ada\"",
        "label.text: \"Ada\" -> \"Grace\"",
        "\"Grace\"",
      ])
  }

  func testNamedExpressionBindingAndDispose() {
    assertTranscript(
      """
      type P { var name: String = "P1" }
      let p1 = P()
      let label = Label()
      bind "Hi, \\(p1.name)!" -> label.text as greet
      label.text
      p1.name = "Ada"
      label.text
      dispose greet
      p1.name = "Bob"
      label.text
      dispose greet
      """,
      [
        "\"Hi, P1!\"", "\"Hi, Ada!\"", "\"Hi, Ada!\"",
        "error: no binding, observer, handler or timer named 'greet'",
      ])
  }

  func testPruningEndedConnectionsKeepsTheOthersInOrderAndByName() {
    // 150 named bindings: the list of connections is pruned of ended ones
    // as it grows (at 64, then at twice what is left), here after every
    // other one was disposed.
    let session = TranscriptSession()
    defer { session.end() }
    XCTAssertEqual(session.run(
      """
      type P { var n: Int = 0 }
      let p = P()
      var labels = [Label()]
      for i in 2...150 { labels.append(Label()) }
      """), [])
    for index in 1...150 {
      _ = session.run("bind \"\\(p.n)\" -> labels[\(index - 1)].text as b\(index)")
      if index % 2 == 0 { _ = session.run("dispose b\(index)") }
    }
    let names = session.interpreter.connections.entries.compactMap(\.name)
    XCTAssertEqual(names, (1...150).filter { $0 % 2 == 1 }.map { "b\($0)" })
    XCTAssertEqual(session.run("dispose b149\ndispose b2"), ["error: no binding, observer, handler or timer named 'b2'; did you mean 'b1'?"])
    XCTAssertEqual(session.run("p.n = 7\nlabels[0].text\nlabels[1].text\nlabels[148].text"), ["\"7\"", "\"0\"", "\"0\""])
  }

  func testBindingIntoOptionalAndDoubleTargets() {
    assertTranscript(
      """
      type M { var n: Int = 3; var s: String = "s" }
      let m = M()
      let slider = Slider()
      let label = Label()
      bind m.n -> slider.value
      bind m.s -> label.text
      m.n = 4
      print(slider.value, label.text)
      bind m.s -> slider.value
      """,
      ["4.0 s", "error: cannot bind value of type 'String' into 'Slider#1.value' of type 'Double'"])
  }

  func testTwoWayBindingRightTakesLeftThenEachChangeOnce() {
    assertTranscript(
      """
      type VM { var username: String = "vm" }
      let vm = VM()
      let field = TextField(text: "field")
      observe field.text
      observe vm.username
      bind field.text <-> vm.username
      vm.username = "ada"
      field.text = "grace"
      field.text = "grace"
      print(field.text, vm.username)
      """,
      [
        "vm.username: \"vm\" -> \"field\"",
        "field.text: \"field\" -> \"ada\"",
        "vm.username: \"field\" -> \"ada\"",
        "field.text: \"ada\" -> \"grace\"",
        "vm.username: \"ada\" -> \"grace\"",
        "grace grace",
      ])
  }

  func testTwoWayBindingNeedsSameTypes() {
    assertTranscript(
      """
      let field = TextField()
      let label = Label()
      bind field.text <-> label.text
      bind label.text <-> field.text
      """,
      [
        "error: '<->' needs two properties of the same type, not 'String' and 'String?'",
        "error: '<->' needs two properties of the same type, not 'String?' and 'String'",
      ])
  }

  func testTwoWayBindingCanBeNamedAndDisposed() {
    assertTranscript(
      """
      let a = TextField(text: "a")
      let b = TextField()
      bind a.text <-> b.text as link
      b.text = "b"
      a.text
      dispose link
      b.text = "c"
      print(a.text, b.text)
      """,
      ["\"b\"", "b c"])
  }

  func testEventForwardingToEventAndToProperty() {
    assertTranscript(
      """
      type VM {
        var last: Int = 0
        event submit
        event picked: Int
      }
      let vm = VM()
      let button = Button()
      bind button.tap -> vm.submit
      on vm.submit { print("submitted") }
      emit button.tap
      emit button.tap
      let source = VM()
      bind source.picked -> vm.picked
      bind vm.picked -> vm.last
      on vm.picked { v in print("picked", v) }
      emit source.picked(7)
      vm.last
      bind vm.picked -> button.tap
      emit vm.picked(8)
      """,
      ["submitted", "submitted", "picked 7", "7", "picked 8", "submitted"])
  }

  func testEventForwardingChecksPayloadTypes() {
    assertTranscript(
      """
      type VM { event picked: Int; event named: String }
      let vm = VM()
      let button = Button()
      bind button.tap -> vm.picked
      bind vm.picked -> vm.named
      """,
      [
        "error: cannot forward 'Button#1.tap' (payload none) into 'VM#1.picked' (payload 'Int')",
        "error: cannot forward 'VM#1.picked' (payload 'Int') into 'VM#1.named' (payload 'String')",
      ])
  }

  // MARK: observe

  func testObservePrintsOldAndNewWithSourceTextAsWritten() {
    assertTranscript(
      """
      type P { var name: String = "P1"; var age: Int = 1 }
      let p1 = P()
      observe p1.name
      observe (p1.age)   # parentheses are part of the text
      observe p1.age * 2
      p1.name = "Ada"
      p1.age = 2
      p1.name = "Ada"
      """,
      [
        "p1.name: \"P1\" -> \"Ada\"",
        "(p1.age): 1 -> 2",
        "p1.age * 2: 2 -> 4",
      ])
  }

  func testObserveInitialPrintsCurrentValueFirst() {
    assertTranscript(
      """
      type P { var name: String = "P1"; var nick: String? }
      let p1 = P()
      observe p1.name initial
      observe p1.nick initial
      p1.name = "Ada"
      p1.nick = "A"
      """,
      [
        "p1.name: \"P1\"",
        "p1.nick: nil",
        "p1.name: \"P1\" -> \"Ada\"",
        "p1.nick: nil -> \"A\"",
      ])
  }

  func testObserveAsNameAndDispose() {
    assertTranscript(
      """
      type P { var n: Int = 0 }
      let p = P()
      observe p.n as watcher
      p.n = 1
      dispose watcher
      p.n = 2
      observe p.n initial as again
      dispose again
      p.n = 3
      """,
      ["p.n: 0 -> 1", "p.n: 2"])
  }

  func testObserveBlocksWithZeroOneAndTwoParameters() {
    assertTranscript(
      """
      type C { var count: Int = 0 }
      let vm = C()
      observe vm.count { print("changed") }
      observe vm.count { value in print("new", value) }
      observe vm.count as counter { old, new in print("count \\(old) -> \\(new)") }
      vm.count = 1
      vm.count += 1
      observe vm.count initial { old, new in print("initial", old, new) }
      observe vm.count initial { v in print("initial one", v) }
      observe vm.count initial { print("initial none") }
      """,
      [
        "changed", "new 1", "count 0 -> 1",
        "changed", "new 2", "count 1 -> 2",
        "initial nil 2", "initial one 2", "initial none",
      ])
  }

  func testObserverBlocksCaptureVariablesByReference() {
    assertTranscript(
      """
      type C { var v: Int = 0 }
      let c = C()
      var total = 0
      var seen = []
      observe c.v { old, new in total += new - old; seen.append(new) }
      c.v = 5
      c.v = 2
      print(total, seen)
      """,
      ["2 [5, 2]"])
  }

  func testObserveAnEventIsAnError() {
    assertTranscript(
      """
      let b = Button()
      observe b.tap
      """,
      ["error: 'b.tap' is an event; handle it with 'on b.tap { … }'"])
  }

  // MARK: on and emit

  func testOnWithAndWithoutPayloadAndEmit() {
    assertTranscript(
      """
      type Picker { event picked: Int; event cleared }
      let picker = Picker()
      let button = Button()
      var taps = 0
      on button.tap { taps += 1 }
      on picker.picked { v in print("picked", v) }
      on picker.cleared { print("cleared") }
      on picker.picked { print("picked, payload ignored") }
      emit button.tap
      emit button.tap
      emit picker.picked(3)
      emit picker.cleared
      taps
      """,
      ["picked 3", "picked, payload ignored", "cleared", "2"])
  }

  func testEmitChecksPayloads() {
    assertTranscript(
      """
      type Picker { event picked: Int; event ratio: Double; event cleared }
      let picker = Picker()
      on picker.ratio { r in print(r) }
      emit picker.picked
      emit picker.picked("x")
      emit picker.cleared(1)
      emit picker.ratio(2)
      """,
      [
        "error: event 'Picker#1.picked' needs a payload of type 'Int': emit picked(value)",
        "error: event 'Picker#1.picked' takes a payload of type 'Int', not 'String'",
        "error: event 'Picker#1.cleared' takes no payload",
        "2.0",
      ])
  }

  func testNamedHandlerCanBeDisposed() {
    assertTranscript(
      """
      let b = Button()
      on b.tap as tapper { print("tap") }
      emit b.tap
      dispose tapper
      emit b.tap
      """,
      ["tap"])
  }

  func testHandlersRunInRegistrationOrderAndWritesPropagateAtOnce() {
    assertTranscript(
      """
      type VM { var count: Int = 0 }
      let vm = VM()
      let b = Button()
      observe vm.count
      on b.tap { vm.count += 1; print("first handler sees", vm.count) }
      on b.tap { print("second handler sees", vm.count) }
      emit b.tap
      """,
      ["vm.count: 0 -> 1", "first handler sees 1", "second handler sees 1"])
  }

  // MARK: batch

  func testBatchRunsObserversOnceAtTheEndWithFinalValues() {
    assertTranscript(
      """
      type A { var x: Int = 0; var y: Int = 0 }
      let a = A()
      observe a.x
      observe a.y
      observe "\\(a.x),\\(a.y)"
      batch { a.x = 1; a.y = 2; a.x = 3; print("inside", a.x, a.y) }
      batch { a.x = 4; a.x = 3 }
      """,
      [
        "inside 3 2",
        "a.x: 0 -> 3",
        "a.y: 0 -> 2",
        "\"\\(a.x),\\(a.y)\": \"0,0\" -> \"3,2\"",
      ])
  }

  func testBatchUpdatesBindingsOnce() {
    assertTranscript(
      """
      type A { var first: String = "a"; var last: String = "b" }
      let a = A()
      let label = Label()
      bind "\\(a.first) \\(a.last)" -> label.text
      observe label.text
      batch {
        a.first = "Ada"
        a.last = "Lovelace"
      }
      """,
      ["label.text: \"a b\" -> \"Ada Lovelace\""])
  }

  func testInsideABatchDerivedValuesAreCurrentAndBindingsWaitForTheEnd() {
    assertTranscript(
      """
      type D { var a: Int = 1; var b: Int { a * 10 } }
      let g = D()
      observe g.b
      batch { g.a = 2; print("derived inside batch", g.b); g.a = 3 }
      type N { var x: Int = 0 }
      let a = N()
      let b = N()
      bind a.x -> b.x
      observe b.x
      batch { a.x = 5; print("bound target inside batch", b.x) }
      batch { batch { a.x = 6 }; print("after inner batch", b.x) }
      """,
      [
        "derived inside batch 20", "g.b: 10 -> 30",
        "bound target inside batch 0", "b.x: 0 -> 5",
        "after inner batch 5", "b.x: 5 -> 6",
      ])
  }

  func testAnErrorInsideABatchKeepsTheWritesBeforeIt() {
    assertTranscript(
      """
      type A { var x: Int = 0; var y: Int = 0 }
      let a = A()
      observe a.x
      observe a.y
      batch { a.x = 1; a.y = "s"; a.y = 2 }
      print(a.x, a.y)
      """,
      ["a.x: 0 -> 1", "error: cannot assign value of type 'String' to property 'y' of type 'Int'", "1 0"])
  }

  func testARuntimeBindingErrorDoesNotEndTheBinding() {
    assertTranscript(
      """
      type User { var name: String = "" }
      type VM { var user: User?; var maybe: String? }
      let vm = VM(user: User(name: "a"))
      let field = TextField()
      bind vm.user.name -> field.text
      vm.user = nil
      vm.user = User(name: "b")
      field.text
      bind vm.maybe -> field.text
      vm.maybe = "x"
      field.text
      """,
      [
        "error: cannot bind value of type 'nil' into 'TextField#1.text' of type 'String'",
        "\"b\"",
        "error: cannot bind value of type 'nil' into 'TextField#1.text' of type 'String'",
        "\"b\"",
      ])
  }

  // MARK: control flow

  func testIfElseIfElse() {
    assertTranscript(
      """
      func classify(n) {
        if n < 0 { return "negative" } else if n == 0 { return "zero" } else if n < 10 {
          return "small"
        }
        else {
          return "large"
        }
      }
      print(classify(-1), classify(0), classify(5), classify(50))
      if true { print("then") }
      if false { print("no") } else { print("else") }
      if 1 { }
      """,
      ["negative zero small large", "then", "else", "error: condition must be a Bool, not 'Int'"])
  }

  func testForOverRangesAndArrays() {
    assertTranscript(
      """
      var out = []
      for i in 1...3 { out.append(i) }
      for i in 0..<2 { out.append(i * 10) }
      for i in 5..<5 { out.append("never") }
      for s in ["a", "b"] { out.append(s) }
      for x in [] { out.append("never") }
      let n = 2
      for i in n...n + 1 { out.append(-i) }
      out
      for i in 3...1 { }
      for c in "abc" { }
      """,
      [
        "[1, 2, 3, 0, 10, \"a\", \"b\", -2, -3]",
        "error: range 3...1 has its lower bound above its upper bound; count down with a 'while' loop",
        "error: 'for' needs an array, a set, a dictionary or a range like '1...10', not 'String'",
      ])
  }

  func testForLoopOverAStoredRangeValue() {
    assertTranscript(
      """
      let r = 1...4
      r
      var sum = 0
      for i in r { sum += i }
      sum
      0..<0
      """,
      ["[1, 2, 3, 4]", "10", "[]"])
  }

  func testBreakAndContinue() {
    assertTranscript(
      """
      var out = []
      for i in 1...10 {
        if i % 2 == 0 { continue }
        if i > 7 { break }
        out.append(i)
      }
      var j = 0
      while true {
        j += 1
        if j < 3 { continue }
        break
      }
      for x in [1, 2, 3] { for y in [1, 2, 3] { if y == 2 { break }; out.append(x * 10 + y) } }
      print(out, j)
      """,
      ["[1, 3, 5, 7, 11, 21, 31] 3"])
  }

  func testEachLoopIterationHasItsOwnVariablesForTheBlocksItMakes() {
    assertTranscript(
      """
      let b = Button()
      var shared = 0
      for i in [1, 2] { var own = i * 10; on b.tap { own += 1; shared += 1; print(i, own, shared) } }
      var j = 0
      while j < 2 { let seen = j; func show() { print("while", seen) }; on b.tap { show() }; j += 1 }
      for i in 1...2 { if i == 2 { func late() { print("late", i) }; on b.tap { late() } } }
      emit b.tap
      emit b.tap
      """,
      [
        "1 11 1", "2 21 2", "while 0", "while 1", "late 2",
        "1 12 3", "2 22 4", "while 0", "while 1", "late 2",
      ])
  }

  func testWhileLoop() {
    assertTranscript(
      """
      var n = 1
      var steps = 0
      while n < 100 { n = n * 2; steps += 1 }
      print(n, steps)
      while false { print("never") }
      """,
      ["128 7"])
  }

  func testFunctionsReturnRecursionAndClosures() {
    assertTranscript(
      """
      func fact(n) { if n <= 1 { return 1 }; return n * fact(n - 1) }
      fact(10)
      func fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
      fib(15)
      func nothing() { }
      nothing()
      func early(x) { if x { return }; print("late") }
      early(true)
      early(false)
      func nilResult() { return nil }
      nilResult()
      func outer(n) {
        var count = n
        func bump() { count += 1 }
        bump()
        bump()
        return count
      }
      outer(1)
      outer(10)
      fill
      func fill(vm, name) { vm.text = name; return vm }
      fill(Label(), "x").text
      """,
      ["3628800", "610", "late", "nil", "3", "12", "func fill", "\"x\""])
  }

  func testFunctionsSeeGlobalsByReferenceAndHoisting() {
    assertTranscript(
      """
      var total = 0
      func add(n) { total += n }
      add(2)
      add(3)
      total
      later()
      func later() { return "declared below" }
      later()
      """,
      ["5", "\"declared below\"", "\"declared below\""])
  }

  func testRedefiningAFunctionIsSeenByItsCallers() {
    assertTranscript(
      """
      func a() { return 1 }
      func b() { return a() }
      b()
      func a() { return 2 }
      b()
      """,
      ["1", "2"])
  }

  func testFunctionArityAndLabels() {
    assertTranscript(
      """
      func two(a, b) { return a + b }
      two(1)
      two(1, 2, 3)
      two(a: 1, b: 2)
      two(1, 2)
      """,
      [
        "error: 'two' takes 2 arguments but 1 was given",
        "error: 'two' takes 2 arguments but 3 were given",
        "error: unexpected argument label 'a:'; 'two' takes its arguments without labels",
        "3",
      ])
  }

  func testReturnBreakContinueOutsideTheirPlace() {
    assertTranscript(
      """
      return 1
      break
      continue
      func f() { break }
      """,
      [
        "error: 'return' outside a function or handler",
        "error: 'break' outside a loop or 'switch'",
        "error: 'continue' outside a loop",
        "error: 'break' outside a loop or 'switch'",
      ])
  }

  // MARK: print and assert

  func testPrintFormats() {
    assertTranscript(
      """
      print()
      print("text", 42, 3.5, true, nil, [1, "a"], Label())
      print("multi\\nline")
      print("tab\\there")
      """,
      ["", "text 42 3.5 true nil [1, \"a\"] Label#1", "multi", "line", "tab\there"])
  }

  func testAssertPassesSilentlyAndFailsWithSubExpressionValues() {
    assertTranscript(
      """
      type VM { var canSubmit: Bool = false; var count: Int = 2 }
      let vm = VM()
      let label = Label(text: "Hi")
      assert(true)
      assert(vm.count == 2)
      assert(label.text == "Hi, Ada!")
      assert(vm.canSubmit, "submit should be enabled")
      assert(vm.count > 1 && !vm.canSubmit)
      assert(vm.count < 1 || vm.canSubmit)
      assert(vm.count + 1 == vm.count * 2 - 1, "math")
      assert(1)
      """,
      [
        "error: assertion failed: label.text == \"Hi, Ada!\" ('label.text' is \"Hi\")",
        "error: assertion failed: vm.canSubmit: submit should be enabled ('vm.canSubmit' is false)",
        "error: assertion failed: vm.count < 1 || vm.canSubmit ('vm.count' is 2, 'vm.canSubmit' is false)",
        "error: assert needs a Bool condition, not 'Int'",
      ])
  }

  func testAssertShowsBothSidesOfAComparison() {
    assertTranscript(
      """
      let a = [1, 2]
      let b = 3
      assert(a.count == b, "sizes")
      """,
      ["error: assertion failed: a.count == b: sizes ('a.count' is 2, 'b' is 3)"])
  }

  // MARK: import

  func testImportRunsAFileOnceRelativeToTheImporter() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    try FileSystem.write(
      """
      type Shared { var v: Int = 1 }
      print("loading types")
      let sharedValue = 41
      """, to: directory + "/Shared/types.bind")
    try FileSystem.write("import \"types.bind\"\nprint(\"nested\")\n", to: directory + "/Shared/nested.bind")
    let session = TranscriptSession()
    let output = session.run(
      """
      import "Shared/types.bind"
      import "Shared/types.bind"
      import "./Shared/../Shared/nested.bind"
      Shared(v: sharedValue + 1).v
      import "Shared/missing.bind"
      """, path: directory + "/main.bind")
    XCTAssertEqual(
      output,
      [
        "loading types",
        "nested",
        "42",
        "error: cannot import 'Shared/missing.bind': No such file or directory",
      ])
  }

  func testImportUsesTheReadFileHookAndReportsErrorsInTheImportedFile() {
    let session = TranscriptSession()
    session.showsLocations = true
    var requested: [String] = []
    session.interpreter.readFile = { path in
      requested.append(path)
      switch path {
      case "/lib/a.bind": return Array("print(\"a\")\nlet fromA = 1\n".utf8)
      case "/lib/bad.bind": return Array("let ok = 1\nok + \"x\"\n".utf8)
      case "/lib/syntax.bind": return Array("let = 3\n".utf8)
      case "/lib/binary.bind": return [0x70, 0xFF]
      default: throw FileSystem.FileError(path: path, reason: "nope")
      }
    }
    let output = session.run(
      """
      import "a.bind"
      import "../lib/a.bind"
      fromA
      import "bad.bind"
      import "syntax.bind"
      import "binary.bind"
      import "gone.bind"
      """, path: "/lib/main.bind")
    XCTAssertEqual(
      output,
      [
        "a",
        "1",
        "error: 2:1: cannot apply '+' to 'Int' and 'String'; convert with String(…) or use interpolation \"\\(…)\"",
        "error: 1:5: expected name after 'let'",
        "error: 1:2: file is not valid UTF-8: invalid byte 0xFF at offset 1",
        "error: 7:1: cannot import 'gone.bind': nope",
      ])
    XCTAssertEqual(
      requested, ["/lib/a.bind", "/lib/bad.bind", "/lib/syntax.bind", "/lib/binary.bind", "/lib/gone.bind"])
  }

  func testImportCyclesRunEachFileOnce() {
    let session = TranscriptSession()
    session.interpreter.readFile = { path in
      switch path {
      case "/p/a.bind": return Array("print(\"a start\")\nimport \"sub/b.bind\"\nprint(\"a end\")\n".utf8)
      case "/p/sub/b.bind": return Array("print(\"b start\")\nimport \"../a.bind\"\nfunc fromB() { return \"fb\" }\n".utf8)
      case "/p/sub/c.bind": return Array("print(\"c runs\")\nlet cValue = 7\n".utf8)
      default: throw FileSystem.FileError(path: path, reason: "missing")
      }
    }
    XCTAssertEqual(
      session.run(
        """
        import "a.bind"
        fromB()
        func load() { import "sub/c.bind" }
        load()
        load()
        cValue
        """, path: "/p/main.bind"),
      ["a start", "b start", "a end", "\"fb\"", "c runs", "7"])
  }

  // MARK: bare expressions and the REPL-style echo

  func testBareExpressionsEchoButStatementsDoNot() {
    assertTranscript(
      """
      let x = 1
      x
      x + 1
      print("p")
      Int("nope")
      func none() { }
      none()
      func value() { return 5 }
      value()
      var xs = [1]
      xs.append(2)
      xs.removeLast()
      xs
      """,
      ["1", "2", "p", "nil", "5", "2", "[1]"])
  }

  func testStatePersistsAfterAnErrorInTheSession() {
    let session = TranscriptSession()
    XCTAssertEqual(session.run("var count = 1\ncount = count / 0\n"), ["error: division by zero"])
    XCTAssertEqual(session.run("count += 1\ncount\n"), ["2"])
    XCTAssertEqual(session.run("nope\n"), ["error: cannot find 'nope' in scope"])
    XCTAssertEqual(session.run("count\n"), ["2"])
  }
}

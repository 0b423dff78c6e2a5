import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

/// A script reaches a host property through its Swift node, without a
/// mirror node (see `HostProperty`): what that must not change.
final class EmbeddingHostPropertyTests: XCTestCase {
  func testEachScriptWriteReachesASwiftObserverOnceWithOldAndNew() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    let recorder = SwiftRecorder()
    recorder.observe("username", vm.$username)
    recorder.observe("score", vm.$score)
    XCTAssertEqual(
      session.run(
        """
        for name in ["a", "b", "b", "c"] { vm.username = name }
        vm.score = 1
        vm.score = 1.0
        vm.score += 0.5
        vm.username
        vm.score
        """), ["\"c\"", "1.5"])
    XCTAssertEqual(recorder.lines, [
      "username:  -> a", "username: a -> b", "username: b -> c", "score: 0.0 -> 1.0", "score: 1.0 -> 1.5",
    ])
    XCTAssertEqual(vm.username, "c")
  }

  func testSwiftWritesAreSeenByScriptReadsWithoutAnyObserver() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    vm.username = "ada"
    vm.tags = ["x"]
    XCTAssertEqual(session.run("vm.username\nvm.tags"), ["\"ada\"", "[\"x\"]"])
    // What keeps a script's write to it on the runtime's fast path. (Not
    // `username`: Swift's own `canSubmit` depends on it.)
    let snapshot = ReactiveGraph.shared.snapshot()
    let node = try XCTUnwrap(snapshot.nodes.first { $0.id == vm.$tags.id })
    XCTAssertEqual(node.observerCount, 0, "an unobserved host property has no observer")
    XCTAssertFalse(snapshot.edges.contains { $0.from == node.id }, "nor anything downstream")
  }

  func testWrongTypedWritesFailWithTheirLocation() throws {
    let session = TranscriptSession.withHostTypes()
    session.showsLocations = true
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(
      session.run(
        """
        vm.username = 3
        let field = TextField()
        bind field.text -> vm.score
        vm.user = Label()
        """), [
          "error: 1:1: cannot assign value of type 'Int' to property 'username' of type 'String'",
          "error: 3:1: cannot bind value of type 'String' into 'LoginViewModel#1.score' of type 'Double'",
          "error: 4:1: cannot assign value of type 'Label' to property 'user' of type 'User?'",
        ])
    XCTAssertEqual(vm.username, "")
  }

  func testAReleasedHostObjectIsAnErrorToTouchNeverASilentPass() throws {
    let session = TranscriptSession.withHostTypes()
    var vm: HostLoginViewModel? = HostLoginViewModel()
    try session.interpreter.inject(vm!, as: "vm", ownership: .weak)
    session.run("vm.username = \"script\"")
    let released = "'vm' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"
    // The last write is Swift's, with nothing in the script observing.
    vm!.username = "swift"
    vm!.score = 2.5
    vm = nil
    XCTAssertEqual(
      session.run(
        """
        vm.username
        vm.score
        observe vm.username
        vm.username = "after"
        emit vm.submit
        """), Array(repeating: "error: " + released, count: 5))
  }

  func testOwnedHostObjectsWithObserversEndWithTheSession() {
    let session = TranscriptSession.withHostTypes()
    session.run(
      """
      let vm = LoginViewModel(username: "a")
      let other = LoginViewModel()
      observe vm.username
      observe vm.canSubmit
      bind vm.username -> other.username
      bind vm.password <-> other.password
      """)
    // Dropping the wrappers releases the objects they own: their nodes
    // complete while the wrappers go, which must not call back into them.
    session.end()
  }

  func testReadingAnObjectPropertyTwiceMeetsTheSameWrapper() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    vm.user = HostUser(name: "Ada")
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(session.run("vm.user\nvm.user\nvm.user == vm.user"), ["User#1", "User#1", "true"])
  }

  func testBindingsBetweenTwoHostObjectsAndSwiftAPINodesStayInStep() throws {
    let session = TranscriptSession.withHostTypes()
    let (left, right) = (HostLoginViewModel(), HostLoginViewModel())
    try session.interpreter.inject(left, as: "left")
    try session.interpreter.inject(right, as: "right")
    session.run("bind left.username -> right.username\nleft.username = \"a\"")
    XCTAssertEqual(right.username, "a")
    left.username = "b"
    XCTAssertEqual(right.username, "b")
    let node = try XCTUnwrap(session.interpreter.scriptObject(for: left)?.property(named: "username"))
    XCTAssertEqual(node.value, .string("b"))
    session.run("left.username = \"c\"")
    XCTAssertEqual(node.value, .string("c"))
    node.value = .string("d")
    XCTAssertEqual(left.username, "d")
    XCTAssertEqual(right.username, "d")
  }
}

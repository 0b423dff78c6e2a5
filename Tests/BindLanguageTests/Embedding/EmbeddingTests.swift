import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

/// Host Swift objects in scripts (the BindLanguage documentation, "Embedding"): each kind of registered
/// member across the boundary, in both directions, and lifetimes.
final class EmbeddingTests: XCTestCase {
  // MARK: Swift writes, the script observes

  func testSwiftWritesReachScriptObserversOfEveryMemberKind() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(
      session.run(
        """
        observe vm.username
        observe vm.canSubmit initial
        observe vm.user
        observe vm.tags
        observe vm.score
        on vm.submit { print("submitted") }
        on vm.picked { n in print("picked", n) }
        """), ["vm.canSubmit: false"])
    let printed = session.output {
      vm.username = "ada"
      vm.password = "lovelace1"
      vm.user = HostUser(name: "Ada")
      vm.tags.append("admin")
      vm.score = 2.5
      vm.submit.send()
      vm.picked.send(3)
    }
    XCTAssertEqual(
      printed, [
        "vm.username: \"\" -> \"ada\"",
        "vm.canSubmit: false -> true",
        "vm.user: nil -> User#1",
        "vm.tags: [] -> [\"admin\"]",
        "vm.score: 0.0 -> 2.5",
        "submitted",
        "picked 3",
      ])
  }

  func testScriptReadsHostValuesInLiteralForm() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    vm.username = "ada"
    vm.tags = ["a", "b"]
    vm.user = HostUser(name: "Ada")
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(
      session.run("vm\nvm.username\nvm.tags\nvm.user\nvm.user.name\nvm.user == vm.user\nvm.canSubmit"),
      ["LoginViewModel#1", "\"ada\"", "[\"a\", \"b\"]", "User#1", "\"Ada\"", "true", "false"])
  }

  // MARK: the script writes, Swift observes

  func testScriptWritesReachSwiftObservers() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    let recorder = SwiftRecorder()
    recorder.observe("username", vm.$username)
    recorder.observe("canSubmit", vm.canSubmit)
    recorder.observe("tags", vm.$tags)
    recorder.observe("score", vm.$score)
    recorder.on("submit", vm.submit)
    recorder.on("picked", vm.picked)
    XCTAssertEqual(
      session.run(
        """
        vm.username = "ada"
        vm.password = "lovelace1"
        vm.tags.append("x")
        vm.score = 2
        emit vm.submit
        emit vm.picked(7)
        vm.user = User(name: "Grace")
        """), [])
    XCTAssertEqual(recorder.lines, [
      "username:  -> ada", "canSubmit: false -> true", "tags: [] -> [\"x\"]", "score: 0.0 -> 2.0", "submit(())",
      "picked(7)",
    ])
    XCTAssertEqual(vm.user?.name, "Grace")
    vm.user?.name = "Hopper"
    XCTAssertEqual(session.run("vm.user.name"), ["\"Hopper\""])
  }

  func testScriptConstructsHostObjectsWithLabels() {
    let session = TranscriptSession.withHostTypes()
    XCTAssertEqual(
      session.run(
        """
        let vm = LoginViewModel(username: "ada", password: "lovelace1")
        vm
        vm.canSubmit
        LoginViewModel(canSubmit: true)
        LoginViewModel(usrname: "x")
        LoginViewModel(username: 3)
        """), [
          "LoginViewModel#1", "true",
          "error: cannot assign to 'canSubmit': it is a 'let' property of LoginViewModel",
          "error: no property 'usrname' on LoginViewModel; did you mean 'username'?",
          "error: cannot assign value of type 'Int' to property 'username' of type 'String'",
        ])
  }

  // MARK: bindings across the boundary

  func testScriptBindingIntoAHostObject() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    let recorder = SwiftRecorder()
    recorder.observe("username", vm.$username)
    session.run(
      """
      let field = TextField(text: "a")
      bind field.text + "!" -> vm.username
      field.text = "ada"
      """)
    XCTAssertEqual(recorder.lines, ["username:  -> a!", "username: a! -> ada!"])
    XCTAssertEqual(vm.username, "ada!")
  }

  func testHostBindingIntoAScriptObject() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    session.run("let label = Label()\nobserve label.text")
    guard case .object(let label)? = session.interpreter.global("label"), let text = label.property(named: "text") else {
      return XCTFail("no label")
    }
    var token: Disposable?
    let printed = try session.output {
      token = try vm.$username.bindChecked(to: text) { Value.string($0) }
      vm.username = "ada"
    }
    XCTAssertEqual(printed, ["label.text: nil -> \"\"", "label.text: \"\" -> \"ada\""])
    XCTAssertEqual(session.run("label.text"), ["\"ada\""])
    token?.dispose()
    vm.username = "ignored"
    XCTAssertEqual(session.run("label.text"), ["\"ada\""])
  }

  func testTwoWayBindingAcrossTheBoundary() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    vm.username = "start"
    try session.interpreter.inject(vm, as: "vm")
    let recorder = SwiftRecorder()
    recorder.observe("username", vm.$username)
    XCTAssertEqual(
      session.run(
        """
        let field = TextField()
        observe field.text
        bind vm.username <-> field.text
        field.text = "typed"
        """), ["field.text: \"\" -> \"start\"", "field.text: \"start\" -> \"typed\""])
    XCTAssertEqual(session.output { vm.username = "from swift" }, ["field.text: \"typed\" -> \"from swift\""])
    XCTAssertEqual(recorder.lines, ["username: start -> typed", "username: typed -> from swift"])
  }

  func testEventsForwardAcrossTheBoundary() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    let recorder = SwiftRecorder()
    recorder.on("submit", vm.submit)
    session.run("let button = Button()\nbind button.tap -> vm.submit\nemit button.tap")
    XCTAssertEqual(recorder.lines, ["submit(())"])
  }

  // MARK: chains

  func testChainsThroughHostObjectsFollowReplacements() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(session.run("observe vm.user.name initial"), ["vm.user.name: nil"])
    let printed = session.output {
      let ada = HostUser(name: "Ada")
      vm.user = ada
      ada.name = "Ada L."
      vm.user = HostUser(name: "Grace")
      ada.name = "not seen"
      vm.user = nil
    }
    XCTAssertEqual(
      printed, [
        "vm.user.name: nil -> \"Ada\"", "vm.user.name: \"Ada\" -> \"Ada L.\"", "vm.user.name: \"Ada L.\" -> \"Grace\"",
        "vm.user.name: \"Grace\" -> nil",
      ])
  }

  func testScriptTypesHoldHostObjectsAndChainThroughThem() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(
      session.run(
        """
        type Screen { var model: LoginViewModel? }
        let screen = Screen(model: vm)
        observe screen.model.user.name
        screen.model == vm
        """), ["true"])
    let printed = session.output {
      vm.user = HostUser(name: "Ada")
      vm.user?.name = "Grace"
    }
    XCTAssertEqual(printed, ["screen.model.user.name: nil -> \"Ada\"", "screen.model.user.name: \"Ada\" -> \"Grace\""])
  }

  func testSwiftWritesAfterTheSessionEndedReachNothing() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    session.run("observe vm.user.name\nobserve vm.username")
    session.end()
    vm.user = HostUser(name: "Ada")
    vm.username = "ada"
    vm.submit.send()
    XCTAssertEqual(session.output { vm.username = "again" }, [])
  }

  // MARK: lifetimes

  func testReleasingAHostObjectCompletesScriptObservers() throws {
    let session = TranscriptSession.withHostTypes()
    var vm: HostLoginViewModel? = HostLoginViewModel()
    weak let weakVM = vm
    try session.interpreter.inject(vm!, as: "vm", ownership: .weak)
    session.run(
      """
      let label = Label()
      observe vm.username
      observe vm.canSubmit
      observe "\\(vm.username)!"
      bind vm.username -> label.text
      """)
    XCTAssertEqual(session.output { vm!.username = "ada" }, [
      "vm.username: \"\" -> \"ada\"", "\"\\(vm.username)!\": \"!\" -> \"ada!\"",
    ])
    XCTAssertEqual(
      session.output { vm = nil },
      ["vm.username: completed", "\"\\(vm.username)!\": completed", "vm.canSubmit: completed"])
    XCTAssertNil(weakVM, "the script must not keep a host object alive")
    let released = "'vm' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"
    XCTAssertEqual(session.run("vm.username\nlabel.text"), ["error: " + released, "\"ada\""])
  }

  func testScriptCreatedHostObjectsLiveAsLongAsTheScriptHoldsThem() {
    let session = TranscriptSession.withHostTypes()
    XCTAssertEqual(
      session.run(
        """
        var vm = LoginViewModel(username: "ada")
        observe vm.username
        vm = nil
        """), ["vm.username: completed"])
  }

  func testHostObjectsKeepTheirIdentity() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    let user = HostUser(name: "Ada")
    vm.user = user
    try session.interpreter.inject(vm, as: "vm")
    try session.interpreter.inject(user, as: "ada")
    XCTAssertEqual(session.run("vm.user == ada\nada"), ["true", "User#1"])
    XCTAssertTrue(session.interpreter.scriptObject(for: user)?.hostObject === user)
  }

  func testManyShortLivedWrappersDoNotKeepTheirHostsAlive() throws {
    let session = TranscriptSession.withHostTypes()
    var users: [HostUser] = []
    for index in 0..<100 {
      let user = HostUser(name: "u\(index)")
      users.append(user)
      XCTAssertNotNil(session.interpreter.scriptObject(for: user))
    }
    weak let last = users.last
    users.removeAll()
    XCTAssertNil(last, "a wrapper never owns an object Swift created")
    XCTAssertEqual(session.run("User(name: \"x\")"), ["User#101"])
  }

  // MARK: diagnostics across the boundary

  func testDiagnosticsNameHostTypesAndSuggestMembers() throws {
    let session = TranscriptSession.withHostTypes()
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    XCTAssertEqual(
      session.run(
        """
        vm.usrname
        vm.username = 3
        vm.canSubmit = true
        bind "x" -> vm.canSubmit
        vm.user = Label()
        emit vm.picked("x")
        """), [
          "error: no property 'usrname' on LoginViewModel; did you mean 'username'?",
          "error: cannot assign value of type 'Int' to property 'username' of type 'String'",
          "error: cannot assign to 'canSubmit': it is a 'let' property of LoginViewModel",
          "error: cannot bind into 'canSubmit': it is a 'let' property of LoginViewModel",
          "error: cannot assign value of type 'Label' to property 'user' of type 'User?'",
          "error: event 'LoginViewModel#1.picked' takes a payload of type 'Int', not 'String'",
        ])
    withExtendedLifetime(vm) {}
  }
}

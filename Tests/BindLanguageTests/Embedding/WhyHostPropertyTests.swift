import BindRuntime
import XCTest
@testable import BindLanguage

/// `why` on the properties of Swift objects: a write Swift made is
/// `written by Swift`, a script's write names its line, and a binding from
/// a Swift property names both.
final class WhyHostPropertyTests: XCTestCase {
  func testSwiftsWritesAndTheScriptsAreToldApart() throws {
    let session = TranscriptSession.withHostTypes()
    defer { session.interpreter.endSession() }
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    session.run("why vm.username", path: "login.bind")
    vm.username = "ada"
    session.run("why vm.username", path: "login.bind")
    session.run("vm.username = \"grace\"\nwhy vm.username", path: "login.bind")
    XCTAssertEqual(
      session.lines,
      [
        "vm.username has not changed since it was made",
        "vm.username = \"ada\" written by Swift",
        "vm.username = \"grace\" at login.bind:1",
      ])
  }

  func testABindingFromASwiftPropertyNamesSwiftsWrite() throws {
    let session = TranscriptSession.withHostTypes()
    defer { session.interpreter.endSession() }
    let vm = HostLoginViewModel()
    try session.interpreter.inject(vm, as: "vm")
    session.run("let label = Label()\nbind \"Hi, \\(vm.username)\" -> label.text\nwhy label.text", path: "login.bind")
    vm.username = "ada"
    session.run("why label.text", path: "login.bind")
    XCTAssertEqual(
      session.lines,
      [
        "label.text = \"Hi, \"",
        "  <- bind at login.bind:2",
        "label.text = \"Hi, ada\"",
        "  <- bind at login.bind:2",
        "  <- vm.username = \"ada\" written by Swift",
      ])
  }

  func testAReleasedSwiftObjectIsAnError() throws {
    let session = TranscriptSession.withHostTypes()
    defer { session.interpreter.endSession() }
    var vm: HostLoginViewModel? = HostLoginViewModel()
    try session.interpreter.inject(vm!, as: "vm", ownership: .weak)
    session.run("why vm.username")
    vm = nil
    XCTAssertEqual(
      session.run("why vm.username"),
      [
        "error: 'vm' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it "
          + "alive while scripts use it"
      ])
  }
}

import XCTest
@testable import BindRuntime

/// Runtime guarantee 7: observing and binding key-path chains such as `vm.user.name`.
final class ChainTests: RuntimeTestCase {
  func testAChainMovesToTheNewObjectAndIsNilWhileTheLinkIsNil() {
    let vm = ProfileViewModel()
    let name = vm.$user.flatMap { $0?.$name }
    let history = History<String?>()
    let token = history.observe(name, options: .initial)
    let first = Person(name: "first")
    vm.user = first
    first.name = "first renamed"
    let second = Person(name: "second")
    vm.user = second
    first.name = "ignored: no longer in the chain"
    second.name = "second renamed"
    vm.user = nil
    second.name = "ignored too"
    XCTAssertEqual(
      history.events,
      [
        .initial(nil),
        .changed(old: nil, new: "first"),
        .changed(old: "first", new: "first renamed"),
        .changed(old: "first renamed", new: "second"),
        .changed(old: "second", new: "second renamed"),
        .changed(old: "second renamed", new: nil),
      ])
    withExtendedLifetime(token) {}
  }

  func testReplacingTheLinkWithAnEqualNameIsNotAChange() {
    let vm = ProfileViewModel()
    vm.user = Person(name: "same")
    let name = vm.$user.flatMap { $0?.$name }
    let history = History<String?>()
    let token = history.observe(name)
    vm.user = Person(name: "same")
    XCTAssertEqual(history.events, [])
    withExtendedLifetime(token) {}
  }

  func testBindingAChainIntoAPlainObject() {
    let vm = ProfileViewModel()
    let label = RecordingLabel()
    let token = vm.$user.flatMap { $0?.$name }.bind(to: label, at: \.text)
    let ada = Person(name: "Ada")
    vm.user = ada
    ada.name = "Ada L."
    vm.user = nil
    XCTAssertEqual(label.history, [nil, "Ada", "Ada L.", nil])
    withExtendedLifetime(token) {}
  }

  func testAChainEndingInAnOptional() {
    let vm = ProfileViewModel()
    let nickname = vm.$user.flatMap { $0?.$nickname }
    let history = History<String?>()
    let token = history.observe(nickname, options: .initial)
    let ada = Person(name: "Ada")
    vm.user = ada
    ada.nickname = "Countess"
    ada.nickname = nil
    XCTAssertEqual(
      history.events,
      [.initial(nil), .changed(old: nil, new: "Countess"), .changed(old: "Countess", new: nil)])
    withExtendedLifetime(token) {}
  }

  func testAThreeLinkChainWrittenAsAnExpression() {
    let vm = ProfileViewModel()
    let friendName = Derived { vm.user?.friend?.name }
    let history = History<String?>()
    let token = history.observe(friendName)
    let ada = Person(name: "Ada"), charles = Person(name: "Charles"), mary = Person(name: "Mary")
    vm.user = ada
    ada.friend = charles
    charles.name = "Charles B."
    ada.friend = mary
    charles.name = "ignored"
    vm.user = charles
    XCTAssertEqual(
      history.events,
      [
        .changed(old: nil, new: "Charles"),
        .changed(old: "Charles", new: "Charles B."),
        .changed(old: "Charles B.", new: "Mary"),
        .changed(old: "Mary", new: nil),
      ])
    withExtendedLifetime(token) {}
  }

  func testAChainCompletesWhenItsRootGoesNotWhenALinkDoes() {
    var vm: ProfileViewModel? = ProfileViewModel()
    var ada: Person? = Person(name: "Ada")
    vm!.user = ada
    let name = vm!.$user.flatMap { $0?.$name }
    let history = History<String?>()
    let token = history.observe(name)
    ada = nil
    XCTAssertEqual(history.events, [], "the view-model still holds Ada")
    vm!.user = Person(name: "Grace")
    vm = nil
    XCTAssertEqual(history.events, [.changed(old: "Ada", new: "Grace"), .completed])
    withExtendedLifetime(token) {}
  }

  func testAChainDoesNotKeepItsObjectsAlive() {
    let vm = ProfileViewModel()
    weak var weakAda: Person?
    let name = vm.$user.flatMap { $0?.$name }
    do {
      let ada = Person(name: "Ada")
      weakAda = ada
      vm.user = ada
      XCTAssertEqual(name.value, "Ada")
      vm.user = nil
    }
    XCTAssertNil(weakAda)
    XCTAssertEqual(name.value, nil)
  }
}

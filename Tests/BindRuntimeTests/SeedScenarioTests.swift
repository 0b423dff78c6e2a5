import XCTest
@testable import BindRuntime

/// An object whose observations live in a bag tied to its lifetime.
private final class ProfileScreen: DisposeBagProvider {
  let bag = DisposeBag()
  let titleLabel = RecordingLabel()
  private(set) var log: [String] = []

  init(person: Person) {
    person.$name.bind(to: titleLabel, at: \.text).disposed(by: bag)
    person.$age.observe(options: .initial) { [unowned self] change in
      log.append("age \(change)")
    }.disposed(by: bag)
  }
}

/// A login form's view-model.
private final class LoginViewModel {
  @Observed var username = ""
  @Observed var password = ""
  private(set) lazy var canSubmit = Derived { [unowned self] in
    !username.isEmpty && password.count >= 8
  }
}

/// The scenarios the runtime was built for, end to end.
final class SeedScenarioTests: RuntimeTestCase {
  /// One source bound into a view controller's title, another person's name
  /// and a struct's property; the person is then released.
  func testOneSourceFeedsAViewControllerAPersonAndAStruct() {
    let source = Person(name: "Ada")
    let controller = ViewController()
    var other: Person? = Person(name: "other")
    weak let weakOther = other
    let car = Car(model: "T")
    let bag = DisposeBag()
    source.$name.bind(to: controller, at: \.title).disposed(by: bag)
    let personBinding = source.$name.bind(to: other!.$name).disposed(by: bag)
    source.$name.bind(to: car.$model).disposed(by: bag)
    let otherHistory = History<String>()
    let carHistory = History<String>()
    let observations = [otherHistory.observe(other!.$name), carHistory.observe(car.$model)]
    XCTAssertEqual([controller.title, other?.name, car.model], ["Ada", "Ada", "Ada"])

    source.name = "Grace"
    XCTAssertEqual([controller.title, other?.name, car.model], ["Grace", "Grace", "Grace"])

    other = nil
    XCTAssertNil(weakOther, "binding into the person never kept it alive")
    source.name = "Linus"
    XCTAssertTrue(personBinding.isDisposed, "its binding ended")
    XCTAssertEqual(controller.title, "Linus")
    XCTAssertEqual(car.model, "Linus")
    XCTAssertEqual(otherHistory.events, [.changed(old: "Ada", new: "Grace"), .completed])
    XCTAssertEqual(carHistory.events, [.changed(old: "Ada", new: "Grace"), .changed(old: "Grace", new: "Linus")])
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(observations) {}
  }

  /// An object whose observations live in a bag tied to that object.
  func testObservationsInABagTiedToTheirOwner() {
    let person = Person(name: "Ada")
    var screen: ProfileScreen? = ProfileScreen(person: person)
    weak let weakScreen = screen
    weak let weakLabel = screen!.titleLabel
    person.name = "Grace"
    person.age = 36
    XCTAssertEqual(screen!.titleLabel.history, ["Ada", "Grace"])
    XCTAssertEqual(screen!.log, ["age initial(0)", "age changed(old: 0, new: 36)"])
    screen = nil
    XCTAssertNil(weakScreen)
    XCTAssertNil(weakLabel)
    person.name = "Linus"
    person.age = 37
    XCTAssertEqual(graph.withLock { person.$name.observerCount + person.$age.observerCount }, 0)
    XCTAssertFalse(
      graph.snapshot().edges.contains { $0.from == person.$name.id }, "the bag's binding is gone")
  }

  /// A login form: two-way text fields and a derived `canSubmit`.
  func testLoginForm() {
    let vm = LoginViewModel()
    let usernameField = TextField(), passwordField = TextField()
    let submitButton = Button()
    let bag = DisposeBag()
    vm.username = "ada"
    usernameField.$text.bindTwoWay(with: vm.$username).disposed(by: bag)  // the vm takes the field's ""
    vm.$password.bindTwoWay(with: passwordField.$text).disposed(by: bag)  // the field takes the vm's ""
    vm.canSubmit.bind(to: submitButton.$isEnabled).disposed(by: bag)
    let usernames = History<String>(), enabled = History<Bool>()
    usernames.observe(vm.$username).disposed(by: bag)
    enabled.observe(vm.canSubmit, options: .initial).disposed(by: bag)
    var submitted: [String] = []
    submitButton.tap.on {
      if submitButton.isEnabled { submitted.append(vm.username) }
    }.disposed(by: bag)

    XCTAssertEqual(vm.username, "")
    submitButton.tap.send()
    usernameField.text = "ada"
    passwordField.text = "secret"
    passwordField.text = "secret123"
    submitButton.tap.send()
    vm.username = "grace"
    XCTAssertEqual(usernameField.text, "grace")
    vm.password = ""
    XCTAssertEqual(passwordField.text, "")
    submitButton.tap.send()

    XCTAssertEqual(submitted, ["ada"])
    XCTAssertEqual(usernames.events, [.changed(old: "", new: "ada"), .changed(old: "ada", new: "grace")])
    XCTAssertEqual(
      enabled.events, [.initial(false), .changed(old: false, new: true), .changed(old: true, new: false)])
    XCTAssertFalse(submitButton.isEnabled)
    XCTAssertTrue(takeErrors().isEmpty)
  }
}

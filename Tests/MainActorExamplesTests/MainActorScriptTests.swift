import BindLanguage
import BindScriptTesting
import MainActorViewModels
import Foundation
import Testing

/// The main-actor examples' scripts through `await expectScript`, from a
/// `@MainActor` suite as an app's own tests run them: `wait` runs the
/// view-models' main-actor tasks, and every host read (the cart's getter
/// checks it) happens on the main queue.
@MainActor
@Suite struct MainActorScriptTests {
  /// Each script of the folder is a test case of its own, named by its file.
  @Test(arguments: ScriptTest.scripts(in: MainActorExampleTypes.scriptsFolder))
  func scriptPasses(_ script: ScriptFile) async {
    let result = await expectScript(script) { try MainActorExampleTypes.register(in: $0) }
    #expect(result.passed)
  }

  @Test func everyScriptOfTheFolderIsACase() {
    #expect(ScriptTest.scripts(in: MainActorExampleTypes.scriptsFolder).map(\.name) == ["bad-input.bind", "banner.bind", "cart.bind", "debounce.bind", "login.bind", "strict.bind"])
  }

  /// A view-model the test made and injected: the script's `wait` runs its
  /// debounce, and the test sees the outcome afterwards.
  @Test func anInjectedModelsTasksRunAtWait() async {
    var model: QuickSearchModel?
    await expectScript(source: """
      observe search.results
      search.text = "ru"
      wait 500ms
      #> search.results: [] -> ["Rust"]
      """, path: "injected.bind") { interpreter in
      let clock = interpreter.scheduler.clock
      let search = QuickSearchModel(catalog: Catalog(clock: clock), clock: clock)
      model = search
      try MainActorExampleTypes.register(in: interpreter)
      try interpreter.inject(search, as: "search")
    }
    #expect(model?.results == ["Rust"])
  }

  /// `pending()` names the Swift task a view-model started, by the
  /// statement during which it fell asleep; `strict` fails a script that
  /// leaves one.
  @Test func pendingWorkNamesWhereATaskFellAsleep() async {
    func configure(_ interpreter: Interpreter) throws {
      let clock = interpreter.scheduler.clock
      try MainActorExampleTypes.register(in: interpreter)
      try interpreter.inject(QuickSearchModel(catalog: Catalog(clock: clock), clock: clock), as: "search")
    }
    let lenient = await expectScript(source: """
      search.text = "ru"
      wait 100ms
      pending()
      #> a Swift task sleeping until 300ms; it fell asleep during 'wait 100ms' at pending.bind:2:1
      """, path: "pending.bind", configure: configure)
    #expect(lenient.passed)
    let strict = await ScriptTest.run(file: "strict.bind", source: "search.text = \"ru\"\nwait 100ms\n", strict: true, configure: configure)
    #expect(strict.failures.map(\.kind) == [.pending])
    #expect(strict.failures.first?.details == ["a Swift task sleeping until 300ms; it fell asleep during 'wait 100ms' at strict.bind:2:1"])
    let settled = await ScriptTest.run(file: "settled.bind", source: "search.text = \"ru\"\nwait 1s\n", strict: true, configure: configure)
    #expect(settled.passed, "\(settled.failures)")
  }

  /// A fake that does not implement the app's protocol as Swift declares it
  /// is refused where it is declared, naming the requirement; one that
  /// returns the wrong value fails the statement during which Swift called
  /// it, located in the fake, and the model gets an error, not a crash.
  @Test func aFakeThatDoesNotFitTheProtocolIsALocatedError() async {
    let result = await expectScript(source: """
      type NoSignIn: AuthService {
        func logIn(email: String, password: String) async throws -> User { User(name: "x") }
      }
      #> error: type 'NoSignIn' does not conform to protocol 'AuthService': it has no 'signIn(email:password:)'; add 'func signIn(email: String, password: String) async throws -> User { … }'
      type WrongResult: AuthService {
        func signIn(email: String, password: String) async throws -> String { "Ada" }
      }
      #> error: type 'WrongResult' does not conform to protocol 'AuthService': 'signIn(email:password:)' returns 'String', the protocol needs 'User'
      type Untyped: AuthService {
        func signIn(email: String, password: String) async throws -> User {
          wait 100ms
          let users: [User] = []
          return users[0]
        }
      }
      let login = LoginModel(auth: Untyped())
      await login.signIn()
      #> error: index 0 out of range for an array of 0 elements
      login.errorMessage?.hasPrefix("sign-in failed")
      #> true
      now
      #> 100ms
      """, path: "fakes.bind") { try MainActorExampleTypes.register(in: $0) }
    #expect(result.passed)
  }

  /// App code as written (issue 28): a nested type by either name, an
  /// overload picked by its argument's type, a struct's own initializer
  /// with its default, a static constant, and a clamping `didSet` that is
  /// one change; the test then sees what Swift holds.
  @Test func appCodeAsWrittenBridges() async {
    let cart = CartModel(clock: ContinuousClock())
    let result = await expectScript(source: """
      observe cart.tip
      cart.tip = 35
      #> cart.tip: 0 -> 20
      cart.add(price: "1.25")
      cart.add(price: 2)
      cart.add(LineItem(name: "Tea", unitPrice: 2.5))
      cart.total
      #> 5.75
      cart.prices.count < CartModel.maxItems
      #> true
      cart.checkOut()
      cart.state == .paid && cart.state == CartModel.State.paid
      #> true
      cart.add(price: nil)
      #> error: no 'add(price:)' takes arguments of types (nil); the candidates are 'add(price: Decimal)', 'add(price: String)'
      """, path: "app-code.bind") { interpreter in
      try MainActorExampleTypes.register(in: interpreter)
      try interpreter.inject(cart, as: "cart")
    }
    #expect(result.passed)
    #expect(cart.tip == 20)
    #expect(cart.prices == [Decimal(string: "1.25")!, 2, Decimal(string: "2.5")!])
    #expect(cart.state == .paid)
  }
}

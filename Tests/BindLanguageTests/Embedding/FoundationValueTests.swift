import BindRuntime
import BindSyntax
import Foundation
import XCTest
@testable import BindLanguage

/// Foundation's value types as an app's view-models have them: `Decimal`
/// money, `UUID` ids, `URL`s, `Data` and `TimeInterval`, each across every
/// place of the bridge (property, parameter, result, struct field, enum
/// payload, observation), printed and compared as Swift does.
final class FoundationValueTests: XCTestCase {
  struct LineItem {
    var id: UUID
    var unitPrice: Decimal
    var link: URL?
  }

  enum Payment: Equatable {
    case card(amount: Decimal)
    case refund(UUID)
  }

  final class Checkout {
    @Observed var price: Decimal = 0
    @Observed var quantity = 0
    let total: Derived<Decimal>
    @Observed var item = LineItem(
      id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, unitPrice: Decimal(string: "2.50")!,
      link: URL(string: "https://shop.example/items/1"))
    @Observed var payment = Payment.card(amount: 0)
    @Observed var receipt = Data(repeating: 0, count: 12)
    @Observed var timeout: TimeInterval = 1.5
    var paid: [Decimal] = []

    init() {
      let price = _price.projectedValue
      let quantity = _quantity.projectedValue
      total = Derived { price.value * Decimal(quantity.value) }
    }
  }

  static func session() throws -> (TranscriptSession, Checkout) {
    let session = TranscriptSession()
    let interpreter = session.interpreter
    try interpreter.registerStruct(LineItem.self, as: "LineItem") { type in
      type.field("id", \.id)
      type.field("unitPrice", \.unitPrice)
      type.field("link", \.link)
      type.initializer { try LineItem(id: $0.value("id"), unitPrice: $0.value("unitPrice"), link: $0.value("link")) }
    }
    try interpreter.registerEnum(Payment.self, as: "Payment") { type in
      type.case("card", label: "amount", Payment.card) { if case .card(let amount) = $0 { amount } else { nil } }
      type.case("refund", Payment.refund) { if case .refund(let id) = $0 { id } else { nil } }
    }
    try interpreter.register(Checkout.self, as: "Checkout") { type in
      type.property("price", \.$price)
      type.property("quantity", \.$quantity)
      type.property("total", \.total)
      type.property("item", \.$item)
      type.property("payment", \.$payment)
      type.property("receipt", \.$receipt)
      type.property("timeout", \.$timeout)
      type.method("pay(_:)") { (checkout: Checkout, amount: Decimal) in checkout.paid.append(amount) }
      type.method("discounted(by:)") { (checkout: Checkout, percent: Int) in
        checkout.price - checkout.price * Decimal(percent) / 100
      }
      type.method("idFor(_:)") { (_: Checkout, text: String) in UUID(uuidString: text) }
    }
    let checkout = Checkout()
    try interpreter.inject(checkout, as: "vm")
    return (session, checkout)
  }

  func testDecimalPropertiesTakeLiteralsExactly() throws {
    let (session, checkout) = try Self.session()
    let lines = session.run(
      """
      vm.price = 19.99
      vm.quantity = 3
      vm.total
      vm.total == 59.97
      vm.price * 3 - 0.01
      vm.price / 4
      Decimal(1) / 3
      vm.price > 19 && vm.price < 20.5
      vm.price += 0.01
      vm.price
      -vm.price + 1.5 * 2
      """)
    XCTAssertEqual(
      lines,
      ["59.97", "true", "59.96", "4.9975", "0.33333333333333333333333333333333333333", "true", "20", "-17"])
    XCTAssertEqual(checkout.price, Decimal(20))
    XCTAssertEqual(checkout.total.value, Decimal(60))
  }

  func testDecimalsCrossAsParametersResultsFieldsAndPayloads() throws {
    let (session, checkout) = try Self.session()
    let lines = session.run(
      """
      vm.price = 80
      vm.pay(12.10)
      vm.pay(vm.price)
      vm.discounted(by: 15)
      vm.item.unitPrice * 4
      vm.item = LineItem(id: vm.item.id, unitPrice: 0.35, link: nil)
      vm.item
      vm.payment = Payment.card(amount: 9.95)
      vm.payment
      """)
    XCTAssertEqual(
      lines,
      [
        "68", "10",
        "LineItem(id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, unitPrice: 0.35, link: nil)",
        ".card(amount: 9.95)",
      ])
    XCTAssertEqual(checkout.paid, [Decimal(string: "12.10")!, 80])
    XCTAssertEqual(checkout.item.unitPrice, Decimal(string: "0.35")!)
    XCTAssertEqual(checkout.payment, .card(amount: Decimal(string: "9.95")!))
  }

  func testObserversSeeOldAndNewDecimals() throws {
    let (session, checkout) = try Self.session()
    session.run("observe vm.price\nobserve vm.total")
    checkout.price = Decimal(string: "1.10")!
    // A Swift write, then the quantity (the total follows), then the price.
    session.run("vm.quantity = 2\nvm.price = 0.9")
    XCTAssertEqual(
      session.lines,
      ["vm.price: 0 -> 1.1", "vm.total: 0 -> 2.2", "vm.price: 1.1 -> 0.9", "vm.total: 2.2 -> 1.8"])
  }

  func testUUIDURLDataAndTimeIntervalPrintAndCompareAsSwift() throws {
    let (session, checkout) = try Self.session()
    let lines = session.run(
      """
      vm.item.id
      vm.item.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
      vm.item.id.uuidString.count
      UUID(uuidString: "not a uuid")
      UUID() == UUID()
      vm.item.link
      vm.item.link?.host
      URL(string: "")
      URL(string: "https://a.example/x") == URL(string: "https://a.example/x")
      vm.receipt
      vm.receipt.count
      Data()
      vm.timeout * 2
      let t: TimeInterval = 3
      t
      vm.idFor("E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == vm.item.id
      vm.idFor("x")
      vm.payment = Payment.refund(vm.item.id)
      vm.payment
      """)
    XCTAssertEqual(
      lines,
      [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "true", "36", "nil", "false",
        "https://shop.example/items/1", "\"shop.example\"", "nil", "true",
        "12 bytes", "12", "0 bytes", "3.0", "3.0", "true", "nil",
        ".refund(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)",
      ])
    XCTAssertEqual(checkout.payment, .refund(checkout.item.id))
  }

  /// A model with Swift `Duration`s, as a debouncing view-model has one.
  final class Debouncer {
    @Observed var delay: Duration = .milliseconds(300)
    var waited: [Duration] = []
  }

  struct Timing {
    var timeout: Duration
  }

  func testSwiftDurationsAreTheScriptsOwnDurations() throws {
    let session = TranscriptSession()
    let interpreter = session.interpreter
    try interpreter.registerStruct(Timing.self, as: "Timing") { type in
      type.field("timeout", \.timeout)
      type.initializer { try Timing(timeout: $0.value("timeout")) }
    }
    try interpreter.register(Debouncer.self, as: "Debouncer") { type in
      type.property("delay", \.$delay)
      type.method("record(_:)") { (debouncer: Debouncer, duration: Duration) in debouncer.waited.append(duration) }
      type.method("doubled()") { (debouncer: Debouncer) in debouncer.delay * 2 }
    }
    let debouncer = Debouncer()
    try interpreter.inject(debouncer, as: "vm")
    session.showsLocations = true
    let lines = session.run(
      """
      vm.delay
      vm.delay == 300ms
      vm.delay + 1.2s
      vm.delay * 2 < 1s
      vm.doubled() / vm.delay
      observe vm.delay
      vm.delay = 1.5s
      vm.record(vm.delay / 3)
      Timing(timeout: 2min).timeout == 120s
      let t: Duration = vm.delay
      t - 500ms
      vm.delay = 3
      vm.delay + 1
      print(vm.delay)
      "after \\(vm.delay)"
      """)
    // Shown as a value, a duration is the script's literal; as text, it is
    // what Swift's `description` makes of the same `Duration`.
    XCTAssertEqual(
      lines,
      [
        "300ms", "true", "1.5s", "true", "2.0", "vm.delay: 300ms -> 1.5s", "true", "1s",
        "error: 12:1: cannot assign value of type 'Int' to property 'delay' of type 'Duration'",
        "error: 13:1: cannot apply '+' to 'Duration' and 'Int'; durations add and subtract durations, and multiply or divide by numbers",
        "\(Duration.milliseconds(1500))", "\"after \(Duration.milliseconds(1500))\"",
      ])
    XCTAssertEqual(debouncer.delay, .milliseconds(1500))
    XCTAssertEqual(debouncer.waited, [.milliseconds(500)])
  }

  func testMixingAndImpossibleArithmeticAreLocatedErrors() throws {
    let (session, _) = try Self.session()
    session.showsLocations = true
    let lines = session.run(
      """
      let rate = 1.5
      vm.price * rate
      vm.price = rate
      Decimal(rate) * 2
      Double(Decimal(2.25)) * rate
      vm.price / 0
      (Decimal(string: "1e127") ?? 0) * 1000
      vm.price % 2
      URL(url: "x")
      vm.pay(1e200)
      vm.price = 1e200
      """)
    XCTAssertEqual(lines.count, 10, "\(lines)")
    XCTAssertEqual(
      lines[0],
      "error: 2:1: cannot apply '*' to 'Decimal' and 'Double'; convert one side, as in 'Decimal(x)' or 'Double(d)'")
    XCTAssertTrue(lines[1].hasPrefix("error: 3:"), lines[1])
    XCTAssertTrue(lines[1].contains("cannot assign value of type 'Double' to property 'price' of type 'Decimal'"), lines[1])
    XCTAssertEqual(lines[2], "3")
    XCTAssertEqual(lines[3], "3.375")
    XCTAssertEqual(lines[4], "error: 6:1: division by zero")
    XCTAssertTrue(lines[5].hasPrefix("error: 7:1: decimal overflow"), lines[5])
    XCTAssertTrue(lines[6].hasPrefix("error: 8:1: cannot apply '%' to 'Decimal' and 'Int'"), lines[6])
    XCTAssertEqual(
      lines[7], "error: 9:1: no initializer 'URL(url:)' of URL; scripts may call 'URL(string:)'")
    // A float literal no Decimal holds is an overflow where a Decimal is
    // wanted, not a Double passed where it should not be.
    XCTAssertEqual(lines[8], "error: 10:8: decimal overflow: the literal 1e200 does not fit in Decimal")
    XCTAssertEqual(lines[9], "error: 11:12: decimal overflow: the literal 1e200 does not fit in Decimal")
  }

  func testScriptTypesDeclareFoundationTypes() throws {
    let session = TranscriptSession()
    let lines = session.run(
      """
      type Order {
        var total: Decimal = 0.1
        var id: UUID = UUID()
        var link: URL?
        var delay: TimeInterval = 2
      }
      let order = Order()
      order.total = 0.2
      order.total + 0.1
      let exact: Decimal = 0.1
      exact + 0.2 == 0.3
      order.delay
      order.link = URL(string: "https://x.example")
      order.link
      """)
    XCTAssertEqual(lines, ["0.3", "true", "2.0", "https://x.example"])
  }
}

/// The inline fast path of ``DecimalValue`` against Foundation's `Decimal`
/// (the general path) for every operand shape: both exponents, signs,
/// magnitudes near the edge of 18 digits, and the overflows between.
final class DecimalFastPathTests: XCTestCase {
  func testFastArithmeticAgreesWithFoundation() throws {
    var generator = SystemRandomNumberGenerator()
    let significands: [Int64] = [0, 1, -1, 7, 1999, -250, 123_456_789, 999_999_999_999_999_999, -999_999_999_999_999_999, .max, .min]
    let exponents: [Int16] = [0, -1, -2, -9, -18, 1, 5, -64, 64]
    var operands: [DecimalValue] = []
    for significand in significands {
      for exponent in exponents { operands.append(DecimalValue(significand: significand, exponent: exponent)) }
    }
    for _ in 0..<200 {
      operands.append(
        DecimalValue(significand: Int64.random(in: -1_000_000...1_000_000, using: &generator), exponent: Int16.random(in: -6...3, using: &generator)))
    }
    for a in operands {
      for b in operands.shuffled().prefix(40) {
        for operation in [DecimalOperation.add, .subtract, .multiply] {
          let general = try? a.foundationArithmetic(operation, b)
          if let fast = a.fastArithmetic(operation, b) {
            XCTAssertEqual(fast.literal, general?.literal, "\(a.literal) \(operation.symbol) \(b.literal)")
          }
          XCTAssertEqual((try? a.applying(operation, b))?.literal, general?.literal, "\(a.literal) \(operation.symbol) \(b.literal)")
        }
        // A whole quotient is exact, which Foundation's long division is not
        // always in its last digits (10²³ came out 100000000000000062959620.15…).
        if let quotient = a.fastArithmetic(.divide, b) {
          XCTAssertEqual(try? quotient.foundationArithmetic(.multiply, b).literal, a.literal, "\(a.literal) / \(b.literal)")
        } else {
          XCTAssertEqual(
            (try? a.applying(.divide, b))?.literal, (try? a.foundationArithmetic(.divide, b))?.literal,
            "\(a.literal) / \(b.literal)")
        }
        if let fast = a.fastOrder(b) {
          XCTAssertEqual(fast, a.foundationOrder(b), "\(a.literal) <=> \(b.literal)")
        }
      }
    }
  }
}

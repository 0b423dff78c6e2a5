import BindScriptable
import Dispatch
import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A cart whose derived total checks, as some apps' code does, that it is
/// read on the main queue: `dispatchPrecondition` stops the process if a
/// script (or its test helper) ever reads it from another thread.
///
/// Money is `Decimal`, ids `UUID`s and links `URL`s, as an app has them:
/// each bridges as it is. `receiptFormat` is of a type scripts cannot use:
/// it is left out, and the rest of the model registers. Its nested
/// `State` shares its name with ``BannerModel/State``: scripts write
/// `CartModel.State.paid`. `add(price:)` takes a `Decimal` or the text of
/// a price field, and a clamping `didSet` on `tip` is one change to scripts.
@MainActor @Scriptable @Observable
public final class CartModel {
  /// Where the cart is in its life.
  @ScriptableValue public enum State: Equatable, Sendable { case shopping, paid }

  /// A line of an order; scripts make one as Swift does, with its default
  /// quantity: `LineItem(name: "Tea", unitPrice: 2.5)`.
  @ScriptableValue public struct LineItem: Sendable {
    public var name: String
    public var unitPrice: Decimal
    public var quantity: Int

    public init(name: String, unitPrice: Decimal, quantity: Int = 1) {
      self.name = name
      self.unitPrice = unitPrice
      self.quantity = quantity
    }
  }

  /// The most a cart holds, a constant scripts read as `CartModel.maxItems`.
  public static let maxItems = 50

  public private(set) var state: State = .shopping
  public private(set) var prices: [Decimal] = []
  /// At most 20; more is clamped.
  public var tip: Decimal = 0 {
    didSet { if tip > 20 { tip = 20 } }
  }
  public private(set) var discountPercent = 0
  /// Set by `checkOut()`.
  public private(set) var orderID: UUID?
  public private(set) var receiptURL: URL?
  public var receiptFormat = ReceiptFormat()
  /// The total after the discount.
  public var total: Decimal {
    dispatchPrecondition(condition: .onQueue(.main))
    let subtotal = prices.reduce(0, +)
    return subtotal - subtotal * Decimal(discountPercent) / 100
  }

  @ObservationIgnored private let clock: any Clock<Duration>

  public static func makeForScripts(in interpreter: Interpreter) -> CartModel {
    CartModel(clock: interpreter.scheduler.clock)
  }

  public init(clock: any Clock<Duration>) { self.clock = clock }

  public func add(price: Decimal) {
    guard prices.count < Self.maxItems else { return }
    prices.append(price)
  }

  /// Adds `item`'s price, times its quantity.
  public func add(_ item: LineItem) {
    add(price: item.unitPrice * Decimal(item.quantity))
  }

  /// The text of a price field: added when it is a number.
  public func add(price text: String) {
    if let price = Decimal(string: text) { add(price: price) }
  }

  public func checkOut() {
    state = .paid
    let id = UUID()
    orderID = id
    receiptURL = URL(string: "https://shop.example/receipts/\(id.uuidString)")
  }

  /// Asks the (fake) server about `code`, 100ms away; "SAVE10" takes 10%.
  public func applyDiscount(code: String) async throws {
    try await clock.sleep(for: .milliseconds(100))
    guard code == "SAVE10" else { throw DiscountError(code: code) }
    discountPercent = 10
  }
}

/// How a receipt prints: an app type never registered for scripts.
public struct ReceiptFormat: Sendable {
  public var currencyCode = "EUR"
  public init() {}
}

/// The server refused a discount code.
public struct DiscountError: Error, CustomStringConvertible {
  public let code: String
  public var description: String { "no discount for code '\(code)'" }
}

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
/// it is left out, and the rest of the model registers.
@MainActor @Scriptable @Observable
public final class CartModel {
  public private(set) var prices: [Decimal] = []
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
    prices.append(price)
  }

  public func checkOut() {
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

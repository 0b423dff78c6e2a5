import BindScriptable
import Dispatch
import Observation

/// A cart whose derived total checks, as some apps' code does, that it is
/// read on the main queue: `dispatchPrecondition` stops the process if a
/// script (or its test helper) ever reads it from another thread.
@MainActor @Scriptable @Observable
public final class CartModel {
  public private(set) var prices: [Int] = []
  public private(set) var discountPercent = 0
  /// The total in cents after the discount.
  public var total: Int {
    dispatchPrecondition(condition: .onQueue(.main))
    let subtotal = prices.reduce(0, +)
    return subtotal - subtotal * discountPercent / 100
  }

  @ObservationIgnored private let clock: any Clock<Duration>

  public static func makeForScripts(in interpreter: Interpreter) -> CartModel {
    CartModel(clock: interpreter.scheduler.clock)
  }

  public init(clock: any Clock<Duration>) { self.clock = clock }

  public func add(price: Int) {
    prices.append(price)
  }

  /// Asks the (fake) server about `code`, 100ms away; "SAVE10" takes 10%.
  public func applyDiscount(code: String) async throws {
    try await clock.sleep(for: .milliseconds(100))
    guard code == "SAVE10" else { throw DiscountError(code: code) }
    discountPercent = 10
  }
}

/// The server refused a discount code.
public struct DiscountError: Error, CustomStringConvertible {
  public let code: String
  public var description: String { "no discount for code '\(code)'" }
}

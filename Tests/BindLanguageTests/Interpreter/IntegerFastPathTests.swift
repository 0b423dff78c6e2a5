import BindSyntax
import XCTest
@testable import BindLanguage

/// The `Int op Int` fast paths (`Compiler+IntegerFastPath.swift`) against
/// `Operators.apply`, the general path: every operand shape (a frame
/// variable, an integer literal, any other expression), every fast
/// operator, and values that leave the fast path (overflow, a zero
/// divisor, other types, nil) give the same value or the same error.
final class IntegerFastPathTests: XCTestCase {
  private let operators: [BinaryOperator] = [.add, .subtract, .multiply, .remainder, .equal, .notEqual, .less, .greater]
  /// (source, value) of the left operands.
  private let lefts: [(String, Value)] = [
    ("7", .int(7)), ("-3", .int(-3)), ("0", .int(0)), ("9223372036854775807", .int(.max)),
    ("(-9223372036854775807 - 1)", .int(.min)), ("2.5", .double(2.5)), ("\"a\"", .string("a")), ("nil", .null),
  ]
  /// Right operands written as integer literals (the literal fast path).
  private let literals: [(String, Value)] = [("0", .int(0)), ("1", .int(1)), ("2", .int(2)), ("9223372036854775807", .int(.max))]
  /// Right operands that are not integer literals.
  private let others: [(String, Value)] = [("-1", .int(-1)), ("2.0", .double(2)), ("\"b\"", .string("b")), ("nil", .null)]

  /// What the general path gives: the value as a one-element array, or the error.
  private func expected(_ op: BinaryOperator, _ a: Value, _ b: Value) -> String {
    do {
      return Value.array([try Operators.apply(op, a, b)]).literal
    } catch let error as ScriptError {
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
  }

  private func check(_ lines: [String], _ expectations: [String], file: StaticString = #filePath, line: UInt = #line) {
    let session = TranscriptSession()
    let actual = session.run(lines.joined(separator: "\n"))
    XCTAssertEqual(actual.count, expectations.count, file: file, line: line)
    for (index, (got, want)) in zip(actual, expectations).enumerated() where got != want {
      XCTFail("\(lines[index]): got \(got), expected \(want)", file: file, line: line)
    }
  }

  func testAFrameVariableWithALiteralOrAnotherOperand() {
    var lines: [String] = [], expectations: [String] = []
    for op in operators {
      for (leftSource, left) in lefts {
        for (rightSource, right) in literals + others {
          // `$0 op literal` (frame variable, literal), `x op y` (two frame
          // variables), `[a][0] op $0` (an expression, a frame variable).
          lines.append("[\(leftSource)].map { $0 \(op.rawValue) \(rightSource) }")
          lines.append("[\(leftSource)].map { x in\n let y = \(rightSource)\n return x \(op.rawValue) y\n}")
          lines.append("[\(rightSource)].map { [\(leftSource)][0] \(op.rawValue) $0 }")
          expectations += Array(repeating: expected(op, left, right), count: 3)
        }
      }
    }
    check(lines, expectations)
  }

  func testAComparisonOfAVariablesArithmeticWithLiterals() {
    var lines: [String] = [], expectations: [String] = []
    for comparison in [BinaryOperator.equal, .notEqual, .less, .greater] {
      for arithmetic in [BinaryOperator.add, .subtract, .multiply, .remainder] {
        for (leftSource, left) in lefts {
          for (operandSource, operand) in literals {
            lines.append("[\(leftSource)].map { $0 \(arithmetic.rawValue) \(operandSource) \(comparison.rawValue) 1 }")
            let inner: Value
            do {
              inner = try Operators.apply(arithmetic, left, operand)
            } catch let error as ScriptError {
              expectations.append("error: \(error.message)")
              continue
            } catch {
              XCTFail("\(error)")
              continue
            }
            expectations.append(expected(comparison, inner, .int(1)))
          }
        }
      }
    }
    check(lines, expectations)
  }
}

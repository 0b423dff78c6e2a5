#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One conversion of C's `printf` (`%.2f`, `%08x`) applied to one number,
/// for scripts' `String(format:)`: Swift's own printing cannot round to a
/// precision or pad, and Foundation would cost start-up time.
package enum PrintfConversion {
  /// `value` as `printf` formats it with `flags`, `width`, `precision` and
  /// `conversion` (one of `f`, `F`, `e`, `E`, `g`, `G`, `a`, `A`).
  package static func format(_ value: Double, flags: String, width: Int?, precision: Int?, conversion: Character)
    -> String
  {
    format(value, specification(flags, width, precision, length: "", conversion))
  }

  /// `value` as `printf` formats it with `flags`, `width`, `precision` and
  /// `conversion` (one of `d`, `i`, `u`, `x`, `X`, `o`), as a 64-bit integer.
  package static func format(_ value: Int, flags: String, width: Int?, precision: Int?, conversion: Character)
    -> String
  {
    format(Int64(value), specification(flags, width, precision, length: "ll", conversion))
  }

  /// The C format string of one conversion.
  ///
  /// MUST be given only what the caller validated (flags from `-+ #0`, a
  /// conversion listed above for the value's type, a bounded width and
  /// precision), because the string goes to `vsnprintf` with exactly one
  /// variadic argument.
  private static func specification(
    _ flags: String, _ width: Int?, _ precision: Int?, length: String, _ conversion: Character
  ) -> String {
    var specification = "%" + flags
    if let width { specification += String(width) }
    if let precision { specification += "." + String(precision) }
    return specification + length + String(conversion)
  }

  private static func format(_ value: some CVarArg, _ specification: String) -> String {
    let length = withVaList([value]) { vsnprintf(nil, 0, specification, $0) }
    guard length > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    _ = buffer.withUnsafeMutableBufferPointer { bytes in
      withVaList([value]) { vsnprintf(bytes.baseAddress, bytes.count, specification, $0) }
    }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

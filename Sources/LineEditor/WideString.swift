import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversions between Swift strings and libedit's `wchar_t` text.
///
/// `wchar_t` is a 32-bit Unicode scalar value on Linux and macOS, so the
/// conversion is a scalar-by-scalar copy and never depends on the locale.
enum WideString {
  /// `text` as a NUL-terminated `wchar_t` array.
  static func make(_ text: String) -> [wchar_t] {
    var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    wide.append(0)
    return wide
  }

  /// The `count` characters at `start`; invalid values become U+FFFD.
  static func string(_ start: UnsafePointer<wchar_t>, count: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for offset in 0..<max(0, count) {
      let value = UInt32(bitPattern: Int32(start[offset]))
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// The NUL-terminated text at `start`.
  static func string(_ start: UnsafePointer<wchar_t>) -> String {
    string(start, count: wcslen(start))
  }

  /// The text between two pointers into the same buffer.
  static func string(from start: UnsafePointer<wchar_t>, to end: UnsafePointer<wchar_t>) -> String {
    string(start, count: end - start)
  }
}

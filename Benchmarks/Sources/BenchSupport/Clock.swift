#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a monotonic clock that NTP does not slew.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  #if os(Linux)
  clock_gettime(CLOCK_MONOTONIC_RAW, &time)
  #else
  clock_gettime(CLOCK_MONOTONIC, &time)
  #endif
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Keeps a value alive and opaque to the optimizer, so a benchmark loop
/// cannot be folded away.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Where observers put what they receive: one shared reference that every
/// implementation's closures capture, so closures cost the same everywhere.
///
/// The counts live behind a pointer rather than in stored properties: a
/// stored property of a class costs a dynamic exclusivity check
/// (`swift_beginAccess`, ~40 instructions) per `+=`, which would be harness
/// overhead added to every implementation alike and would flatten the ratios.
public final class Tally: @unchecked Sendable {
  private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 2)

  public init() { storage.initialize(repeating: 0, count: 2) }
  deinit { storage.deallocate() }

  public var count: Int {
    @inline(__always) get { storage[0] }
    @inline(__always) set { storage[0] = newValue }
  }

  public var sum: Int {
    @inline(__always) get { storage[1] }
    @inline(__always) set { storage[1] = newValue }
  }
}

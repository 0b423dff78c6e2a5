/// Marks the end of one iteration of a workload whose memory traffic is
/// measured (`Scripts/working-set.sh` finds each iteration by this call).
/// Counts, so that the optimizer cannot drop the call; costs a few
/// nanoseconds, the same for every implementation that calls it.
public enum IterationMark {
  nonisolated(unsafe) public private(set) static var count = 0
  @inline(never) public static func pass() { count &+= 1 }
}

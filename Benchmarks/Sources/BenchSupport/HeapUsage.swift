import CHeapUsage

/// Bytes the C heap holds for live allocations (glibc's `mallinfo2()`, see
/// CHeapUsage.h), or nil where that cannot be read.
public func heapBytesInUse() -> Int? {
  let bytes = cheap_bytes_in_use()
  return bytes == 0 ? nil : Int(bytes)
}

/// How many bytes the heap grew by while `body` ran. What `body` allocates
/// must still be alive when it returns (keep it in storage reserved beforehand).
public func heapGrowth(_ body: () -> Void) -> Int? {
  guard let before = heapBytesInUse() else { return nil }
  body()
  guard let after = heapBytesInUse() else { return nil }
  return after - before
}

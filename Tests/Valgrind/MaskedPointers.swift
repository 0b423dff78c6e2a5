// The three kinds of block that swift-false-positives.supp suppresses, in
// plain Swift: each stays in use to the end, and valgrind calls each
// "definitely lost" (Tests/Valgrind/README.md shows the output).
//
//   swiftc -Onone Tests/Valgrind/MaskedPointers.swift -o /tmp/masked
//   valgrind --leak-check=full /tmp/masked
indirect enum Node {
  case leaf(Int)
  case pair(Node, Node)
  case named(String, Node)
}
final class Target {}
final class Holder { weak var target: Target? }

let keptNode: Node = .named("n", .pair(.leaf(1), .leaf(2)))
let keptTarget = Target()
do {
  // A weak reference, gone again: the object keeps its side table.
  let holder = Holder()
  holder.target = keptTarget
}
withExtendedLifetime((keptNode, keptTarget)) {
  let node = unsafeBitCast(keptNode, to: UInt.self)
  print("keptNode is stored as 0x\(String(node, radix: 16)): box at 0x\(String(node & 0x00FF_FFFF_FFFF_FFFF, radix: 16))")
  let refCounts = UnsafeRawPointer(Unmanaged.passUnretained(keptTarget).toOpaque()).load(fromByteOffset: 8, as: UInt.self)
  print("keptTarget's refcount word is 0x\(String(refCounts, radix: 16)): side table at 0x\(String(refCounts << 3, radix: 16))")
}

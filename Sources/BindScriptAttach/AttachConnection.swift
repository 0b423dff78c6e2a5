import Synchronization

/// One client of an attach point, as both threads see it: the I/O thread
/// reads its socket and writes what is queued; the main thread runs its
/// session and queues what the session prints.
///
/// Only the queue and the flags cross threads, under one lock; the session
/// is touched on the main thread only.
package final class AttachConnection: @unchecked Sendable {
  /// The socket; owned by the I/O thread, which closes it.
  let descriptor: Int32
  /// Bytes read but not yet a whole message (I/O thread only).
  var inbound: [UInt8] = []
  /// The session, from the client's `hello` on (main thread only).
  var session: AttachedSession?
  /// Refused or sent `malformed`: nothing more it sends is read (I/O thread only).
  var isIgnored = false

  private struct Shared {
    var outbound: [UInt8] = []
    var interruptRequested = false
    var isClosed = false
    /// Close once the queue is written (after `malformed`, `refused`).
    var closesWhenFlushed = false
  }
  private let shared = Mutex(Shared())
  /// Wakes the I/O thread when something is queued.
  private let wake: () -> Void

  /// What a client that never reads may have queued before it is dropped:
  /// an observer of a value the app changes fast must not grow the app's
  /// memory without end.
  static let outboundLimit = 64 << 20

  init(descriptor: Int32, wake: @escaping () -> Void) {
    self.descriptor = descriptor
    self.wake = wake
  }

  /// Queues `message` for the client (from any thread); does nothing once
  /// the connection closed.
  /// - Parameter closing: Close the connection once it is written.
  func send(_ message: AttachMessage, closing: Bool = false) {
    let bytes = AttachFrame.encode(message)
    let queued = shared.withLock { state -> Bool in
      guard !state.isClosed, !state.closesWhenFlushed else { return false }
      guard state.outbound.count + bytes.count <= Self.outboundLimit else {
        state.outbound = []
        state.closesWhenFlushed = true  // dropped: the I/O thread closes it
        return true
      }
      state.outbound += bytes
      if closing { state.closesWhenFlushed = true }
      return true
    }
    if queued { wake() }
  }

  /// Ctrl-C from the client; the running statement stops at its next poll.
  func requestInterrupt() { shared.withLock { $0.interruptRequested = true } }

  /// The interpreter's poll: whether Ctrl-C came (or the client left), clearing it.
  func consumeInterrupt() -> Bool {
    shared.withLock { state in
      defer { state.interruptRequested = false }
      return state.interruptRequested || state.isClosed
    }
  }

  var isClosed: Bool { shared.withLock { $0.isClosed } }

  /// Marks the connection closed (I/O thread): queued output is dropped,
  /// and a running statement stops at its next poll.
  func markClosed() { shared.withLock { $0.isClosed = true; $0.outbound = [] } }

  /// Whether the I/O thread should wait to write.
  var hasOutbound: Bool { shared.withLock { !$0.outbound.isEmpty } }

  /// Writes what the socket takes now (I/O thread).
  /// - Returns: `false` when the connection should close: the peer is gone,
  ///   or everything is written and it was to close after that.
  func flush() -> Bool {
    shared.withLock { state in
      if !state.outbound.isEmpty {
        guard let written = UnixSocket.send(descriptor, state.outbound[...]) else { return false }
        state.outbound.removeFirst(written)
      }
      return !(state.outbound.isEmpty && state.closesWhenFlushed)
    }
  }
}

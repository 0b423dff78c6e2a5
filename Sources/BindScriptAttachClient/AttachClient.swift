import BindScriptAttach
import LineEditor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client end of an attach connection (`bindscript attach`): sends
/// requests, and reads answers and the app's output, noticing Ctrl-C
/// while it waits.
package final class AttachClient {
  /// The connected socket; `poll` on it says the app sent something.
  package let descriptor: Int32
  private var inbound: [UInt8] = []
  private var received: [AttachMessage] = []
  /// Why the connection ended, once it has: shown to the user.
  package private(set) var endReason: String?

  /// Connects to the socket at `path`.
  package init(path: String) throws(UnixSocket.Failure) {
    descriptor = try UnixSocket.connect(to: path)
  }

  deinit { close(descriptor) }

  /// Sends `message`; a connection that is gone sets ``endReason``.
  package func send(_ message: AttachMessage) {
    guard endReason == nil else { return }
    if !UnixSocket.sendAll(descriptor, AttachFrame.encode(message)) { connectionEnded() }
  }

  /// The next message, waiting for it; Ctrl-C meanwhile sends `interrupt`
  /// (the app stops the running statement and answers as usual).
  /// - Returns: `nil` once the connection has ended (``endReason``).
  package func next() -> AttachMessage? {
    while received.isEmpty {
      guard endReason == nil else { return nil }
      var descriptors = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: SignalInterrupts.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 && errno != EINTR { connectionEnded() }
      if descriptors[1].revents != 0 { SignalInterrupts.drainWakes() }
      if SignalInterrupts.consumePending() { send(AttachMessage(.interrupt)) }
      if descriptors[0].revents != 0 { readAvailable() }
    }
    return received.removeFirst()
  }

  /// The messages that have arrived, without waiting.
  /// - Returns: them, oldest first; none once the connection has ended.
  package func takeArrived() -> [AttachMessage] {
    var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    if endReason == nil, poll(&descriptors, 1, 0) > 0 { readAvailable() }
    defer { received = [] }
    return received
  }

  /// Whether a message waits that ``takeArrived()`` would return at once.
  package var hasArrived: Bool { !received.isEmpty }

  private func readAvailable() {
    guard UnixSocket.receive(descriptor, into: &inbound) else { return connectionEnded() }
    do {
      for message in try AttachFrame.decode(from: &inbound) {
        if message.kind == .closing {
          endReason = message.text ?? "the app stopped its attach point"
        }
        received.append(message)
      }
    } catch {
      endReason = "the app sent a message that is not the attach protocol (\(error.description))"
    }
  }

  private func connectionEnded() {
    if endReason == nil { endReason = "the app closed the connection (it quit, or stopped its attach point)" }
  }
}

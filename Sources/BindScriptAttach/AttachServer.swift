import CPlatform
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import Foundation  // Thread
#else
  import Foundation
#endif

/// The attach point's own thread: accepts connections, reads messages and
/// writes answers, all with one `poll` over the listening socket, a wake
/// pipe and the clients. It never runs script code: each request goes to
/// the main queue (``AttachedSession``), so statements run on the app's
/// main actor between its events.
///
/// With no client it sleeps in `poll` and costs the app nothing.
final class AttachServer: @unchecked Sendable {
  let path: String
  private let listener: Int32
  /// Written to wake the thread (something to send, or stop).
  private let wakePipe: (read: Int32, write: Int32)
  private let stopping = Mutex(false)
  /// I/O thread only.
  private var connections: [AttachConnection] = []
  /// Starts a session for a client's `hello` (on the main queue).
  private let openSession: @Sendable (AttachConnection, AttachMessage) -> Void

  /// More would run the app out of descriptors; the client is told so.
  static let connectionLimit = 256

  init(path: String, openSession: @escaping @Sendable (AttachConnection, AttachMessage) -> Void) throws(UnixSocket.Failure) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw UnixSocket.Failure("cannot make a pipe") }
    for end in ends {
      UnixSocket.setNonBlocking(end)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    // A socket file left by an app that died with this PID.
    unlink(path)
    do throws(UnixSocket.Failure) {
      listener = try UnixSocket.listen(at: path)
    } catch {
      close(ends[0])
      close(ends[1])
      throw error
    }
    self.path = path
    wakePipe = (ends[0], ends[1])
    self.openSession = openSession
  }

  /// The thread's name, as `top -H` and /proc show it (15 bytes at most).
  static let threadName = "bs-attach"

  func start() {
    let thread = Thread { [self] in
      _ = bindscript_name_thread(Self.threadName)
      run()
    }
    thread.start()
  }

  /// Wakes the thread (async-signal-safe: one `write`).
  func wake() {
    var byte: UInt8 = 1
    _ = write(wakePipe.write, &byte, 1)
  }

  /// Tells every client, removes the socket file and ends the thread.
  func stop(reason: String) {
    let first = stopping.withLock { stopping in
      defer { stopping = true }
      return !stopping
    }
    guard first else { return }
    unlink(path)
    closingReason.withLock { $0 = reason }
    wake()
  }

  private let closingReason = Mutex("")

  private func run() {
    while !stopping.withLock({ $0 }) { pollOnce() }
    let reason = closingReason.withLock { $0 }
    for connection in connections {
      // Best effort: the client may not read any more.
      _ = UnixSocket.send(connection.descriptor, AttachFrame.encode(AttachMessage(.closing, text: reason))[...])
      drop(connection)
    }
    connections = []
    close(listener)
  }

  private func pollOnce() {
    var descriptors = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
    ]
    for connection in connections {
      let events = POLLIN | (connection.hasOutbound ? POLLOUT : 0)
      descriptors.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
    }
    guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { return }
    if descriptors[1].revents != 0 {
      var drain = [UInt8](repeating: 0, count: 256)
      while read(wakePipe.read, &drain, drain.count) > 0 {}
    }
    var gone: Set<Int32> = []
    for (index, connection) in connections.enumerated() {
      let events = descriptors[index + 2].revents
      if events & Int16(POLLIN | POLLHUP | POLLERR) != 0, !readMessages(from: connection) {
        gone.insert(connection.descriptor)
        continue
      }
      // Also without POLLOUT: a dropped client's close waits for nothing.
      if !connection.flush() { gone.insert(connection.descriptor) }
    }
    for connection in connections where gone.contains(connection.descriptor) { drop(connection) }
    connections.removeAll { gone.contains($0.descriptor) }
    if descriptors[0].revents != 0 { acceptClients() }
  }

  /// Accepts every pending client, refusing other users' and those over
  /// the limit.
  private func acceptClients() {
    while let descriptor = UnixSocket.accept(from: listener) {
      let connection = AttachConnection(descriptor: descriptor) { [weak self] in self?.wake() }
      connections.append(connection)
      if UnixSocket.peerUserID(descriptor) != getuid() {
        connection.isIgnored = true
        connection.send(AttachMessage(.refused, text: "this app accepts sessions from its own user only"), closing: true)
      } else if connections.count > Self.connectionLimit {
        connection.isIgnored = true
        connection.send(
          AttachMessage(.refused, text: "the app has \(Self.connectionLimit) sessions attached already; detach one"),
          closing: true)
      }
    }
  }

  /// Reads and dispatches what arrived.
  /// - Returns: `false` when the client is gone.
  private func readMessages(from connection: AttachConnection) -> Bool {
    guard UnixSocket.receive(connection.descriptor, into: &connection.inbound) else { return false }
    if connection.isIgnored {
      connection.inbound = []
      return true
    }
    let messages: [AttachMessage]
    do {
      messages = try AttachFrame.decode(from: &connection.inbound)
    } catch {
      connection.inbound = []
      connection.isIgnored = true
      connection.send(AttachMessage(.malformed, text: error.description), closing: true)
      return true
    }
    for message in messages {
      switch message.kind {
      case .interrupt:
        connection.requestInterrupt()
      case .hello:
        openSession(connection, message)
      default:
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            guard let session = connection.session else {
              return connection.send(
                AttachMessage(.malformed, text: "the first message must be 'hello'"), closing: true)
            }
            session.handle(message)
          }
        }
      }
    }
    return true
  }

  /// Closes a client's socket, and ends its session on the main queue
  /// (after the statement it may be running, which the close interrupts).
  private func drop(_ connection: AttachConnection) {
    connection.markClosed()
    close(connection.descriptor)
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        connection.session?.end()
        connection.session = nil
      }
    }
  }
}

import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Unix-domain socket calls the attach point and `bindscript attach`
/// make, in one place.
///
/// Plain POSIX sockets rather than swift-nio: the transport is one local
/// socket, a few small messages a second, one thread; NIO would add its
/// event loops, its allocator and some 40 modules to every debug build of
/// the app and to `bindscript`, for nothing this needs.
package enum UnixSocket {
  /// A socket error: what failed, and the system's words for why.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String

    init(_ what: String, errno code: Int32 = errno) {
      description = "\(what): \(String(cString: strerror(code)))"
    }

    package init(message: String) { description = message }
  }

  /// A new stream socket, closed on `exec`.
  private static func makeSocket() throws(Failure) -> Int32 {
    #if os(Linux)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure("cannot make a socket") }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
      // Darwin has no MSG_NOSIGNAL: a write to a closed peer must not kill the process.
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return descriptor
  }

  /// Calls `body` with `path` as a socket address.
  private static func withAddress<T>(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
  ) throws(Failure) -> T {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      throw Failure(message: "the socket path '\(path)' is longer than the \(capacity - 1) bytes a socket address holds")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// A socket listening at `path`, a file only its owner may open (mode
  /// 0600). The folder it is in is the user's own (``AttachAddress``), so
  /// nobody else can reach the file even in the moment before its mode is set.
  package static func listen(at path: String) throws(Failure) -> Int32 {
    let descriptor = try makeSocket()
    do throws(Failure) {
      let bound = try withAddress(path) { bind(descriptor, $0, $1) }
      guard bound == 0 else { throw Failure("cannot listen at '\(path)'") }
      guard chmod(path, 0o600) == 0 else { throw Failure("cannot make '\(path)' private") }
      guard systemListen(descriptor, 128) == 0 else { throw Failure("cannot listen at '\(path)'") }
      setNonBlocking(descriptor)
      return descriptor
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// A socket connected to the one listening at `path`.
  package static func connect(to path: String) throws(Failure) -> Int32 {
    let descriptor = try makeSocket()
    let connected = try withAddress(path) { systemConnect(descriptor, $0, $1) }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      throw Failure("cannot connect to '\(path)'", errno: code)
    }
    return descriptor
  }

  /// Accepts a pending connection (non-blocking), or returns `nil`.
  package static func accept(from listener: Int32) -> Int32? {
    let descriptor = systemAccept(listener, nil, nil)
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    setNonBlocking(descriptor)
    return descriptor
  }

  /// The user id of the process at the other end, or `nil` when the
  /// system cannot say (which the attach point treats as another user's).
  package static func peerUserID(_ descriptor: Int32) -> uid_t? {
    var uid: UInt32 = 0
    return bindscript_peer_uid(descriptor, &uid) == 0 ? uid_t(uid) : nil
  }

  package static func setNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// Writes as much of `bytes` as the socket takes now; never raises SIGPIPE.
  /// - Returns: the count written (0 when it would block), or `nil` when
  ///   the connection is gone.
  package static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
    #if os(Linux)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    while true {
      let written = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) }
      if written >= 0 { return written }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }
  }

  /// Writes all of `bytes` to a blocking socket.
  /// - Returns: `false` when the connection is gone.
  package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      guard let count = send(descriptor, bytes[sent...]) else { return false }
      if count == 0 {
        var pending = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&pending, 1, -1)
      }
      sent += count
    }
    return true
  }

  /// Reads what the socket holds now into `buffer`.
  /// - Returns: `false` at the end of the stream or on an error; `true`
  ///   otherwise (also when nothing was there).
  package static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemReceive(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK
    }
  }
}

// The libc functions whose names the enum's own methods shadow.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(descriptor, address, length)
}
private func systemAccept(
  _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
  accept(descriptor, address, length)
}
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, bytes, count, flags)
}
private func systemReceive(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  recv(descriptor, bytes, count, flags)
}

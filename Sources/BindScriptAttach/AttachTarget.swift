#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket `bindscript attach [PID|SOCKET]` connects to.
package struct AttachTarget {
  package var path: String
  /// The app's process id, when the target named it or the socket's name does.
  package var pid: Int32?

  /// A PID (all digits) names its socket in the attach folder; anything
  /// else is a socket's path; nothing means the one app listening there.
  package static func resolve(_ target: String?) throws(UnixSocket.Failure) -> AttachTarget {
    if let target, !target.isEmpty, !target.allSatisfy(\.isNumber) {
      let name = target.split(separator: "/").last.map(String.init) ?? ""
      return AttachTarget(path: target, pid: name.hasSuffix(".sock") ? Int32(name.dropLast(5)) : nil)
    }
    let directory = try AttachAddress.directory()
    if let target, let pid = Int32(target) {
      return AttachTarget(path: AttachAddress.socketPath(pid: pid, in: directory), pid: pid)
    }
    let running = AttachAddress.listeningPIDs(in: directory).filter(AttachAddress.isRunning)
    switch running.count {
    case 0:
      throw UnixSocket.Failure(
        message: "no app is listening in '\(directory)'; start one whose debug build calls BindScriptAttach.start, or name its socket")
    case 1:
      return AttachTarget(path: AttachAddress.socketPath(pid: running[0], in: directory), pid: running[0])
    default:
      throw UnixSocket.Failure(
        message: "several apps are listening (PIDs \(running.map(String.init).joined(separator: ", "))); name one: bindscript attach PID")
    }
  }

  /// What to say when connecting failed: an app that is not running (a
  /// socket left behind, which is then removed) or not listening.
  package func connectFailure(_ failure: UnixSocket.Failure) -> String {
    if let pid, !AttachAddress.isRunning(pid) {
      if unlink(path) == 0 {
        return "no app is listening at '\(path)': process \(pid) has exited (its socket was left behind, and is now removed)"
      }
      return "no app is listening at '\(path)': there is no process \(pid)"
    }
    if access(path, F_OK) != 0 {
      return "no app is listening at '\(path)'; is process \(pid.map(String.init) ?? "?") a debug build that called BindScriptAttach.start?"
    }
    return "\(failure)"
  }
}

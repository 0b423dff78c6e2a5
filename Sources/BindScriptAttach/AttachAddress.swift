#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where attach points listen: one socket per app process, named by its
/// PID, in a folder only the user can enter: `$XDG_RUNTIME_DIR/bindscript`,
/// or `/tmp/bindscript-UID` where there is no runtime directory (macOS,
/// a container). `bindscript attach PID` finds the app's socket there.
package enum AttachAddress {
  /// The folder, made (mode 0700) if missing.
  /// - Throws: when it cannot be made, or is not the user's own folder with
  ///   no access for anyone else (a folder someone else made in `/tmp` to
  ///   catch the socket).
  package static func directory() throws(UnixSocket.Failure) -> String {
    let uid = getuid()
    let folder: String
    if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), runtime.hasPrefix("/"),
      isPrivateFolder(runtime, owner: uid)
    {
      folder = runtime + "/bindscript"
    } else {
      folder = "/tmp/bindscript-\(uid)"
    }
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw UnixSocket.Failure("cannot make the folder '\(folder)'")
    }
    guard isPrivateFolder(folder, owner: uid) else {
      throw UnixSocket.Failure(
        message: "'\(folder)' is not a folder only you can enter (owner \(uid), mode 0700); remove it and start again")
    }
    return folder
  }

  /// Whether `path` is a folder (not a link) owned by `owner` that nobody
  /// else can read, write or enter.
  static func isPrivateFolder(_ path: String, owner: uid_t) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == owner && status.st_mode & 0o077 == 0
  }

  /// The socket of the process `pid`.
  package static func socketPath(pid: Int32, in directory: String) -> String {
    "\(directory)/\(pid).sock"
  }

  /// The app processes with a socket in `directory`, by PID, lowest first.
  package static func listeningPIDs(in directory: String) -> [Int32] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var pids: [Int32] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasSuffix(".sock"), let pid = Int32(name.dropLast(5)) else { continue }
      pids.append(pid)
    }
    return pids.sorted()
  }

  /// Whether a process `pid` exists (a socket whose app died stays behind).
  package static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}

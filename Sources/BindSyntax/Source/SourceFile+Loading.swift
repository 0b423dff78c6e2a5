import BindPlatform

/// Why a script file could not be turned into a `SourceFile`.
public enum SourceLoadError: Error, CustomStringConvertible {
  /// The file could not be read (missing, a folder, no permission), with
  /// the system's reason.
  case unreadable(path: String, reason: String)
  /// The file is not valid UTF-8: a located diagnostic.
  case invalidUTF8(InvalidUTF8Error)

  /// `cannot read 'PATH': REASON`, or the UTF-8 diagnostic's message.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
    case .invalidUTF8(let error): error.diagnostic.message
    }
  }
}

extension SourceFile {
  /// Reads the script at `path` and checks that it is UTF-8: the one way
  /// `run`, `check`, `test`, `import` and the REPL's `:load` load a file.
  ///
  /// `read` turns the path into bytes: the file system by default; the
  /// interpreter passes its own hook (the fuzzer forbids files) and the
  /// REPL expands `~`. The file keeps `path` as its name for diagnostics.
  public static func load(
    path: String, read: (String) throws -> [UInt8] = FileSystem.readBytes
  ) throws(SourceLoadError) -> SourceFile {
    let bytes: [UInt8]
    do {
      bytes = try read(path)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    do {
      return try SourceFile(path: path, bytes: bytes)
    } catch let error as InvalidUTF8Error {
      throw .invalidUTF8(error)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }
}

import Foundation
import XCTest

/// Runs the built `bindscript` executable and captures what it printed
/// (after argument-parser's `AssertExecuteCommand`).
struct CommandResult {
  let stdout: String
  let stderr: String
  let status: Int32
}

enum BindScriptBinary {
  /// `BINDSCRIPT_BIN`, or the debug build beside this package.
  static var path: String {
    if let path = ProcessInfo.processInfo.environment["BINDSCRIPT_BIN"] { return path }
    // Tests/EndToEnd/Swift/CommandRunner.swift: four levels below the package.
    var root = URL(fileURLWithPath: #filePath)
    for _ in 1...4 { root = root.deletingLastPathComponent() }
    return root.appendingPathComponent(".build/debug/bindscript").path
  }

  static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
    -> CommandResult
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    // Output goes to files, not pipes: a child that fills one pipe while we
    // drain the other would deadlock both.
    let folder = FileManager.default.temporaryDirectory
    let outURL = folder.appendingPathComponent("bindscript-out-\(UUID().uuidString)")
    let errURL = folder.appendingPathComponent("bindscript-err-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let input = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let out = try Data(contentsOf: outURL)
    let err = try Data(contentsOf: errURL)
    return CommandResult(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A temporary folder holding script files for one test.
final class ScriptFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("bindscript-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  func writeBytes(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }
}

import BindFuzzHarness
import CFuzzerDriver
import Foundation

/// libFuzzer's entry point: one client's message stream through the
/// language server (`LanguageServerFuzzHarness`). A crash or a hang is a
/// finding, and so is a server that no longer answers a well-formed request
/// after the stream: turned into a crash here, so that libFuzzer saves it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = count == 0 ? [] : Array(UnsafeRawBufferPointer(start: start, count: count))
  let problems = LanguageServerFuzzHarness.run(bytes: bytes).problems
  if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
  return 0
}

/// libFuzzer's hook for mutations of its own: edits, requests and broken
/// frames built from the session in the input, rather than random bytes
/// that would seldom stay a message.
@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
  guard let data else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let output = LanguageServerFuzzHarness.mutate(input, maxSize: maxSize, seed: seed) { bytes, limit in
    var buffer = bytes + [UInt8](repeating: 0, count: max(0, limit - bytes.count))
    let count = buffer.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, bytes.count, limit) }
    return Array(buffer.prefix(count))
  }
  let count = min(output.count, maxSize)
  if count > 0 { output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: count) } }
  return count
}

/// The program's `main` (see BindScriptFuzzer): hands over to libFuzzer's
/// driver on the harness's large stack. `--seeds FOLDER SCRIPT...` writes a
/// session opening each script into FOLDER instead (`make fuzz-lsp`).
@_cdecl("LanguageServerFuzzer_main")
public func fuzzerMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  let arguments = CommandLine.arguments
  if arguments.count >= 3, arguments[1] == "--seeds" {
    for script in arguments.dropFirst(3) {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else { continue }
      let session = LanguageServerFuzzHarness.openingSession(uri: "file://" + script, text: text)
      let name = arguments[2] + "/session-" + script.replacingOccurrences(of: "/", with: "_") + ".lsp"
      FileManager.default.createFile(atPath: name, contents: Data(session))
    }
    return 0
  }
  return FuzzHarness.runDriver {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) }
  }
}

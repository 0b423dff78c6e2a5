import BindFuzzHarness
import CFuzzerDriver

/// libFuzzer's entry point: one input through `FuzzHarness`.
///
/// Errors in the script are fine; a crash, a hang (libFuzzer's `-timeout`) or
/// a leak is not. Leaks that LeakSanitizer cannot see (an interpreter kept
/// alive by a reference cycle, graph nodes outliving the input, the shared
/// graph left inside a batch) are turned into a crash here, so that
/// libFuzzer saves the input.
///
/// A script whose types hold objects may build a reference cycle of its own
/// (`p.friend = p`): strong references are the language's semantics, so
/// what it allocates is hidden from LeakSanitizer and not judged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = count == 0 ? [] : Array(UnsafeRawBufferPointer(start: start, count: count))
  let outcome = FuzzHarness.run(bytes: bytes) { mayFormReferenceCycles, run in
    guard mayFormReferenceCycles else { return run() }
    bindscript_fuzz_ignore_leaks_begin()
    defer { bindscript_fuzz_ignore_leaks_end() }
    run()
  }
  let problems = outcome.problems
  if !problems.isEmpty {
    fatalError("leak after a \(outcome.stage.rawValue) input: \(problems.joined(separator: "; "))")
  }
  return 0
}

/// The program's `main`. SwiftPM links an executable target's entry point as
/// `main` under this name (`<module>_main`); with `-parse-as-library` the
/// module has none of its own, so this one hands over to libFuzzer's driver.
///
/// The driver runs on the harness's large stack, so that inputs run in place
/// rather than on a thread of their own: the leak hiding above applies to the
/// calling thread only, and the parser and evaluator need a few MiB at the
/// nesting limit, more under ASan.
@_cdecl("BindScriptFuzzer_main")
public func fuzzerMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  FuzzHarness.runDriver {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) }
  }
}

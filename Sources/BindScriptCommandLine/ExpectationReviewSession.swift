import BindPlatform
import BindTestRunner
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bindscript test --review` at the terminal: after a run, shows each
/// failing expectation as a diff and reads one key for it (accept, reject,
/// skip, quit), as `cargo insta review` does; then writes each file's
/// accepted changes in one atomic replace, unless the file changed on disk
/// since it ran.
///
/// Reject keeps the `#>` lines (the output is wrong: the script goes on
/// failing, as it should); skip leaves the decision for another review.
/// Neither writes anything.
struct ExpectationReviewSession {
  struct Summary {
    var accepted = 0
    var rejected = 0
    var skipped = 0
    /// Failures no proposal covers (errors, assertions, crashes) or files
    /// not reviewed: the run still fails after the review.
    var unresolved = 0
  }

  enum Choice { case accept, reject, skip, quit }

  let reporter: PlainReporter
  /// Reads the answer to one proposal.
  let ask: () -> Choice
  let write: (String) -> Void

  /// Reviews the failing results of a run.
  func review(_ results: [FileTestResult]) -> Summary {
    var summary = Summary()
    let failed = results.filter { $0.status == .failed }
    var quit = false
    for (index, result) in failed.enumerated() {
      if quit {
        summary.unresolved += failed.count - index
        break
      }
      quit = review(result, into: &summary)
    }
    write(
      "review: \(summary.accepted) accepted, \(summary.rejected) rejected, \(summary.skipped) skipped"
        + (summary.unresolved > 0 ? ", \(summary.unresolved) other failures left" : "") + "\n")
    return summary
  }

  /// Reviews one file; `true` when the user quit.
  private func review(_ result: FileTestResult, into summary: inout Summary) -> Bool {
    let path = result.path
    guard result.scriptDigest != nil else {
      // A crash or a timeout: no statement's output came back to review.
      write("\(path): did not finish (\(result.failures.first?.message ?? "no result")); nothing to review\n")
      summary.unresolved += 1
      return false
    }
    guard case .success(let script) = ScriptTestRunner.load(path: path), script.digest == result.scriptDigest else {
      write("\(path): changed on disk since it ran (or cannot be read); run 'bindscript test --review' again\n")
      summary.unresolved += 1
      return false
    }
    let review = ExpectationReview(script: script, failedSteps: result.steps)
    if review.proposals.count < result.failures.count { summary.unresolved += result.failures.count - review.proposals.count }
    var accepted: [Int] = []
    var quit = false
    for (index, proposal) in review.proposals.enumerated() {
      write("\n\(path):\(proposal.step.firstLine)\n")
      write("  | " + script.file.lineText(proposal.step.firstLine).drop { $0 == " " || $0 == "\t" } + "\n")
      for line in proposal.diff { write("  " + reporter.paintDiff(line) + "\n") }
      write("accept (a), reject (r), skip (s), quit (q)? ")
      let choice = ask()
      switch choice {
      case .accept: accepted.append(index); summary.accepted += 1; write("accepted\n")
      case .reject: summary.rejected += 1; write("rejected\n")
      case .skip: summary.skipped += 1; write("skipped\n")
      case .quit:
        summary.skipped += review.proposals.count - index
        write("quit\n")
        quit = true
      }
      if quit { break }
    }
    guard !accepted.isEmpty else { return quit }
    // Read again just before writing: an editor may have saved the file
    // while the user was deciding, and its change must not be lost.
    let now = (try? FileSystem.readBytes(path)).map(TestScript.digest(of:))
    guard now == result.scriptDigest else {
      write("\(path): changed on disk while you reviewed it; its \(accepted.count) accepted changes were not written; run the review again\n")
      summary.accepted -= accepted.count
      summary.unresolved += accepted.count
      return quit
    }
    do {
      try FileSystem.replaceContents(of: path, with: review.bytes(accepting: accepted))
      write("\(path): wrote \(accepted.count) accepted change\(accepted.count == 1 ? "" : "s")\n")
    } catch {
      write("\(path): cannot write the accepted changes: \(error)\n")
      summary.accepted -= accepted.count
      summary.unresolved += accepted.count
    }
    return quit
  }
}

/// One key at a time from the terminal, without echo or waiting for Enter.
enum ReviewKeys {
  /// Reads keys until one answers; Ctrl-C, Ctrl-D and the end of input quit.
  static func readChoice(from descriptor: Int32 = STDIN_FILENO) -> ExpectationReviewSession.Choice {
    var saved = termios()
    let isTerminal = tcgetattr(descriptor, &saved) == 0
    if isTerminal {
      var raw = saved
      // No line editing, echo or signals: Ctrl-C arrives as a key, so the
      // terminal is always put back.
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
      tcsetattr(descriptor, TCSANOW, &raw)
    }
    defer { if isTerminal { tcsetattr(descriptor, TCSANOW, &saved) } }
    while true {
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return .quit }
      switch byte {
      case UInt8(ascii: "a"), UInt8(ascii: "y"): return .accept
      case UInt8(ascii: "r"), UInt8(ascii: "n"): return .reject
      case UInt8(ascii: "s"), UInt8(ascii: " "): return .skip
      case UInt8(ascii: "q"), 3, 4: return .quit
      default: continue
      }
    }
  }
}

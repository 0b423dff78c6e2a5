import CLibEdit
import LineReading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading keys: libedit's own reader blocks in `read()`, so the reader
/// installs this one instead (`EL_GETCFN`). It waits for a key with `poll`,
/// beside the pipe the signal handlers wake it through, and meanwhile:
///
/// - follows the terminal's signals on this thread (resize, Ctrl-Z, the end
///   of the process; see `EditLineReader+TerminalSignals.swift`);
/// - with ``IdleWork``, waits no longer than the work's time, runs the
///   work, and draws the prompt and the line again below what the work
///   printed (`EL_REFRESH`), so typing goes on where it was.
extension EditLineReader {
  /// Reads one character for libedit, as its own reader does: a byte at a
  /// time, decoded under the locale's codeset.
  /// - Returns: 1 with a character, 0 at end of input, -1 on an error or a
  ///   Ctrl-C (with `errno` `EINTR`, which `readLine` reports as
  ///   `.interrupted`).
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    character.pointee = 0
    var bytes: [CChar] = []
    while true {
      // Only between characters: the rest of a multibyte one is on its way.
      if bytes.isEmpty {
        switch waitForKey() {
        case .key: break
        case .interrupted:
          errno = EINTR
          return -1
        case .endOfInput: return 0
        }
      }
      var byte: CChar = 0
      let count = posixRead(inputDescriptor, &byte, 1)
      if count == 0 { return 0 }
      if count < 0 {
        // A resumed job interrupts the read too; only Ctrl-C gives up the
        // line.
        if errno == EINTR && !SignalInterrupts.isPending { continue }
        return -1
      }
      bytes.append(byte)
      switch decode(&bytes, into: character) {
      case .character: return 1
      case .incomplete: continue
      case .invalid:
        errno = EILSEQ
        return -1
      }
    }
  }

  private enum Decoding { case character, incomplete, invalid }

  /// Decodes `bytes` as one character. An invalid sequence loses all but
  /// its last byte, which may start the next character (as libedit does).
  private func decode(_ bytes: inout [CChar], into character: UnsafeMutablePointer<wchar_t>) -> Decoding {
    while !bytes.isEmpty {
      var state = mbstate_t()
      switch mbrtowc(character, bytes, bytes.count, &state) {
      case -2:  // (size_t)-2: a valid start; more bytes to come
        return bytes.count < 16 ? .incomplete : .invalid
      case -1:  // (size_t)-1: not a character
        bytes = bytes.count > 1 ? [bytes[bytes.count - 1]] : []
      default:
        return .character
      }
    }
    return .incomplete
  }

  /// How a wait for a key ended.
  private enum KeyWait { case key, interrupted, endOfInput }

  /// Waits until a key can be read, following the terminal's signals and
  /// running the idle work each time it comes due (or its descriptor has
  /// input). Ends early on Ctrl-C, or when the work ends the input.
  private func waitForKey() -> KeyWait {
    var descriptors = [
      pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: bs_wake_descriptor(), events: Int16(POLLIN), revents: 0),
    ]
    if let descriptor = idleWork?.descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      if SignalInterrupts.isPending { return .interrupted }
      if handlesSignals { followTerminalSignals() }
      let wait = idleWork.flatMap { $0.timeUntilDue() }.map(Self.pollTimeout) ?? -1
      let ready = wait == 0 ? 0 : poll(&descriptors, nfds_t(descriptors.count), wait)
      if ready < 0 {
        if errno == EINTR { continue }  // a signal: Ctrl-C is checked above
        return .key  // an error for read() to report
      }
      if descriptors[1].revents != 0 {
        bs_wake_drain()  // then what woke it is looked at, above
        continue
      }
      if descriptors[0].revents != 0 { return .key }  // a key, or the end of input
      if let idleWork {
        runIdleWork(idleWork)
        if idleWork.endsInput() { return .endOfInput }
      }
    }
  }

  /// Milliseconds for `poll`, rounded up so the work is due when it ends.
  private static func pollTimeout(_ duration: Duration) -> Int32 {
    guard duration > .zero else { return 0 }
    let (seconds, attoseconds) = duration.components
    guard seconds < 1_000_000 else { return Int32.max }
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    return Int32((nanoseconds + 999_999) / 1_000_000)
  }

  /// Runs the work. Before its first output, the cursor leaves the line
  /// being edited: on an empty line the prompt is erased and its row
  /// reused; otherwise the cursor moves past the end of the line and down,
  /// leaving the line as it was drawn. After output, libedit draws the
  /// prompt and the line again below it.
  private func runIdleWork(_ work: IdleWork) {
    guard let editLine = openEditLine else { return }
    var began = false
    work.run {
      guard !began else { return }
      began = true
      let line = el_wline(editLine).pointee
      if line.buffer == line.lastchar {
        write("\r\u{1B}[K")
      } else {
        write(WideString.string(from: line.cursor, to: line.lastchar) + "\n")
      }
    }
    guard began else { return }
    fflush(stdout)
    fflush(output)
    _ = bs_el_refresh(editLine)
  }
}

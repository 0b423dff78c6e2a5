import BindScriptAttach
import BindSyntax
import LineEditor
import LineReading
import REPLCore

/// The REPL's side of `bindscript attach`: each entry and meta command
/// goes to the app's session, and what the session prints comes back and
/// is printed here as the REPL would print it. Files are the client's:
/// `:load` reads here, `:save` and `:graph FILE` write here, and their
/// names complete here.
///
/// While the prompt waits, what the app's own changes make the session's
/// observers print appears above the line being typed.
package final class AttachedREPL: REPLEvaluator {
  package let console: REPLConsole
  private let client: AttachClient
  /// The app's PID, to tell "it quit" from "it stopped its attach point".
  private let pid: Int32?
  /// Output that arrived while a Tab completion waited, shown at the prompt.
  private var held: [AttachMessage] = []
  package private(set) var hasEnded = false
  private lazy var files = FileNameCompleter()

  package init(client: AttachClient, pid: Int32?, console: REPLConsole) {
    self.client = client
    self.pid = pid
    self.console = console
  }

  /// Introduces this client; the app answers with its welcome.
  /// - Returns: the welcome, or the app's reason for refusing.
  package func handshake() -> Result<AttachMessage, UnixSocket.Failure> {
    var hello = AttachMessage(.hello)
    hello.useColor = console.useColor
    hello.useErrorColor = console.useErrorColor
    client.send(hello)
    guard let answer = client.next() else {
      return .failure(UnixSocket.Failure(message: client.endReason ?? "the app did not answer"))
    }
    switch answer.kind {
    case .welcome: return .success(answer)
    default: return .failure(UnixSocket.Failure(message: answer.text ?? "the app refused the session"))
    }
  }

  package var idleWork: IdleWork? {
    IdleWork(
      descriptor: client.descriptor,
      timeUntilDue: { [unowned self] in held.isEmpty && client.endReason == nil ? nil : .zero },
      run: { [unowned self] beginOutput in
        let arrived = held + client.takeArrived()
        held = []
        for message in arrived where message.kind == .output || message.kind == .errorOutput {
          beginOutput()
          show(message)
        }
        if client.endReason != nil {
          beginOutput()
          end()
        }
      },
      endsInput: { [unowned self] in hasEnded })
  }

  package func evaluate(_ parsed: ParseResult) {
    request(AttachMessage(.evaluate, text: parsed.file.text), answer: .done)
  }

  package func perform(_ line: String) -> Bool {
    switch MetaCommand.parse(line) {
    case .failure(let error):
      console.error(error.message)
    case .success(.quit):
      return false
    case .success(.load(let path)):
      guard let file = REPLSession.readScript(path, console: console) else { break }
      var load = AttachMessage(.load, text: file.text)
      load.path = path
      request(load, answer: .done)
    case .success(.save(let path)):
      guard let transcript = request(AttachMessage(.transcript), answer: .transcript) else { break }
      REPLSession.writeTranscript(transcript.text ?? "", statementCount: transcript.count ?? 0, to: path, console: console)
    case .success(.graph(let path?)):
      guard let graph = request(AttachMessage(.graph), answer: .graph) else { break }
      REPLSession.writeGraph(graph.text ?? "", to: path, console: console)
    case .success:
      request(AttachMessage(.perform, text: line), answer: .done)
    }
    return !hasEnded
  }

  /// Tab completion from the app's session; file names from this machine's
  /// current folder.
  package func complete(_ lineBeforeCursor: String) -> Completion {
    if case .path = CompletionWord.split(lineBeforeCursor).kind, !lineBeforeCursor.hasPrefix(":help") {
      let word = CompletionWord.split(lineBeforeCursor)
      return files.complete(word.directory + word.partial)
    }
    guard let answer = request(AttachMessage(.complete, text: lineBeforeCursor), answer: .completion, holdingOutput: true),
      let wire = answer.completion
    else { return .none }
    var completion = Completion(word: wire.word, candidates: wire.candidates, listedNames: wire.listedNames)
    completion.hint = wire.hint
    return completion
  }

  /// Sends `message` and waits for its answer of kind `answer`, printing
  /// what the session prints meanwhile (or holding it for the prompt,
  /// while a Tab completion waits in the middle of a line).
  /// - Returns: the answer; `nil` when the connection ended instead.
  @discardableResult
  private func request(_ message: AttachMessage, answer: AttachMessage.Kind, holdingOutput: Bool = false) -> AttachMessage? {
    client.send(message)
    while let received = client.next() {
      switch received.kind {
      case answer:
        return received
      case .output, .errorOutput:
        if holdingOutput { held.append(received) } else { show(received) }
      case .malformed:
        console.error("the app did not understand the request: \(received.text ?? "")")
      default:
        continue
      }
    }
    end()
    return nil
  }

  private func show(_ message: AttachMessage) {
    if message.kind == .output {
      console.write(message.text ?? "")
    } else {
      console.writeError(message.text ?? "")
    }
  }

  /// Says why the session ended, once.
  private func end() {
    guard !hasEnded else { return }
    hasEnded = true
    var reason = client.endReason ?? "the connection ended"
    if let pid, !AttachAddress.isRunning(pid) { reason = "the app (PID \(pid)) has exited" }
    console.line(console.paint("detached: \(reason)", ANSI.dim))
  }
}

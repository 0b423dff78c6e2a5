import BindLanguage
import BindRuntime
import BindScriptTesting
import MainActorViewModels
import Testing

/// A `@MainActor` feed as apps write them, with the two kinds of work a
/// test can leave behind unseen: a main-actor task that `reload()` starts
/// and that has not run when the script ends, and a task that `listen()`
/// starts to await pushes that nothing sends.
@MainActor
final class FeedModel {
  @Observed var status = "idle"
  @Observed var items: [String] = []
  private var pushes: AsyncStream<String>.Continuation?

  func reload() {
    Task { @MainActor in self.items = ["news"] }
  }

  func listen() {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    pushes = continuation
    Task { @MainActor in
      for await item in stream { self.items.append(item) }
    }
  }

  func push(_ item: String) { pushes?.yield(item) }

  func stopListening() { pushes?.finish() }

  func submit() async {
    status = "sending"
    await Task.yield()
    status = "sent"
    items.append("draft")
  }

  static func register(in interpreter: Interpreter) throws {
    try interpreter.register(FeedModel.self, as: "Feed") { type in
      type.property("status", \.$status)
      type.property("items", \.$items)
      type.method("reload()") { (feed: FeedModel) in feed.reload() }
      type.method("listen()") { (feed: FeedModel) in feed.listen() }
      type.method("push(_:)") { (feed: FeedModel, item: String) in feed.push(item) }
      type.method("stopListening()") { (feed: FeedModel) in feed.stopListening() }
      type.method("submit()") { (feed: FeedModel) async in await feed.submit() }
      type.constructor { FeedModel() }
    }
  }
}

/// `strict: true` fails a script that ends with Swift tasks still running,
/// whatever they wait for, each named by the statement that started it and
/// the Swift method; and a script that never checks what an awaited call
/// changed. Never by hanging: a task that never ends is reported, not awaited.
@MainActor
@Suite struct StrictScriptTests {
  func configure(_ interpreter: Interpreter) throws { try FeedModel.register(in: interpreter) }

  @Test func aMainActorTaskNotYetRunFailsTheScript() async {
    let result = await ScriptTest.run(file: "strict.bind", source: "let feed = Feed()\nfeed.reload()\n", strict: true, configure: configure)
    #expect(result.failures.map(\.kind) == [.pending])
    #expect(result.failures.first?.details == [
      "1 Swift task started during 'feed.reload()' at strict.bind:2:1 by FeedModel.reload() has not finished: it waits to "
        + "run ('wait' runs it) or for something other than the script's clock, such as a continuation or a stream nothing resumes"
    ])
    let waited = await ScriptTest.run(file: "strict.bind", source: "let feed = Feed()\nfeed.reload()\nwait\nfeed.items\n#> [\"news\"]\n", strict: true, configure: configure)
    #expect(waited.passed, "\(waited.failures)")
  }

  @Test func aTaskAwaitingAStreamNothingFeedsFailsTheScript() async {
    let result = await ScriptTest.run(file: "strict.bind", source: "let feed = Feed()\nfeed.listen()\nwait 1s\nfeed.push(\"a\")\nwait\nfeed.items\n#> [\"a\"]\n", strict: true, configure: configure)
    #expect(result.failures.map(\.kind) == [.pending])
    #expect(result.failures.first?.details.first?.hasPrefix(
      "1 Swift task started during 'feed.listen()' at strict.bind:2:1 by FeedModel.listen() has not finished") == true)
    let finished = await ScriptTest.run(file: "strict.bind", source: "let feed = Feed()\nfeed.listen()\nfeed.stopListening()\nwait\n", strict: true, configure: configure)
    #expect(finished.passed, "\(finished.failures)")
  }

  @Test func anAwaitedCallsChangesNobodyChecksFailTheScript() async {
    let result = await ScriptTest.run(
      file: "strict.bind", source: "let feed = Feed()\nawait feed.submit()\nfeed.status\n#> \"sent\"\n", strict: true,
      configure: configure)
    #expect(result.failures.map(\.kind) == [.unchecked])
    #expect(result.failures.map(\.line) == [2])
    #expect(result.failures.map(\.message) == [
      "'feed.items' changed during 'await feed.submit()' at strict.bind:2:7 and nothing checked it (--strict); "
        + "'observe feed' before the call, or state 'feed.items' with a '#>' line after it"
    ])
  }

  @Test func anObserverOrALaterReadChecksAnAwaitedCallsChanges() async {
    let observed = await ScriptTest.run(
      file: "observed.bind", source: """
        let feed = Feed()
        observe feed
        await feed.submit()
        #> feed.status: "idle" -> "sending"
        #> feed.status: "sending" -> "sent"
        #> feed.items: [] -> ["draft"]
        """, strict: true, configure: configure)
    #expect(observed.passed, "\(observed.failures)")
    let read = await ScriptTest.run(
      file: "read.bind", source: """
        let feed = Feed()
        observe feed.status
        await feed.submit()
        #> feed.status: "idle" -> "sending"
        #> feed.status: "sending" -> "sent"
        assert(feed.items == ["draft"])
        """, strict: true, configure: configure)
    #expect(read.passed, "\(read.failures)")
    let lenient = await ScriptTest.run(
      file: "lenient.bind", source: "let feed = Feed()\nawait feed.submit()\n", configure: configure)
    #expect(lenient.passed, "\(lenient.failures)")
  }
}

// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

/// Where there is no Combine.
let openCombinePlatforms = TargetDependencyCondition.when(platforms: [Platform.linux, .windows, .android, .wasi, .openbsd])

let package = Package(
  name: "BindScript",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "BindRuntime", targets: ["BindRuntime"]),
    .library(name: "BindSyntax", targets: ["BindSyntax"]),
    .library(name: "BindLanguage", targets: ["BindLanguage"]),
    .library(name: "LineEditor", targets: ["LineEditor"]),
    .library(name: "REPLCore", targets: ["REPLCore"]),
    .library(name: "BindScriptTesting", targets: ["BindScriptTesting"]),
    // ObservableObject/@Published models; only apps that use it build it.
    .library(name: "BindScriptCombine", targets: ["BindScriptCombine"]),
    // For the libFuzzer package in Fuzz/, which builds with its own flags.
    .library(name: "BindFuzzHarness", targets: ["BindFuzzHarness"]),
    // The command line as a library: an app's own executable calls
    // `BindScriptApp.main(configure:)` to get it over the app's types.
    .library(name: "BindScriptCommandLine", targets: ["BindScriptCommandLine"]),
    .executable(name: "bindscript", targets: ["BindScriptCLI"]),
    // The attach point: an app's debug build starts it
    // (`BindScriptAttach.start(configure:expose:)`), and `bindscript attach`
    // opens the REPL inside the running app.
    .library(name: "BindScriptAttach", targets: ["BindScriptAttach"]),
    // `@Scriptable`: registration written by a macro. Only apps that use it
    // build swift-syntax.
    .library(name: "BindScriptable", targets: ["BindScriptable"]),
  ],
  traits: [
    // `bindscript mcp`'s server, on unless turned off. `make release` turns
    // it off: swift-sdk's MCP library imports FoundationNetworking, whose
    // static library needs libcurl's, and Debian has no libcurl that links
    // into a static executable (its dependencies, Kerberos among them,
    // ship shared only). `make mcp` builds a dynamically linked command
    // with it.
    .trait(
      name: "AssistantServer",
      description: "The Model Context Protocol server of `bindscript mcp` (swift-sdk's MCP library)."),
    .default(enabledTraits: ["AssistantServer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (make docs): a build-time plugin only.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Combine where the platform has none: for BindScriptCombine only.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    // `@Scriptable` (BindScriptMacros) and its expansion tests only: nothing
    // the `bindscript` executable builds may depend on them.
    // 602 or 603 (each swift-syntax release is a major version, so `from:`
    // would stop at 602.x): with a Swift 6.3 compiler a 602 plugin prints
    // "Internal Error: DecodingError" on every compile; 603 does not.
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    // `bindscript mcp`: the Model Context Protocol's JSON-RPC, lifecycle and
    // stdio transport. Its MCP library brings swift-log and swift-system
    // (about 30 s of CPU in a clean debug build); its manifest's
    // swift-docc-plugin `branch: "main"` serves only its own docs and is
    // not resolved for a package that uses the library alone.
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    // Named for its `Logger` type only, which an MCP transport declares; the
    // SDK brings it anyway.
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    // libc, a large-stack thread and file reading: the one place the layers
    // above reach the operating system through, so the syntax layer needs
    // no runtime to get them.
    .target(name: "BindPlatform", dependencies: ["CPlatform"]),
    // The system calls BindPlatform needs that Swift cannot call: variadic
    // (prctl) or GNU extensions (pthread_getattr_np, mkostemp).
    .target(name: "CPlatform"),
    // The reactive runtime: knows nothing of the language.
    .target(name: "BindRuntime", dependencies: ["CTaskHooks"]),
    // The concurrency runtime's enqueue hooks, declared with the Swift
    // calling convention they have, for capturing host tasks (TaskCapture).
    // It calls libdispatch's main-queue drain by name: linked here, so that an
    // app depending on BindRuntime alone links (libdispatch otherwise comes
    // in only with Foundation or Dispatch).
    .target(name: "CTaskHooks", linkerSettings: [.linkedLibrary("dispatch", .when(platforms: [.linux]))]),
    // Source files, lexer, parser, AST and diagnostics: text in, a checked
    // tree or located errors out. Never imports the runtime.
    .target(name: "BindSyntax", dependencies: ["BindPlatform"]),
    // The interpreter (Compile/, Runtime/) and the embedding bridge
    // (Embedding/): runs a parsed program against the reactive runtime.
    .target(name: "BindLanguage", dependencies: ["BindPlatform", "BindSyntax", "BindRuntime"]),
    // The test-script engine behind `bindscript test`: expectations, runner,
    // transcript, diff, --update, reporters, discovery.
    .target(name: "BindTestRunner", dependencies: ["BindPlatform", "BindSyntax", "BindLanguage"]),
    // What one fuzz input does (a script; a language server session);
    // shared by the libFuzzer targets (Fuzz/) and the corpus replay in
    // `swift test`.
    .target(
      name: "BindFuzzHarness",
      dependencies: ["BindPlatform", "BindSyntax", "BindLanguage", "BindRuntime", "BindFormatter", "BindLanguageServer"],
      path: "Fuzz/Harness"),
    // Runs .bind scripts from a host app's XCTest or Swift Testing suite.
    .target(name: "BindScriptTesting", dependencies: ["BindPlatform", "BindSyntax", "BindLanguage", "BindTestRunner"]),
    // ObservableObject/@Published models in scripts: Combine on Apple
    // platforms, OpenCombine elsewhere. Nothing else in the package may
    // depend on it, so that only the apps that use it build OpenCombine.
    .target(
      name: "BindScriptCombine",
      dependencies: ["BindRuntime", "BindLanguage", .product(name: "OpenCombine", package: "OpenCombine", condition: openCombinePlatforms)]),
    // Fixed-argument C wrappers over libedit's variadic el_set/history.
    .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("edit")]),
    // The line-reading protocol and Tab completion's vocabulary, with no
    // line editor: what the REPL's core needs, so that an app linking the
    // attach point does not link libedit.
    .target(name: "LineReading"),
    // The libedit and plain-stdin implementations of LineReading's protocol.
    .target(name: "LineEditor", dependencies: ["BindPlatform", "CLibEdit", "LineReading"]),
    // The REPL's terminal-free logic: input accumulation, meta commands,
    // completion and the loop over a LineReader, so tests can reach it.
    .target(name: "REPLCore", dependencies: ["BindPlatform", "BindSyntax", "BindLanguage", "BindTestRunner", "LineReading"]),
    // glibc's mallopt, for the command's allocator settings (<malloc.h> is
    // not in Swift's Glibc module).
    .target(name: "CAllocator"),
    // The command line: one file per subcommand, a thin shell over the
    // layers below; the test worker pool and its wire format. A library, so
    // that an app's executable can run it over its own types.
    .target(
      name: "BindScriptCommandLine",
      dependencies: [
        "BindPlatform", "BindSyntax", "BindRuntime", "BindLanguage", "BindTestRunner",
        "LineReading", "LineEditor", "REPLCore", "CAllocator", "BindFormatter", "BindLanguageServer",
        "BindScriptAttachClient", .target(name: "BindScriptMCP", condition: .when(traits: ["AssistantServer"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The attach point inside an app (a Unix socket, a thread that reads it,
    // each client's REPL session run on the main queue) and the wire format
    // it shares with the client. No line editor: an app's debug build links
    // it without libedit.
    .target(name: "BindScriptAttach", dependencies: ["CPlatform", "BindSyntax", "BindLanguage", "REPLCore", "LineReading"]),
    // The client side `bindscript attach` and `bindscript mcp --attach` use:
    // the connection and the REPL evaluator that forwards to it.
    .target(name: "BindScriptAttachClient", dependencies: ["BindScriptAttach", "REPLCore", "LineReading", "LineEditor"]),
    // `bindscript mcp`: a Model Context Protocol server over stdio whose tools
    // (run, types, graph, pending, test, reset) print what the REPL would,
    // over a session of its own or an attached app's (BindScriptAttach).
    .target(
      name: "BindScriptMCP",
      dependencies: [
        "BindSyntax", "BindLanguage", "REPLCore", "LineReading", "LineEditor", "BindScriptAttach",
        .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
      ]),
    // `bindscript fmt`: the canonical layout, a pass over tokens and comments.
    .target(name: "BindFormatter", dependencies: ["BindSyntax"]),
    // `bindscript lsp`: a Language Server Protocol server over stdio
    // (diagnostics from the checker, completion, hover, definitions,
    // symbols, formatting). Analysis only: it never runs a script.
    .target(name: "BindLanguageServer", dependencies: ["BindPlatform", "BindSyntax", "BindLanguage", "BindFormatter"]),
    // The `bindscript` executable: `BindScriptApp.main()`.
    .executableTarget(name: "BindScriptCLI", dependencies: ["BindScriptCommandLine"]),
    // The compiler plugin behind `@Scriptable`: reads a class's members and
    // writes its `HostTypeBuilder` registration. Runs at compile time only.
    .macro(
      name: "BindScriptMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]),
    // `@Scriptable`, `@ScriptIgnored`, `@ScriptName` and `ScriptableType`.
    .target(name: "BindScriptable", dependencies: ["BindLanguage", "BindScriptMacros"]),
    // The embedding example: Swift view-models registered with the
    // interpreter, a host executable, and the scripts that drive them.
    .target(name: "ExampleViewModels", dependencies: ["BindRuntime", "BindLanguage", "BindScriptable"], path: "Sources/Examples/ExampleViewModels"),
    // An ObservableObject/@Published model: the one example target that
    // depends on BindScriptCombine (and so on OpenCombine off Apple platforms).
    .target(
      name: "ExampleCombineModels",
      dependencies: [
        "BindLanguage", "BindScriptCombine", "BindScriptable",
        .product(name: "OpenCombine", package: "OpenCombine", condition: openCombinePlatforms),
      ],
      path: "Sources/Examples/ExampleCombineModels"),
    // Runs the example scripts against the view-models, once or N times
    // over (the 1,000-run loop of the debounced search: `make examples-soak`).
    .executableTarget(
      name: "BindScriptExample",
      dependencies: ["ExampleViewModels", "ExampleCombineModels", "BindLanguage", "BindSyntax", "BindScriptTesting", "BindScriptAttach"],
      path: "Sources/Examples/BindScriptExample"),
    // An app's own command: `bindscript`'s command line over the example
    // view-models (BindScriptApp.main with a configure closure).
    .executableTarget(
      name: "ExampleCommand", dependencies: ["ExampleViewModels", "ExampleCombineModels", "BindScriptCommandLine"],
      path: "Sources/Examples/ExampleCommand"),
    // View-models as a Swift 6 app writes them: @MainActor, with tasks of
    // their own that sleep on the injected clock (a debounce, a banner that
    // hides itself), and a getter that checks it runs on the main queue.
    .target(
      name: "MainActorViewModels", dependencies: ["BindRuntime", "BindLanguage", "BindScriptable"],
      path: "Sources/Examples/MainActorViewModels", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The same for a Swift 6 app whose view-models are @MainActor.
    .executableTarget(
      name: "MainActorExampleCommand", dependencies: ["BindRuntime", "BindLanguage", "BindScriptCommandLine", "MainActorViewModels"],
      path: "Sources/Examples/MainActorExampleCommand", swiftSettings: [.swiftLanguageMode(.v6)]),
    // What the async test helper costs next to the app's command, over the
    // main-actor examples (`make bench-helper`).
    .executableTarget(
      name: "MainActorExampleBench", dependencies: ["MainActorViewModels", "BindLanguage", "BindScriptTesting"],
      path: "Sources/Examples/MainActorExampleBench", swiftSettings: [.swiftLanguageMode(.v6)]),
    // One test target per module, then the end-to-end tests, which run the
    // built executable (the Python ones beside them drive it in a terminal).
    .testTarget(name: "BindPlatformTests", dependencies: ["BindPlatform"]),
    .testTarget(name: "BindRuntimeTests", dependencies: ["BindRuntime"]),
    .testTarget(name: "BindSyntaxTests", dependencies: ["BindSyntax"]),
    .testTarget(name: "BindLanguageTests", dependencies: ["BindPlatform", "BindSyntax", "BindRuntime", "BindLanguage"]),
    .testTarget(name: "BindTestRunnerTests", dependencies: ["BindPlatform", "BindSyntax", "BindRuntime", "BindLanguage", "BindTestRunner"]),
    .testTarget(name: "BindFuzzHarnessTests", dependencies: ["BindSyntax", "BindFuzzHarness", "BindLanguageServer"]),
    .testTarget(name: "BindScriptTestingTests", dependencies: ["BindScriptTesting", "BindPlatform", "BindSyntax", "BindLanguage"]),
    .testTarget(
      name: "BindScriptCombineTests",
      dependencies: [
        "BindScriptCombine", "BindRuntime", "BindLanguage",
        .product(name: "OpenCombine", package: "OpenCombine", condition: openCombinePlatforms),
      ]),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "LineReading"]),
    .testTarget(name: "BindFormatterTests", dependencies: ["BindFormatter", "BindSyntax"]),
    .testTarget(name: "BindLanguageServerTests", dependencies: ["BindLanguageServer", "BindSyntax", "BindLanguage"]),
    .testTarget(
      name: "REPLCoreTests", dependencies: ["REPLCore", "BindSyntax", "BindRuntime", "BindLanguage", "BindTestRunner", "LineReading", "LineEditor"]),
    .testTarget(name: "BindScriptCommandLineTests", dependencies: ["BindScriptCommandLine", "BindTestRunner"]),
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["ExampleViewModels", "ExampleCombineModels", "BindScriptTesting", "BindPlatform", "BindSyntax", "BindLanguage", "BindRuntime"]),
    // The testing helper from a Swift 6 language-mode suite: @MainActor
    // view-models and @MainActor XCTest and Swift Testing tests.
    .testTarget(
      name: "BindScriptTestingSwift6Tests",
      dependencies: ["BindScriptTesting", "BindSyntax", "BindLanguage", "BindRuntime", "BindScriptCommandLine"],
      exclude: ["Scripts"], swiftSettings: [.swiftLanguageMode(.v6)]),
    // The main-actor examples' scripts through `await expectScript` and
    // `await assertScript`, and the same scripts many times over, in
    // parallel suites.
    .testTarget(
      name: "MainActorExamplesTests",
      dependencies: ["MainActorViewModels", "BindScriptTesting", "BindLanguage", "BindRuntime"],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    // The macro's expansions (swift-macro-testing) beside the behaviour of
    // the expanded code against scripts.
    .testTarget(
      name: "BindScriptableTests",
      dependencies: [
        "BindScriptable", "BindScriptMacros", "BindLanguage", "BindSyntax", "BindRuntime",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(name: "EndToEndTests", dependencies: [], path: "Tests/EndToEnd/Swift"),
  ],
  swiftLanguageModes: [.v5]
)

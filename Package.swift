// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "BindScript",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "BindRuntime", targets: ["BindRuntime"]),
    .library(name: "BindLanguage", targets: ["BindLanguage"]),
    .library(name: "LineEditor", targets: ["LineEditor"]),
    .library(name: "BindScriptTesting", targets: ["BindScriptTesting"]),
    .executable(name: "bindscript", targets: ["BindScriptCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (make docs): a build-time plugin only.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The reactive runtime: knows nothing of the language.
    .target(name: "BindRuntime"),
    // Lexer, parser, diagnostics and interpreter, over the runtime.
    .target(name: "BindLanguage", dependencies: ["BindRuntime"]),
    // Runs .bind scripts from a host app's XCTest or Swift Testing suite.
    .target(name: "BindScriptTesting", dependencies: ["BindLanguage"]),
    // Fixed-argument C wrappers over libedit's variadic el_set/history.
    .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("edit")]),
    // A line-reading protocol, with a libedit and a plain-stdin implementation.
    .target(name: "LineEditor", dependencies: ["CLibEdit"]),
    // The REPL's terminal-free logic: input accumulation, meta commands,
    // completion and the loop over a LineReader, so tests can reach it.
    .target(name: "REPLCore", dependencies: ["BindLanguage", "LineEditor"]),
    // glibc's mallopt, for the command's allocator settings (<malloc.h> is
    // not in Swift's Glibc module).
    .target(name: "CAllocator"),
    // The `bindscript` command: a thin shell over the language and the line editor.
    .executableTarget(
      name: "BindScriptCLI",
      dependencies: [
        "BindLanguage", "LineEditor", "REPLCore", "CAllocator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The embedding example: Swift view-models registered with the
    // interpreter, a host executable, and the scripts that drive them.
    .target(name: "ExampleViewModels", dependencies: ["BindRuntime", "BindLanguage"], path: "Sources/Examples/ExampleViewModels"),
    .executableTarget(
      name: "BindScriptExample", dependencies: ["ExampleViewModels", "BindScriptTesting"],
      path: "Sources/Examples/BindScriptExample"),
    .testTarget(name: "BindRuntimeTests", dependencies: ["BindRuntime"]),
    .testTarget(name: "BindLanguageTests", dependencies: ["BindLanguage"]),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
    .testTarget(name: "EndToEndTests", dependencies: []),
    .testTarget(name: "BindScriptTestingTests", dependencies: ["BindScriptTesting"]),
    .testTarget(name: "REPLTests", dependencies: ["REPLCore", "BindLanguage", "LineEditor"]),
    .testTarget(name: "ExamplesTests", dependencies: ["ExampleViewModels", "BindScriptTesting"]),
  ],
  swiftLanguageModes: [.v5]
)

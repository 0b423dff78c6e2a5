// swift-tools-version:6.0
// The libFuzzer targets over BindScript's parser and interpreter and over its
// language server, kept in a package of its own so that `-sanitize=fuzzer`
// builds never touch the main package's build folder or products. Built and
// run by `make fuzz` at the top level. What one input does is FuzzHarness and
// LanguageServerFuzzHarness (Harness/, beside this file), a target of the main
// package so that `swift test` replays the corpora with them.
import PackageDescription

let package = Package(
  name: "BindScriptFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "BindScript", path: ".."),
  ],
  targets: [
    // Declares libFuzzer's LLVMFuzzerRunDriver for Swift.
    .target(name: "CFuzzerDriver"),
    .executableTarget(
      name: "BindScriptFuzzer",
      dependencies: [
        .product(name: "BindFuzzHarness", package: "BindScript"),
        "CFuzzerDriver",
      ]
    ),
    // The language server over message streams (`make fuzz-lsp`).
    .executableTarget(
      name: "LanguageServerFuzzer",
      dependencies: [
        .product(name: "BindFuzzHarness", package: "BindScript"),
        "CFuzzerDriver",
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)

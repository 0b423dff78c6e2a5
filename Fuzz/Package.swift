// swift-tools-version:6.0
// The libFuzzer target over BindScript's parser and interpreter, kept in a
// package of its own so that `-sanitize=fuzzer` builds never touch the main
// package's build folder or products. Built and run by `make fuzz` at the top
// level. What one input does is FuzzHarness (Harness/, beside this file), a
// target of the main package so that `swift test` replays the corpus with it.
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
  ],
  swiftLanguageModes: [.v5]
)

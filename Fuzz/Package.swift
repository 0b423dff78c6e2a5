// swift-tools-version:6.0
// The libFuzzer target over BindLanguage's parser and interpreter, kept in a
// package of its own so that `-sanitize=fuzzer` builds never touch the main
// package's build folder or products. Built and run by `make fuzz` at the top
// level; see FuzzHarness (Sources/BindLanguage/Testing) for what one input does.
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
        .product(name: "BindLanguage", package: "BindScript"),
        .product(name: "BindRuntime", package: "BindScript"),
        "CFuzzerDriver",
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)

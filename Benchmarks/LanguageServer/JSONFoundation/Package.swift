// swift-tools-version:6.0
// The language server's JSON reader and writer (BindLanguageServer/Protocol/
// JSON.swift, linked here, not copied) against the same `JSON` values read
// and written by Foundation's JSONSerialization and by Codable: what
// `run.sh` measures before the server could switch (issue 32, item 4).
// A package of its own, with no dependencies, so that its release build
// takes seconds.
import PackageDescription

let package = Package(
  name: "JSONFoundation",
  targets: [.executableTarget(name: "JSONBench", swiftSettings: [.swiftLanguageMode(.v5)])]
)

// swift-tools-version:6.0
// The benchmarks live in their own package so that their dependencies
// (OpenCombine, the comparison code) never reach BindScript's products.
import PackageDescription

let package = Package(
  name: "BindScriptBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "BindScript", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    // Timing, medians, memory readings and the markdown table: shared by every section.
    .target(name: "BenchSupport", dependencies: ["CHeapUsage"]),
    // glibc's mallinfo2(), which Swift's Glibc module does not export.
    .target(name: "CHeapUsage"),
    // The runtime section: BindRuntime against a hand-written baseline,
    // OpenCombine and the Observation framework.
    .target(
      name: "RuntimeBenchmarks",
      dependencies: [
        "BenchSupport",
        .product(name: "BindRuntime", package: "BindScript"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // The embedding section: a host property through the bridge against the
    // same statement on a script-declared type.
    .target(
      name: "EmbeddingBenchmarks",
      dependencies: [
        "BenchSupport",
        .product(name: "BindLanguage", package: "BindScript"),
        .product(name: "BindRuntime", package: "BindScript"),
        .product(name: "BindScriptable", package: "BindScript"),
        .product(name: "BindSyntax", package: "BindScript"),
      ]
    ),
    // The time section: the Scheduler against a plain binary heap, and a
    // debounced binding against a plain one.
    .target(
      name: "TimeBenchmarks",
      dependencies: [
        "BenchSupport",
        .product(name: "BindRuntime", package: "BindScript"),
      ]
    ),
    // The pictures section: writing the DOT of a 10,000-node graph.
    .target(
      name: "GraphBenchmarks",
      dependencies: [
        "BenchSupport",
        .product(name: "BindLanguage", package: "BindScript"),
        .product(name: "BindRuntime", package: "BindScript"),
        .product(name: "BindSyntax", package: "BindScript"),
      ]
    ),
    // The one command: `swift run -c release BindBench` runs every section.
    // A language section (interpreter loops against Lua and Python) goes
    // beside RuntimeBenchmarks as its own target and is listed in main.swift.
    .executableTarget(
      name: "BindBench", dependencies: ["BenchSupport", "RuntimeBenchmarks", "EmbeddingBenchmarks", "TimeBenchmarks", "GraphBenchmarks"]),
  ],
  swiftLanguageModes: [.v5]
)

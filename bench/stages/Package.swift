// swift-tools-version:6.1
// Microbenchmarks of notesite's hot stages (ordo-one/benchmark), kept in their own package so that building and
// testing notesite never builds the benchmark harness. Run: `make bench-stages` (or `swift package benchmark` here).
import PackageDescription

let package = Package(
    name: "notesite-stage-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "notesite", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Stages",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NotesiteKit", package: "notesite"),
            ],
            path: "Benchmarks/Stages",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

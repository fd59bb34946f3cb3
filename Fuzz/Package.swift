// swift-tools-version:6.1
// A libFuzzer harness over notesite's note path (front matter, Markdown, heading ids, symbol extraction), kept in
// its own package so that building and testing notesite never builds it. Run: `make fuzz` from the repository root.
//
// The harness has no `main`: libFuzzer supplies it. Build it only as the Makefile does:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "notesite-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "notesite", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "NotesiteFuzz",
            dependencies: [.product(name: "NotesiteKit", package: "notesite")],
            // `@_extern(c)` declares libFuzzer's driver entry with C's calling convention.
            swiftSettings: [.enableExperimentalFeature("Extern")]
        ),
    ]
)

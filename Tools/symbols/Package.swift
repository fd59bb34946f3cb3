// swift-tools-version:6.0
// The generator of Content/data/sdk-symbols.tsv, kept in its own package: notesite, its tests and CI never build it,
// and it needs an iOS SDK that only the person regenerating the list has. Run it with `make symbols` from the
// repository root; Tools/symbols/README.md says where each input comes from.
import PackageDescription

let package = Package(
    name: "notesite-symbols",
    platforms: [.macOS(.v13)],
    targets: [
        .executableTarget(name: "generate-symbols"),
        // The parts that need no SDK: USRs, the Swift 2 dumps' syntax, name matching, API notes, the file's format.
        .testTarget(name: "GenerateSymbolsTests", dependencies: ["generate-symbols"]),
    ]
)

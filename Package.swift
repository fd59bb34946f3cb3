// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "notesite",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notesite", targets: ["notesite"]),
        .library(name: "NotesiteKit", targets: ["NotesiteKit"]),
    ],
    traits: [
        .trait(name: "Mimalloc", description: "Link Debian's mimalloc (libmimalloc-dev) into notesite on Linux. Build without it: swift build --disable-default-traits."),
        .default(enabledTraits: ["Mimalloc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Debian's cmark-gfm (libcmark-gfm-dev, libcmark-gfm-extensions-dev). Only NotesiteMarkdown imports it.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Markdown → immutable Swift tree with source ranges. The C boundary ends here.
        .target(name: "NotesiteMarkdown", dependencies: ["CCmarkGFM"]),
        // The pipeline: load → parse → index → resolve → render → write.
        .target(
            name: "NotesiteKit",
            dependencies: [
                "NotesiteMarkdown",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The default templates and assets (Templates/) compiled into NotesiteKit: the plugin runs the tool at each
        // build (see Plugins/EmbedTemplates for why not a committed file).
        .executableTarget(name: "EmbedTemplatesTool"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedTemplatesTool"]),
        // `notesite serve`: the preview server (Hummingbird), the file watcher and live reload.
        .target(
            name: "NotesiteServe",
            dependencies: [
                "NotesiteKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // A thin command line over NotesiteKit. On Linux it links mimalloc (Debian's libmimalloc-dev; the default
        // trait Mimalloc), which then serves every malloc of the process: with glibc's allocator, malloc and free
        // were a large share of a build's CPU time (docs/performance.md).
        .executableTarget(
            name: "notesite",
            dependencies: [
                "NotesiteKit",
                "NotesiteServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux], traits: ["Mimalloc"]))]
        ),
        // What more than one test target uses: a raw-socket HTTP client and a thrown test failure.
        .target(name: "NotesiteTestSupport", path: "Tests/NotesiteTestSupport"),
        .testTarget(name: "NotesiteMarkdownTests", dependencies: ["NotesiteMarkdown"]),
        // SwiftIDEUtils only to hold notesite's own Swift colouring to swift-syntax's classifier; PropertyBased to
        // hold the front matter's fast path to the YAML reader on generated front matter.
        .testTarget(
            name: "NotesiteKitTests",
            dependencies: [
                "NotesiteKit", "NotesiteTestSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIDEUtils", package: "swift-syntax"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "NotesiteServeTests", dependencies: ["NotesiteServe", "NotesiteTestSupport"]),
        // Yams to read the sample deployment workflow whose commands the tests run.
        .testTarget(
            name: "NotesiteCLITests",
            dependencies: ["notesite", "NotesiteTestSupport", .product(name: "Yams", package: "Yams")]
        ),
    ]
)

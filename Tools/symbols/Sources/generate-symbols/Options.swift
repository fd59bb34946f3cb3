import Foundation

/// The command line. Only Foundation is used, so that the generator builds with nothing but a Swift toolchain.
struct Options {
    var sdk: URL?
    var resourceDir: URL?
    var swift2: URL?
    var moduleCache: URL?
    var work = URL(fileURLWithPath: ".build/sdk-symbols")
    var output = URL(fileURLWithPath: "Content/data/sdk-symbols.tsv")
    var toolchain: URL?
    var reuseGraphs = false
    var swiftUI = true
    var selfCheck = false

    static let help = """
        USAGE: generate-symbols --sdk <dir> --resource-dir <dir> --swift2 <dir> [options]

        Writes notesite's SDK symbol list (Content/data/sdk-symbols.tsv) from an iOS SDK's symbol graphs, the API
        notes of that SDK, and the Swift 2 interface dumps of the iOS 9 SDK. Tools/symbols/README.md says how to get
        each input; `make symbols` passes them from the variables SDK, RESOURCE_DIR and SWIFT2.

        REQUIRED:
          --sdk <dir>           iPhoneOS16.5.sdk from github.com/theos/sdks, commit 4af4cb1d02b6b8c6046db70851f70ca186b8bd73
                                (its SDKSettings.json says iOS 16.4). Symbol graphs and API notes are read from it.
          --resource-dir <dir>  A Swift resource directory that lets a Linux toolchain import the SDK: links to the
                                toolchain's lib/swift/{clang,shims,host,migrator} and an apinotes/ folder with
                                Dispatch.apinotes (commit 10d78828e1aa4385ab29a92fcb8156f10eab3eda) and os.apinotes
                                (commit 10d3fcf218fb2be16202ed654bdb20562f2c2a1c) from github.com/swiftlang/swift.
          --swift2 <dir>        A checkout of branch swift-2 of github.com/apple/swift-3-api-guidelines-review
                                (commit ebf5d8fddc4d2ea691200af2101e0a065a9384a0); Platforms/iOS is read.

        OPTIONS:
          --module-cache <dir>  Where the compiler keeps the modules it builds from the SDK's interfaces
                                (default: <work>/module-cache). A warm cache makes a run several times faster.
          --work <dir>          Where symbol graphs and logs go (default: .build/sdk-symbols).
          --output <file>       The list to write (default: Content/data/sdk-symbols.tsv).
          --toolchain <dir>     The folder with swift-symbolgraph-extract and swift-frontend (default: the one on PATH).
          --reuse-graphs        Read the graphs a previous run left in <work> instead of extracting them again.
          --no-swiftui          Leave out SwiftUI's UI and NS names.
          --self-check          After writing, check a few known entries and fail when one is wrong.
          -h, --help            Show this help.
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(_ flag: String) throws -> URL {
            guard let next = remaining.popFirst(), !next.hasPrefix("--") else { throw Failure("\(flag) needs a value") }
            return URL(fileURLWithPath: next).standardizedFileURL
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sdk": options.sdk = try value(argument)
            case "--resource-dir": options.resourceDir = try value(argument)
            case "--swift2": options.swift2 = try value(argument)
            case "--module-cache": options.moduleCache = try value(argument)
            case "--work": options.work = try value(argument)
            case "--output": options.output = try value(argument)
            case "--toolchain": options.toolchain = try value(argument)
            case "--reuse-graphs": options.reuseGraphs = true
            case "--no-swiftui": options.swiftUI = false
            case "--self-check": options.selfCheck = true
            case "-h", "--help": print(help); exit(0)
            default: throw Failure("unknown argument \(argument)")
            }
        }
        return options
    }

    /// The folder of `swift-symbolgraph-extract` on PATH.
    static func toolchainOnPath() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift-symbolgraph-extract")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.deletingLastPathComponent()
            }
        }
        return nil
    }
}

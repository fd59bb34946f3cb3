import Foundation

// generate-symbols: writes Content/data/sdk-symbols.tsv. `generate-symbols --help` lists the inputs.

let started = Date()
/// Writes a line at once: `print` buffers when the output is a pipe (make, tee), and a failure on standard error
/// would then come before the progress that led to it.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
func elapsed(since start: Date) -> String { String(format: "%.1f s", Date().timeIntervalSince(start)) }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("generate-symbols: \(message)\n".utf8))
    exit(1)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("generate-symbols: \(error)\n\n\(Options.help)\n".utf8))
    exit(2)
}

guard let sdk = options.sdk, let resourceDir = options.resourceDir, let swift2 = options.swift2 else {
    fail("--sdk, --resource-dir and --swift2 are required (see --help)")
}
let manager = FileManager.default
func requireFile(_ url: URL, _ what: String) {
    if !manager.fileExists(atPath: url.path) { fail("\(url.path) is missing: \(what) (see --help)") }
}
requireFile(sdk.appendingPathComponent("SDKSettings.json"), "--sdk must be an iPhoneOS SDK folder")
requireFile(resourceDir.appendingPathComponent("apinotes/Dispatch.apinotes"), "--resource-dir needs apinotes/")
requireFile(resourceDir.appendingPathComponent("clang"), "--resource-dir needs the toolchain's clang folder")
let swift2Platforms = swift2.appendingPathComponent("Platforms/iOS")
requireFile(swift2Platforms.appendingPathComponent("UIKit/UISplitViewController.swift"),
            "--swift2 must be a checkout of branch swift-2")

// The SDK's own version, which is what bounds the list (the folder may be named after a later point release).
struct SDKSettings: Decodable { let Version: String }
let sdkVersion: String
do {
    let data = try Data(contentsOf: sdk.appendingPathComponent("SDKSettings.json"))
    sdkVersion = try JSONDecoder().decode(SDKSettings.self, from: data).Version
} catch {
    fail("cannot read \(sdk.path)/SDKSettings.json: \(error)")
}
say("SDK: \(sdk.lastPathComponent), iOS \(sdkVersion)")

// The matching rules were checked against one commit of the Swift 2 dumps; a different one is refused.
if manager.fileExists(atPath: swift2.appendingPathComponent(".git").path) {
    let git = Process()
    let pipe = Pipe()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", swift2.path, "rev-parse", "HEAD"]
    git.standardOutput = pipe
    try? git.run()
    git.waitUntilExit()
    let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    if head != Sources.swift2Commit { fail("\(swift2.path) is at \(head), not \(Sources.swift2Commit)") }
} else {
    say("Swift 2 dumps: \(swift2.path) is not a git checkout; taken to be commit \(Sources.swift2Commit)")
}

// MARK: Symbol graphs

let modules = ["UIKit", "Foundation", "CoreGraphics", "QuartzCore", "CoreData", "Dispatch", "ObjectiveC"]
// CGFloat, CGPoint, CGSize, CGRect, CGVector and CGAffineTransform are declared in CoreFoundation (CFCGTypes.h) in
// this SDK, and `import CoreGraphics` re-exports them: they are read from CoreFoundation's graph and listed as
// CoreGraphics', the module their documentation and the notes name.
let geometryModule = "CoreFoundation"
func isGeometry(_ symbol: GraphSymbol) -> Bool { symbol.pathComponents.first?.hasPrefix("CG") ?? false }
guard let toolchain = options.toolchain ?? Options.toolchainOnPath() else {
    fail("swift-symbolgraph-extract is not on PATH; pass --toolchain")
}
let extraction = Extraction(toolchain: toolchain, sdk: sdk, resourceDir: resourceDir,
                            moduleCache: options.moduleCache ?? options.work.appendingPathComponent("module-cache"),
                            work: options.work)
var swiftUIIncluded = options.swiftUI
if !options.reuseGraphs {
    for module in modules + [geometryModule] {
        for swift4 in [false, true] {
            let start = Date()
            do { try extraction.extract(module: module, swift4: swift4) } catch { fail("\(error)") }
            say("extracted \(module) (\(swift4 ? "Swift 4" : "Swift 5")) in \(elapsed(since: start))")
        }
    }
    if options.swiftUI {
        let start = Date()
        do {
            let setup = try extraction.prepareSwiftUI()
            try extraction.extract(module: "SwiftUI", swift4: false, extraArguments: setup.arguments,
                                   resourceDir: setup.resourceDir, moduleCache: setup.moduleCache)
            say("extracted SwiftUI (Swift 5) in \(elapsed(since: start))")
        } catch {
            swiftUIIncluded = false
            say("SwiftUI skipped: \(error)")
        }
    }
} else if options.swiftUI {
    swiftUIIncluded = manager.fileExists(
        atPath: extraction.graphs(mode: "swift5", module: "SwiftUI").appendingPathComponent("SwiftUI.symbols.json").path)
}

var swift5 = GraphSet()
var swift4 = GraphSet()
do {
    for module in modules {
        try swift5.load(folder: extraction.graphs(mode: "swift5", module: module), module: module)
        try swift4.load(folder: extraction.graphs(mode: "swift4", module: module), module: module)
    }
    for (mode, mode4) in [("swift5", false), ("swift4", true)] {
        let folder = extraction.graphs(mode: mode, module: geometryModule)
        if mode4 { try swift4.load(folder: folder, module: "CoreGraphics", keep: isGeometry) }
        else { try swift5.load(folder: folder, module: "CoreGraphics", keep: isGeometry) }
    }
    if swiftUIIncluded {
        // SwiftUI is read only for the UIKit-facing names: UIHostingController, UIViewRepresentable and the like.
        try swift5.load(folder: extraction.graphs(mode: "swift5", module: "SwiftUI"), module: "SwiftUI") { symbol in
            symbol.pathComponents.first.map { $0.hasPrefix("UI") || $0.hasPrefix("NS") } ?? false
        }
    }
} catch {
    fail("cannot read the symbol graphs in \(options.work.path): \(error)")
}
say("symbol graphs read (Swift 5): " + swift5.countsByFile.map { "\($0.file)=\($0.symbols)" }.joined(separator: " "))
say("symbol graphs read (Swift 4): \(swift4.symbols.count) symbols in \(swift4.countsByFile.count) files")

// MARK: API notes and Swift 2 dumps

var swift4TypeNames: [String: String] = [:]
for (folder, files) in [(sdk, APINotes.sdkFiles), (resourceDir, APINotes.resourceFiles)] {
    for file in files {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else {
            fail("cannot read \(folder.path)/\(file)")
        }
        swift4TypeNames.merge(APINotes.swift4TypeNames(in: text)) { first, _ in first }
    }
}
say("API notes: \(swift4TypeNames.count) types with a Swift 4 name of their own")

var interface = Swift2Interface()
do {
    for module in Sources.swift2Modules {
        try interface.read(folder: swift2Platforms.appendingPathComponent(module))
    }
} catch {
    fail("cannot read the Swift 2 dumps: \(error)")
}
say("Swift 2 dumps: \(interface.files) files, \(interface.types.count) types, \(interface.declarations) declarations")

var macInterfaces: [(module: String, interface: Swift2Interface)] = []
do {
    for module in MacTypes.modules {
        var macInterface = Swift2Interface()
        try macInterface.read(folder: swift2.appendingPathComponent("Platforms/OSX/\(module)"))
        macInterfaces.append((module, macInterface))
    }
} catch {
    fail("cannot read the Swift 2 dumps of OS X: \(error)")
}

var enumConstants: [String: Set<String>] = [:]
for loaded in swift5.symbols {
    if case .enumConstant(let owner?, let name)? = ClangName(usr: loaded.symbol.usr) {
        enumConstants[owner, default: []].insert(name)
    }
}

// MARK: The list

var builder = RowBuilder(swift5: swift5, swift4: swift4, swift4TypeNames: swift4TypeNames,
                         matcher: Swift2Matcher(interface: interface, enumConstants: enumConstants))
let built = builder.rows()
let macRows = MacTypes.rows(interfaces: macInterfaces, iOS: built)
let macroRows: [Row]
do {
    macroRows = try Macros.rows(sdk: sdk, known: built + macRows)
} catch {
    fail("cannot read the SDK's headers for their macros: \(error)")
}
let written: [Row]
do {
    written = try SymbolList.write(rows: built + macRows + macroRows, summary: .init(sdkName: sdk.lastPathComponent, sdkVersion: sdkVersion),
                                   to: options.output)
} catch {
    fail("\(error)")
}

let counts = builder.counts
var perModule: [String: Int] = [:]
for row in written where !SymbolList.namesOnly.contains(row.kind) { perModule[row.module, default: 0] += 1 }
let swift2Counts = SymbolList.swift2Counts(written)
let undated = written.filter { $0.swift2.isEmpty && !$0.objc.isEmpty && $0.introduced.isEmpty }.count
let size = (try? manager.attributesOfItem(atPath: options.output.path)[.size] as? Int) ?? 0
say("""
    left out: \(counts.leftOutKinds.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) \
    underscored=\(counts.underscored) synthesized=\(counts.synthesized) unavailable-in-Swift-5-on-iOS=\(counts.unavailable) \
    same-symbol-twice=\(counts.repeated) identical-lines=\(built.count + macRows.count + macroRows.count - written.count)
    macOS type names: \(written.count { $0.kind == MacTypes.kind }); macros: \(written.count { $0.kind == Macros.kind })
    rows: \(written.count { !SymbolList.namesOnly.contains($0.kind) }) (\(SymbolList.modules.map { "\($0)=\(perModule[$0, default: 0])" }.joined(separator: " ")))
    swift4: \(written.filter { !$0.swift4.isEmpty }.count) rows named differently in Swift 4.0
    swift2: \(swift2Counts.matched) matched; unmatched with an Objective-C or C name: \(swift2Counts.unmatched) \
    introduced in iOS 9 or earlier, \(undated) with no iOS version
    SwiftUI: \(swiftUIIncluded ? "included (UI and NS names only)" : "not included")
    wrote \(options.output.path): \(size) bytes
    time: \(elapsed(since: started))
    """)

if options.selfCheck {
    do {
        let failures = try SelfCheck.run(file: options.output)
        if !failures.isEmpty { fail("self-check failed:\n  " + failures.joined(separator: "\n  ")) }
        say("self-check: \(SelfCheck.expectations.count + SelfCheck.present.count + 1) checks passed")
    } catch {
        fail("self-check could not read \(options.output.path): \(error)")
    }
}

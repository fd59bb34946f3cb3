import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs swift-symbolgraph-extract on the SDK's modules, one output folder per Swift mode and module:
/// `<work>/graphs/swift5/UIKit/UIKit.symbols.json`, `UIKit@Foundation.symbols.json`, ….
struct Extraction {
    /// The deployment target of the graphs; availability is reported for every iOS version regardless.
    static let target = "arm64-apple-ios16.0"

    let toolchain: URL
    let sdk: URL
    let resourceDir: URL
    let moduleCache: URL
    let work: URL

    var extractTool: URL { toolchain.appendingPathComponent("swift-symbolgraph-extract") }
    var frontend: URL { toolchain.appendingPathComponent("swift-frontend") }

    func graphs(mode: String, module: String) -> URL {
        work.appendingPathComponent("graphs/\(mode)/\(module)")
    }

    private func log(_ name: String) -> URL {
        work.appendingPathComponent("logs/\(name).log")
    }

    /// Extracts `module` in Swift 5 mode or, with `swift4`, with `-swift-version 4`; throws when no symbols came out.
    func extract(module: String, swift4: Bool, extraArguments: [String] = [],
                 resourceDir: URL? = nil, moduleCache: URL? = nil) throws {
        let mode = swift4 ? "swift4" : "swift5"
        let output = graphs(mode: mode, module: module)
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var arguments = [
            "-module-name", module, "-minimum-access-level", "public", "-skip-synthesized-members",
            "-target", Self.target, "-sdk", sdk.path,
            "-resource-dir", (resourceDir ?? self.resourceDir).path,
            "-module-cache-path", (moduleCache ?? self.moduleCache).path,
            "-output-dir", output.path,
        ]
        if swift4 { arguments += ["-swift-version", "4"] }
        arguments += extraArguments
        let logFile = log("\(mode)-\(module)")
        let status = try run(extractTool, arguments, log: logFile)
        let main = output.appendingPathComponent("\(module).symbols.json")
        let size = (try? FileManager.default.attributesOfItem(atPath: main.path)[.size] as? Int) ?? 0
        // A module that fails to import still yields a graph, with no symbols in it (a few hundred bytes).
        guard status == 0, size > 4096 else {
            throw Failure("swift-symbolgraph-extract failed for \(module) (\(mode)), status \(status): see \(logFile.path)")
        }
    }

    /// SwiftUI's interface from the iOS 16.4 SDK does not build with a newer compiler as it is. Two things stand in
    /// the way, neither of them a declaration the list reads:
    /// - the SDK's `os` interface calls `___os_log_impl` and `___os_signpost_emit_with_name_impl`, the names the
    ///   importer gives `_os_log_impl` and `_os_signpost_emit_with_name_impl` when API notes mark them SwiftPrivate;
    ///   newer toolchains' os.apinotes mark them unavailable instead, so a copy of the resource directory gets an
    ///   os.apinotes with those two entries made SwiftPrivate again;
    /// - one inlinable getter (`Environment.wrappedValue`) interpolates a metatype into an `os_log` message, which a
    ///   newer type checker rejects; a copy of the interface has that interpolation taken out of the message and is
    ///   compiled to a binary module that the extractor finds first.
    /// Returns the extractor's extra arguments, resource directory and module cache for SwiftUI.
    func prepareSwiftUI() throws -> (arguments: [String], resourceDir: URL, moduleCache: URL) {
        let manager = FileManager.default
        let base = work.appendingPathComponent("swiftui")
        try? manager.removeItem(at: base)
        let resources = base.appendingPathComponent("resource-dir")
        let apinotes = resources.appendingPathComponent("apinotes")
        try manager.createDirectory(at: apinotes, withIntermediateDirectories: true)
        for entry in try manager.contentsOfDirectory(atPath: resourceDir.path) where entry != "apinotes" {
            try manager.createSymbolicLink(at: resources.appendingPathComponent(entry),
                                           withDestinationURL: resourceDir.appendingPathComponent(entry))
        }
        let givenNotes = resourceDir.appendingPathComponent("apinotes")
        for entry in try manager.contentsOfDirectory(atPath: givenNotes.path) {
            let source = givenNotes.appendingPathComponent(entry)
            let destination = apinotes.appendingPathComponent(entry)
            if entry == "os.apinotes" {
                let text = try String(contentsOf: source, encoding: .utf8)
                let patched = Self.markingSwiftPrivate(["_os_log_impl", "_os_signpost_emit_with_name_impl"], in: text)
                try patched.write(to: destination, atomically: true, encoding: .utf8)
            } else {
                try manager.createSymbolicLink(at: destination, withDestinationURL: source)
            }
        }

        let interface = sdk.appendingPathComponent(
            "System/Library/Frameworks/SwiftUI.framework/Modules/SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface")
        let text = try String(contentsOf: interface, encoding: .utf8)
        let copy = base.appendingPathComponent("SwiftUI.swiftinterface")
        try text.replacingOccurrences(of: "Accessing Environment<\\(Value.self)>'s value",
                                      with: "Accessing Environment's value")
            .write(to: copy, atomically: true, encoding: .utf8)
        let modules = base.appendingPathComponent("modules")
        try manager.createDirectory(at: modules, withIntermediateDirectories: true)
        let cache = moduleCache.appendingPathComponent("swiftui")
        let logFile = log("swiftui-module")
        let status = try run(frontend, [
            "-compile-module-from-interface", "-module-name", "SwiftUI", "-target", Self.target, "-sdk", sdk.path,
            "-resource-dir", resources.path, "-module-cache-path", cache.path,
            "-o", modules.appendingPathComponent("SwiftUI.swiftmodule").path, copy.path,
        ], log: logFile)
        guard status == 0 else { throw Failure("SwiftUI's interface did not build, status \(status): see \(logFile.path)") }
        return (["-I", modules.path], resources, cache)
    }

    /// Replaces the entries of `functions` in an API notes file with `SwiftPrivate: true`.
    static func markingSwiftPrivate(_ functions: Set<String>, in text: String) -> String {
        var lines: [String] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if skipping && line.hasPrefix("  ") { continue }
            skipping = false
            lines.append(line)
            if line.hasPrefix("- Name: "), functions.contains(String(line.dropFirst("- Name: ".count))) {
                lines.append("  SwiftPrivate: true")
                skipping = true
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Runs `tool` with its output and errors in `log`; returns the exit status.
    private func run(_ tool: URL, _ arguments: [String], log: URL) throws -> Int32 {
        let manager = FileManager.default
        try manager.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = manager.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

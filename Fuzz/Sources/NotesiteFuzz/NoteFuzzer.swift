import Foundation
import NotesiteKit

// libFuzzer calls `LLVMFuzzerTestOneInput` with each input it makes. An input is the bytes of one note file, and it
// takes the path a note takes in `notesite check`: the loader reads the file (byte-order mark, UTF-8, line ends),
// `NoteParser` splits and reads the front matter, parses the Markdown with cmark-gfm and gives the headings their
// ids, `MentionFinder` extracts the API names from inline code and from Swift (swift-syntax) and Objective-C blocks,
// `SymbolChecker` judges them against the real symbol list, and every diagnostic is printed with its source line.
// Besides crashes, the harness stops on broken promises of the output: duplicate or reserved heading ids, and
// positions outside the file.

/// The repository's root, from this file's place in `Fuzz/Sources/NotesiteFuzz/`.
private let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The symbol list and the checker built on it, read once from `Content/data/`.
private let checker: SymbolChecker = {
    let (data, problems) = ReferenceData.load(contentRoot: repository.appendingPathComponent("Content"), displayRoot: "Content")
    guard !data.symbols.symbols.isEmpty, !problems.contains(where: { $0.severity == .error }) else {
        fatalError("Content/data/symbols.yml did not load: \(problems.map(\.formatted))")
    }
    return SymbolChecker(finder: MentionFinder(resolver: SymbolResolver(list: data.symbols)))
}()

/// A content folder of this process's own, holding the one note each input is written to.
private let contentRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: root.appendingPathComponent("notes/en"), withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: contentRoot) }
    return root
}()
private let notePath = "notes/en/fuzz.md"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loader = ContentLoader(root: contentRoot, displayRoot: contentRoot.path)
    let file = contentRoot.appendingPathComponent(notePath)
    guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(file.path)")
    }
    guard case .note(let source) = loader.read(notePath) else {
        return -1 // not UTF-8, or binary: the loader reports it and goes no further; not worth keeping in the corpus
    }
    let (parsed, diagnostics) = NoteParser.parse(source)
    guard let note = parsed else { fatalError("a note at \(notePath) was not parsed: \(diagnostics.map(\.formatted))") }

    let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    var ids: Set<String> = []
    for heading in note.headings {
        expect(!heading.id.isEmpty, "heading '\(heading.text)' has an empty id")
        expect(!NoteParser.reservedIDs.contains(heading.id), "heading '\(heading.text)' took the reserved id '\(heading.id)'")
        expect(ids.insert(heading.id).inserted, "two headings have the id '\(heading.id)'")
        expectInside(heading.location.line, heading.location.column, lines, "heading '\(heading.text)'")
    }
    for mention in checker.finder.mentions(in: note) {
        expect(mention.headingID == nil || ids.contains(mention.headingID!), "mention of \(mention.symbolID) in an unknown section")
        expectInside(mention.location.line, mention.location.column, lines, "mention '\(mention.spelling)'")
    }
    var printer = DiagnosticPrinter()
    for diagnostic in diagnostics + checker.diagnostics(for: note) {
        if let location = diagnostic.location {
            expectInside(location.line, location.column, lines, "diagnostic [\(diagnostic.rule)]")
        }
        _ = printer.format(diagnostic)
    }
    return 0
}

// SwiftPM links an executable target with `main` defined as `NotesiteFuzz_main`, the name a main.swift would get.
// Under `-parse-as-library` nothing defines that name, and libFuzzer's own `main` is never linked in, so this one
// does what libFuzzer's would: hand the command line and the test function to libFuzzer's driver.
@_cdecl("NotesiteFuzz_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, fuzz)
}

@_extern(c, "LLVMFuzzerRunDriver")
private func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                             _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

private func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// A position in a note names one of its lines, and a column at most one past that line's last byte.
private func expectInside(_ line: Int, _ column: Int, _ lines: [Substring], _ what: @autoclosure () -> String) {
    expect(line >= 1 && line <= lines.count, "\(what()) is on line \(line) of \(lines.count)")
    let width = lines[line - 1].utf8.count
    expect(column >= 1 && column <= width + 1, "\(what()) is at column \(column) of line \(line), which has \(width) bytes")
}

import Foundation

/// Stage 6: writes the site into a staging folder inside the output folder, then swaps it into place.
///
/// Nothing is written outside the output folder; if writing fails, the previous site stays as it was. Entries of
/// the output folder whose names start with `.` (such as a committed `.gitignore`) are left alone.
public struct SiteWriter {
    public let output: URL
    private let staging: URL
    private let previous: URL
    private let fm = FileManager.default

    public init(output: URL) {
        self.output = output
        self.staging = output.appendingPathComponent(".notesite-staging")
        self.previous = output.appendingPathComponent(".notesite-previous")
    }

    /// Writes `files`, replacing the previous site only once all of them are on disk.
    public func write(_ files: [OutputFile]) throws {
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            var made: Set<String> = [""]
            for file in files {
                guard Self.isSafe(file.path) else {
                    throw NotesiteError.outputInvalid(path: file.path, reason: "the path leaves the output folder")
                }
                let folder = String(file.path.split(separator: "/").dropLast().joined(separator: "/"))
                if !made.contains(folder) {
                    try fm.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
                    made.insert(folder)
                }
                let destination = staging.appendingPathComponent(file.path)
                switch file.contents {
                case .text(let text): try Data(text.utf8).write(to: destination)
                case .copy(let source):
                    try? fm.removeItem(at: destination)
                    try fm.copyItem(at: source, to: destination)
                }
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        try swap()
    }

    /// Moves the old site aside, the new one in, and deletes the old one.
    private func swap() throws {
        try? fm.removeItem(at: previous)
        try fm.createDirectory(at: previous, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: output.path) where !name.hasPrefix(".") {
            try fm.moveItem(at: output.appendingPathComponent(name), to: previous.appendingPathComponent(name))
        }
        for name in try fm.contentsOfDirectory(atPath: staging.path) {
            try fm.moveItem(at: staging.appendingPathComponent(name), to: output.appendingPathComponent(name))
        }
        try fm.removeItem(at: staging)
        try fm.removeItem(at: previous)
    }

    /// A relative path with no `..`, no empty or `.` component and no leading `/`.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}

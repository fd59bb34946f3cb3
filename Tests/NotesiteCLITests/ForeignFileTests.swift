import Foundation
import Testing

/// A file in the output folder that no build wrote is kept and named on the terminal; `--clean` deletes it.
extension CommandLineTests {
    @Test func aFileNoBuildWroteIsKeptAndNamedUntilClean() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try notesite(["build"], in: root).status == 0)
        let todo = root.appendingPathComponent("public/todo.txt")
        try Data("call the printer\n".utf8).write(to: todo)

        let kept = try notesite(["build"], in: root)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stderr.contains("public/todo.txt: warning: a file of the output folder that is not the site's"), "\(kept.stderr)")
        #expect(kept.stderr.contains("[output.foreign-file]"), "\(kept.stderr)")
        #expect(try String(contentsOf: todo, encoding: .utf8) == "call the printer\n")

        let cleaned = try notesite(["build", "--clean"], in: root)
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        #expect(!cleaned.stderr.contains("todo.txt"), "\(cleaned.stderr)")
        #expect(!FileManager.default.fileExists(atPath: todo.path))
    }
}

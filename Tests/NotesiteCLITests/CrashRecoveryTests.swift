import Foundation
import Testing

/// A build killed at any instant (kill -9) leaves nothing that the next writer does not mend before anything else:
/// the output folder then holds the old site or the new one whole, with no staging folder, old entries moved aside
/// or journal left in it, and the build after that writes the new site as if nothing had happened.
extension CommandLineTests {
    /// Notesite's own entries that a finished writer never leaves in the output folder.
    private func leftovers(in output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.path).filter {
            $0.hasPrefix(".notesite") && $0 != ".notesite-manifest" && $0 != ".notesite-lock"
        }
    }

    /// `root`'s templates with a footer that does not parse: a build with them stops once it reads them, after it
    /// has taken the output folder's lock and mended what a killed build left.
    private func brokenTemplates(in root: URL) throws -> [String] {
        let broken = root.appendingPathComponent("Templates-broken")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Templates-A"), to: broken)
        try Data("{{#unclosed}}\n".utf8).write(to: broken.appendingPathComponent("footer.mustache"))
        return ["build", "--quiet", "--templates", "Templates-broken"]
    }

    enum Commit: String, CaseIterable {
        /// Every page changes (other templates): the new site's folders replace the old ones.
        case swap
        /// One note edited, one deleted, one added in a new folder: the few new files move into the old site.
        case merge
    }

    /// Killed at each step of putting the site in place in turn (writing the journal, each move, each deletion),
    /// through `NOTESITE_CRASH_AT_STEP`: the next writer finds the old site or the new one whole.
    @Test(arguments: Commit.allCases)
    func aBuildKilledAtAnyStepOfItsCommitLeavesTheOldSiteOrTheNew(_ commit: Commit) throws {
        let root = try twoTemplateProject(notes: 24)
        defer { try? FileManager.default.removeItem(at: root) }
        let old = ["build", "--quiet", "--templates", "Templates-A"]
        var new = ["build", "--quiet", "--templates", "Templates-B"]
        if commit == .merge {
            let content = root.appendingPathComponent("Content-B")
            try FileManager.default.copyItem(at: root.appendingPathComponent("Content"), to: content)
            let notes = content.appendingPathComponent("notes/en")
            let edited = notes.appendingPathComponent("note-1.md")
            try Data((try String(contentsOf: edited, encoding: .utf8) + "\nA sentence added.\n").utf8).write(to: edited)
            try FileManager.default.removeItem(at: notes.appendingPathComponent("note-2.md"))
            try FileManager.default.createDirectory(at: notes.appendingPathComponent("guide"), withIntermediateDirectories: true)
            try Data("---\ntitle: A guide\ndate: 2024-05-02\nlang: en\n---\n\nThe guide.\n".utf8)
                .write(to: notes.appendingPathComponent("guide/start.md"))
            new = ["build", "--quiet", "--templates", "Templates-A", "--content", "Content-B"]
        }
        let broken = try brokenTemplates(in: root)
        #expect(try notesite(old + ["--output", "alone-old"], in: root).status == 0)
        #expect(try notesite(new + ["--output", "alone-new"], in: root).status == 0)
        let expectedOld = try site(root.appendingPathComponent("alone-old"))
        let expectedNew = try site(root.appendingPathComponent("alone-new"))
        try #require(expectedOld != expectedNew)

        let output = root.appendingPathComponent("public")
        var step = 1
        var outcomes: [String] = []
        var journal: String?
        while step < 200 {
            try? FileManager.default.removeItem(at: output)
            try #require(try notesite(old, in: root).status == 0)
            let killed = try notesite(new, in: root, environment: ["NOTESITE_CRASH_AT_STEP": "\(step)"])
            if killed.reason == .exit {
                // Past the last step: the build ran to its end.
                #expect(killed.status == 0, "\(killed.stderr)")
                #expect(try site(output) == expectedNew)
                break
            }
            #expect(killed.status == SIGKILL, "step \(step): \(killed.stderr)")
            if journal == nil, let text = try? String(contentsOf: output.appendingPathComponent(".notesite-journal"), encoding: .utf8) {
                journal = text
            }
            let next = try notesite(broken, in: root)
            #expect(next.status != 0 && next.stderr.contains("footer"), "step \(step): \(next.stderr)")
            let found = try site(output)
            #expect(found == expectedOld || found == expectedNew, "step \(step): neither site whole")
            outcomes.append(found == expectedNew ? "new" : "old")
            #expect(try leftovers(in: output) == [], "step \(step)")

            let after = try notesite(new, in: root)
            #expect(after.status == 0, "step \(step): \(after.stderr)")
            #expect(try site(output) == expectedNew, "step \(step): the build after the mended one")
            #expect(try leftovers(in: output) == [], "step \(step)")
            step += 1
        }
        // A commit of several steps, killed before its first move (the old site stays) and after it (the new one
        // is finished).
        #expect(step > 4 && step < 200, "\(step) steps")
        // Killed before its journal, a swap leaves the old site (a merge writes its journal first of all).
        #expect(outcomes.contains("new") && (commit == .merge || outcomes.contains("old")), "\(outcomes)")
        #expect(journal?.contains("\"kind\":\"\(commit.rawValue)\"") == true, "\(journal ?? "no journal")")
    }

    /// kill -9 at random instants of a build of 2,000 notes, in turn towards one site and the other: whatever the
    /// instant, the next writer finds one site whole, and a last build writes its site.
    @Test func aBuildKilledAtRandomInstantsLeavesOneSiteWhole() throws {
        let root = try twoTemplateProject(notes: 2000)
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = try brokenTemplates(in: root)
        var expected: [String: [String: Data]] = [:]
        for side in ["A", "B"] {
            #expect(try notesite(["build", "--quiet", "--templates", "Templates-\(side)", "--output", "alone-\(side)"], in: root).status == 0)
            expected[side] = try site(root.appendingPathComponent("alone-\(side)"))
        }
        let output = root.appendingPathComponent("public")
        #expect(try notesite(["build", "--quiet", "--templates", "Templates-A"], in: root).status == 0)
        // How long a build from one site to the other takes here, to spread the kills over it and a little past.
        let began = Date()
        #expect(try notesite(["build", "--quiet", "--templates", "Templates-B"], in: root).status == 0)
        let duration = Date().timeIntervalSince(began)
        var current = "B"
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<20 {
            let target = current == "A" ? "B" : "A"
            let build = try start(["build", "--quiet", "--templates", "Templates-\(target)"], in: root,
                                  stderr: root.appendingPathComponent("trial.txt"))
            Thread.sleep(forTimeInterval: Double.random(in: 0.1...1.1, using: &generator) * duration)
            kill(build.processIdentifier, SIGKILL)
            build.waitUntilExit()
            let next = try notesite(broken, in: root)
            #expect(next.status != 0, "trial \(trial): \(next.stderr)")
            let found = try site(output)
            let side = found == expected["A"] ? "A" : found == expected["B"] ? "B" : nil
            #expect(side != nil, "trial \(trial): neither site whole")
            #expect(try leftovers(in: output) == [], "trial \(trial)")
            current = side ?? current
        }
        let last = try notesite(["build", "--quiet", "--templates", "Templates-A"], in: root)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try site(output) == expected["A"])
        #expect(try leftovers(in: output) == [])
    }
}

/// A disk out of inodes stops a build with a message that says so and what to do, naming the file, and leaves the
/// old site as it was. Needs a small file system of its own: a tmpfs, which root can mount.
extension CommandLineTests {
    static let canMountTmpfs: Bool = {
        guard getuid() == 0 else { return false }
        let point = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-tmpfs-probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: point) }
        guard mount("tmpfs", point.path, "tmpfs", 0, "size=1m") == 0 else { return false }
        umount(point.path)
        return true
    }()

    @Test(.enabled(if: canMountTmpfs, "mounting a tmpfs needs root"))
    func aDiskOutOfInodesIsSaidSoAndTheOldSiteStays() throws {
        let root = try twoTemplateProject(notes: 20)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try notesite(["build", "--quiet", "--templates", "Templates-A", "--output", "alone"], in: root).status == 0)
        let entries = FileManager.default.enumerator(atPath: root.appendingPathComponent("alone").path)!.allObjects.count
        let expected = try site(root.appendingPathComponent("alone"))

        // Room for one site and a few more files, not for a second one staged beside it.
        let disk = root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(mount("tmpfs", disk.path, "tmpfs", 0, "size=20m,nr_inodes=\(entries + 12)") == 0)
        defer { umount(disk.path) }
        #expect(try notesite(["build", "--quiet", "--templates", "Templates-A", "--output", "disk/public"], in: root).status == 0)
        let full = try notesite(["build", "--quiet", "--templates", "Templates-B", "--output", "disk/public"], in: root)
        #expect(full.status == 2)
        #expect(full.stderr.contains("cannot write '") && full.stderr.contains("disk/public/"), "\(full.stderr)")
        #expect(full.stderr.contains("out of inodes (see df -h and df -i)"), "\(full.stderr)")
        #expect(try site(disk.appendingPathComponent("public")) == expected)
    }
}

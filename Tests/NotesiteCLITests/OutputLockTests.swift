import Foundation
import Testing
import NotesiteTestSupport

/// One writer at a time in an output folder: builds started together each leave a whole site, never pages of both;
/// a build that finds the folder being written waits and says so, or with --no-wait fails at once.
extension CommandLineTests {
    /// A project of `notes` notes with two template folders whose footers differ: `Templates-A` and `Templates-B`.
    func twoTemplateProject(notes: Int) throws -> URL {
        let root = try project()
        let folder = root.appendingPathComponent("Content/notes/en")
        for i in 0..<notes {
            let text = "---\ntitle: Note \(i)\ndate: 2024-01-02\nlang: en\n---\n\n## Part\n\n" + String(repeating: "Some text of note \(i). ", count: 200) + "\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("note-\(i).md"))
        }
        for side in ["A", "B"] {
            let templates = root.appendingPathComponent("Templates-\(side)")
            try FileManager.default.copyItem(at: root.appendingPathComponent("Templates"), to: templates)
            let footer = templates.appendingPathComponent("footer.mustache")
            let text = try String(contentsOf: footer, encoding: .utf8)
            try Data((text + "<!-- templates \(side) -->\n").utf8).write(to: footer)
        }
        return root
    }

    /// Starts `notesite arguments` in `folder` without waiting for it; its standard error goes to `stderr`.
    func start(_ arguments: [String], in folder: URL, stderr: URL) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The files below `folder` by path, without notesite's own dot files.
    func site(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where !path.hasPrefix(".notesite") {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func buildsStartedTogetherEachLeaveAWholeSite() throws {
        let root = try twoTemplateProject(notes: 40)
        defer { try? FileManager.default.removeItem(at: root) }
        // Each side's site, built alone.
        var expected: [String: [String: Data]] = [:]
        for side in ["A", "B"] {
            #expect(try notesite(["build", "--templates", "Templates-\(side)", "--output", "alone-\(side)"], in: root).status == 0)
            expected[side] = try site(root.appendingPathComponent("alone-\(side)"))
        }
        let output = root.appendingPathComponent("public")
        for trial in 0..<10 {
            // Into a new folder, and into the site of the trial before.
            if trial % 2 == 0 { try? FileManager.default.removeItem(at: output) }
            let a = try start(["build", "--quiet", "--templates", "Templates-A"], in: root, stderr: root.appendingPathComponent("a.txt"))
            let b = try start(["build", "--quiet", "--templates", "Templates-B"], in: root, stderr: root.appendingPathComponent("b.txt"))
            a.waitUntilExit()
            b.waitUntilExit()
            #expect(a.terminationStatus == 0 && b.terminationStatus == 0, "trial \(trial)")
            // The folder holds one build's whole site, file for file: that of whichever finished last.
            let built = try site(output)
            let side = String(decoding: built["en/note-0.html"] ?? Data(), as: UTF8.self).contains("<!-- templates A -->") ? "A" : "B"
            #expect(built == expected[side]!, "trial \(trial): the site is not B's or A's whole")
        }
    }

    @Test func aBuildWaitsForTheWriterOrFailsWithNoWait() throws {
        let root = try twoTemplateProject(notes: 3)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try notesite(["build"], in: root).status == 0)
        // This test holds the output folder's lock, as a build in progress would.
        let lock = open(root.appendingPathComponent("public/.notesite-lock").path, O_RDWR | O_CREAT, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(lock, $0.baseAddress, $0.count, 0) }

        let refused = try notesite(["build", "--no-wait"], in: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("another notesite (pid \(getpid())) is writing the site to 'public'"), "\(refused.stderr)")

        let log = root.appendingPathComponent("waiting.txt")
        let waiting = try start(["build", "--templates", "Templates-B"], in: root, stderr: log)
        // Bounded: the build says it waits, and is still waiting a moment later.
        var said = ""
        for _ in 0..<100 where !said.contains("Waiting") {
            Thread.sleep(forTimeInterval: 0.05)
            said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        #expect(said.contains("Waiting for notesite (pid \(getpid())) to finish writing public/"), "\(said)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(waiting.isRunning)
        #expect(!(try String(contentsOf: root.appendingPathComponent("public/en/hello.html"), encoding: .utf8)).contains("templates B"))
        flock(lock, LOCK_UN)
        waiting.waitUntilExit()
        #expect(waiting.terminationStatus == 0)
        #expect(try String(contentsOf: root.appendingPathComponent("public/en/hello.html"), encoding: .utf8).contains("<!-- templates B -->"))
    }
}

/// A build owns its output folder: the root or the home folder is never one, however empty it looks.
extension CommandLineTests {
    @Test func theHomeFolderAndTheRootAreNeverAnOutputFolder() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("export PATH\n".utf8).write(to: home.appendingPathComponent(".profile"))
        let intoHome = try notesite(["build", "--output", home.path], in: root, environment: ["HOME": home.path])
        #expect(intoHome.status == 2)
        #expect(intoHome.stderr.contains("it is your home folder"), "\(intoHome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [".profile"])
        let intoRoot = try notesite(["build", "--output", "/"], in: root)
        #expect(intoRoot.status == 2)
        #expect(intoRoot.stderr.contains("it is the root folder"), "\(intoRoot.stderr)")
    }
}

/// A build that cannot replace part of the old site finds out before it moves anything: it names the folder, says
/// what to do, and leaves the old site as it was, whether it would have replaced a few files or swapped the site.
extension CommandLineTests {
    @Test func aFolderThatCannotBeWrittenStopsTheBuildBeforeAnythingMoves() throws {
        let root = try twoTemplateProjectForPermissions()
        defer {
            chmod(root.appendingPathComponent("public/en").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        let output = root.appendingPathComponent("public")
        #expect(try notesite(["build"], in: root).status == 0)
        // The site belongs to the user the build runs as; its `en/` folder is read-only.
        if getuid() == 0 {
            let chown = Process()
            chown.executableURL = URL(fileURLWithPath: "/bin/chown")
            chown.arguments = ["-R", "65534:65534", output.path]
            try chown.run()
            chown.waitUntilExit()
        }
        for path in [root.path, root.appendingPathComponent("Content").path, root.appendingPathComponent("Content/notes").path,
                     root.appendingPathComponent("Content/notes/en").path] { chmod(path, 0o755) }
        #expect(chmod(output.appendingPathComponent("en").path, 0o555) == 0)
        let before = try site(output)

        // A few files changed (merged into the old site), then every file (the site swapped).
        let note = root.appendingPathComponent("Content/notes/en/hello.md")
        try Data((try String(contentsOf: note, encoding: .utf8) + "\nMore.\n").utf8).write(to: note)
        for arguments in [["build"], ["build", "--templates", "Templates-B"]] {
            let result = try notesite(arguments, in: root, unprivileged: true)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("public/en"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("make it writable"), "\(arguments): \(result.stderr)")
            #expect(try site(output) == before, "\(arguments): the old site changed")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(".notesite-previous").path))
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(".notesite-staging").path))
        }
    }

    /// `twoTemplateProject`'s files, readable by every user.
    private func twoTemplateProjectForPermissions() throws -> URL {
        let root = try project()
        let templates = root.appendingPathComponent("Templates-B")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Templates"), to: templates)
        let footer = templates.appendingPathComponent("footer.mustache")
        try Data((try String(contentsOf: footer, encoding: .utf8) + "<!-- templates B -->\n").utf8).write(to: footer)
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "a+rX", root.path]
        try chmod.run()
        chmod.waitUntilExit()
        return root
    }
}

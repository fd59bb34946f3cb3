import Foundation
import Testing
import Yams
import NotesiteTestSupport

/// The sample deployments in docs/deploy/, run here rather than on a host: the GitHub Pages workflow's steps that
/// call notesite, with its expressions filled in as GitHub would for the repository octo/notes, and the rsync script
/// with rsync reaching a local folder. A project made by `notesite init` publishes; one with a broken link, or
/// without its content, is stopped after its findings are written and before anything is published.
extension CommandLineTests {
    private static let deployFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/deploy")

    /// Every run is cut off after this many seconds, so a step that hangs fails the test instead of stalling it.
    private static let stepTimeout = 120

    /// A step of the workflow's job, as the runner reads it.
    struct DeployStep {
        var name: String
        var id: String?
        var run: String?
        var uses: String?
        var condition: String?
        var workingDirectory: String?
        var env: [(String, String)]
        var with: [String: String]
    }

    struct DeployJob {
        var shell: String?
        var env: [(String, String)]
        var steps: [DeployStep]
    }

    /// What a run of some of the job's steps left: the step that failed (the runner stops there), each step's
    /// outputs by id, and each step's log by name.
    struct DeployRun {
        var failedStep: String?
        var outputs: [String: [String: String]] = [:]
        var logs: [String: String] = [:]
    }

    private func deployJob() throws -> DeployJob {
        let text = try String(contentsOf: Self.deployFolder.appendingPathComponent("github-pages.yml"), encoding: .utf8)
        // Composed, not loaded: YAML 1.1 reads the key `on` as a boolean.
        let root = try #require(try Yams.compose(yaml: text))
        let jobs = try #require(root["jobs"]?.mapping)
        #expect(jobs.count == 1, "the workflow is one job")
        let job = try #require(jobs.first?.value)
        func pairs(_ node: Node?) -> [(String, String)] {
            (node?.mapping ?? [:]).map { ($0.key.string ?? "", $0.value.string ?? "") }
        }
        let steps = try (job["steps"]?.sequence ?? []).map { step in
            DeployStep(name: try #require(step["name"]?.string, "every step has a name"),
                       id: step["id"]?.string, run: step["run"]?.string, uses: step["uses"]?.string,
                       condition: step["if"]?.string, workingDirectory: step["working-directory"]?.string,
                       env: pairs(step["env"]), with: Dictionary(uniqueKeysWithValues: pairs(step["with"])))
        }
        return DeployJob(shell: job["defaults"]?["run"]?["shell"]?.string, env: pairs(job["env"]), steps: steps)
    }

    /// Whether a step's script runs the notesite command (not a path or a product named notesite).
    private func callsNotesite(_ step: DeployStep) -> Bool {
        (step.run ?? "").contains(/(^|[\s;&|(!])notesite[ \t]+[a-z]/.anchorsMatchLineEndings())
    }

    /// The value of one `${{ … }}` expression: `a || b || 'literal'`, with the github and runner contexts from
    /// `context`, steps' outputs from `outputs`, and no variables, secrets or inputs set.
    private func evaluate(_ expression: String, context: [String: String],
                          outputs: [String: [String: String]]) throws -> String {
        for operand in expression.split(separator: "||").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let value: String
            if operand.hasPrefix("'"), operand.hasSuffix("'"), operand.count >= 2 {
                value = String(operand.dropFirst().dropLast())
            } else if let known = context[operand] {
                value = known
            } else if let match = operand.wholeMatch(of: /steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)/) {
                value = outputs[String(match.1)]?[String(match.2)] ?? ""
            } else if ["vars.", "secrets.", "inputs."].contains(where: operand.hasPrefix) {
                value = ""
            } else {
                throw TestFailure("the workflow uses ${{ \(expression.trimmingCharacters(in: .whitespaces)) }}, which this test cannot fill in")
            }
            if !value.isEmpty { return value }
        }
        return ""
    }

    private func expand(_ text: String, context: [String: String], outputs: [String: [String: String]]) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${{") {
            guard let end = rest[start.upperBound...].range(of: "}}") else { throw TestFailure("unclosed ${{ in \(text)") }
            result += rest[..<start.lowerBound]
            result += try evaluate(String(rest[start.upperBound..<end.lowerBound]), context: context, outputs: outputs)
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// No `github.workspace`: in a container job it is the runner's path, which the steps cannot use, so a step
    /// that names it fails here.
    private func githubContext(repository: String = "octo/notes") -> [String: String] {
        ["github.repository": repository, "github.repository_owner": String(repository.prefix { $0 != "/" }),
         "runner.os": "Linux", "github.token": ""]
    }

    /// Runs `script` with bash as GitHub's `shell: bash` does (`bash --noprofile --norc -eo pipefail`), bounded by
    /// `timeout`, with stdout and stderr in one log.
    private func runBash(_ script: String, in folder: URL, environment: [String: String]) throws -> (status: Int32, log: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-step-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scriptFile = scratch.appendingPathComponent("step.sh"), logFile = scratch.appendingPathComponent("log")
        try Data(script.utf8).write(to: scriptFile)
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        defer { try? log.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [String(Self.stepTimeout), "bash", "--noprofile", "--norc", "-eo", "pipefail", scriptFile.path]
        process.environment = environment
        process.currentDirectoryURL = folder
        process.standardOutput = log
        process.standardError = log
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: logFile, encoding: .utf8))
    }

    /// Runs `steps` in order as the runner would in `workspace`, with the built notesite first on PATH and the
    /// runner's files for outputs, environment and path; stops at the first step that fails.
    private func runSteps(_ steps: [DeployStep], of job: DeployJob, in workspace: URL,
                          context: [String: String]) throws -> DeployRun {
        var run = DeployRun()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CI"] = "true"
        environment["GITHUB_ACTIONS"] = "true"
        environment["GITHUB_WORKSPACE"] = workspace.path
        environment["GITHUB_REPOSITORY"] = context["github.repository"]
        environment["GITHUB_REPOSITORY_OWNER"] = context["github.repository_owner"]
        for (name, value) in job.env { environment[name] = try expand(value, context: context, outputs: run.outputs) }
        let files = workspace.appendingPathComponent("_runner")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for step in steps {
            let script = try #require(step.run, "\(step.name) has a script")
            guard step.condition == nil else { throw TestFailure("\(step.name) has `if: \(step.condition!)`, which this test does not evaluate") }
            var stepEnvironment = environment
            for (name, value) in step.env { stepEnvironment[name] = try expand(value, context: context, outputs: run.outputs) }
            let runnerFiles = ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"].map { name in
                (name, files.appendingPathComponent("\(name)-\(UUID().uuidString)"))
            }
            for (name, file) in runnerFiles {
                FileManager.default.createFile(atPath: file.path, contents: nil)
                stepEnvironment[name] = file.path
            }
            let folder = step.workingDirectory.map { workspace.appendingPathComponent($0) } ?? workspace
            let (status, log) = try runBash(try expand(script, context: context, outputs: run.outputs),
                                            in: folder, environment: stepEnvironment)
            run.logs[step.name] = log
            func lines(_ name: String) throws -> [Substring] {
                let file = runnerFiles.first { $0.0 == name }!.1
                return try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            }
            if let id = step.id {
                for line in try lines("GITHUB_OUTPUT") {
                    let parts = line.split(separator: "=", maxSplits: 1)
                    run.outputs[id, default: [:]][String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
                }
            }
            for line in try lines("GITHUB_ENV") {
                let parts = line.split(separator: "=", maxSplits: 1)
                environment[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            for line in try lines("GITHUB_PATH") { environment["PATH"] = line + ":" + environment["PATH"]! }
            if status != 0 {
                #expect(status != 124, "\(step.name) was stopped after \(Self.stepTimeout) s")
                run.failedStep = step.name
                break
            }
        }
        return run
    }

    private func json(at file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any], "\(file.path) is a JSON object")
    }

    private func results(ofSARIF sarif: [String: Any]) -> [[String: Any]] {
        ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    }

    @Test func theGitHubPagesWorkflowChecksUploadsFindingsAndPublishesOnlyWithoutErrors() throws {
        let job = try deployJob()
        #expect(job.shell == "bash", "the steps are written for bash, which a container job does not use unless asked")
        let steps = job.steps
        let notesiteSteps = steps.filter(callsNotesite)
        #expect(notesiteSteps.count >= 3, "check, the stop on errors and the build: \(notesiteSteps.map(\.name))")
        func index(uses action: String) throws -> Int {
            try #require(steps.firstIndex { $0.uses?.hasPrefix(action + "@") == true }, "a step uses \(action)")
        }
        func index(running command: String) throws -> Int {
            try #require(steps.firstIndex { callsNotesite($0) && $0.run!.contains(command) }, "a step runs \(command)")
        }
        let checkIndex = try index(running: "notesite check --format sarif")
        let uploadSARIF = try index(uses: "github/codeql-action/upload-sarif")
        let buildIndex = try index(running: "notesite build --base-url")
        let uploadPages = try index(uses: "actions/upload-pages-artifact")
        #expect(checkIndex < uploadSARIF && uploadSARIF < buildIndex && buildIndex < uploadPages)
        #expect(try index(uses: "actions/deploy-pages") > uploadPages)
        #expect(steps[uploadSARIF].condition == nil && steps[checkIndex].id != nil)
        // The steps that fail the job on check's findings come after the upload and before the build.
        let gates = notesiteSteps.filter { step in
            let position = steps.firstIndex { $0.name == step.name }!
            return position > uploadSARIF && position < buildIndex
        }
        #expect(!gates.isEmpty, "a step after the upload fails the job when check found errors")

        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let context = githubContext()
        let sarifFile = workspace.appendingPathComponent(try #require(steps[uploadSARIF].with["sarif_file"]))
        let siteFolder = workspace.appendingPathComponent(try #require(steps[uploadPages].with["path"]))
        let notes = workspace.appendingPathComponent(try #require(steps[checkIndex].workingDirectory))
        let initResult = try notesite(["init", notes.lastPathComponent], in: workspace)
        try #require(initResult.status == 0, "\(initResult.stderr)")

        // A project without errors: check passes, the findings are uploaded, the site is built for its address.
        let clean = try runSteps(notesiteSteps, of: job, in: workspace, context: context)
        #expect(clean.failedStep == nil, "\(clean.logs)")
        #expect(clean.outputs[steps[checkIndex].id!]?["status"] == "0")
        // Code scanning resolves the findings' paths against the folder check ran in.
        let checkoutPath = try expand(try #require(steps[uploadSARIF].with["checkout_path"]), context: context, outputs: clean.outputs)
        #expect(URL(fileURLWithPath: checkoutPath).resolvingSymlinksInPath().path == notes.resolvingSymlinksInPath().path, "\(checkoutPath)")
        let cleanSARIF = try json(at: sarifFile)
        #expect(cleanSARIF["version"] as? String == "2.1.0")
        #expect(!results(ofSARIF: cleanSARIF).contains { $0["level"] as? String == "error" })
        let sitemap = try String(contentsOf: siteFolder.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://octo.github.io/notes/"), "\(sitemap)")
        #expect(FileManager.default.fileExists(atPath: siteFolder.appendingPathComponent("index.html").path))

        // The owner's own site, a repository named <owner>.github.io, is served at the root.
        let userSite = try runSteps([steps[buildIndex]], of: job, in: workspace,
                                    context: githubContext(repository: "Octo/octo.github.io"))
        #expect(userSite.failedStep == nil, "\(userSite.logs)")
        let userSitemap = try String(contentsOf: siteFolder.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(userSitemap.contains("<loc>https://octo.github.io/"), "\(userSitemap)")
        #expect(!userSitemap.contains("octo.github.io/octo.github.io") && !userSitemap.contains("octo.github.io/notes/"))

        // A broken link: check's step succeeds so the upload runs, its SARIF names the link, and the next step
        // fails the job before the build.
        try FileManager.default.removeItem(at: siteFolder)
        try FileManager.default.removeItem(at: sarifFile)
        try Data("---\ntitle: Broken\ndate: 2024-01-02\nlang: en\n---\n\nSee [the missing note](missing.md).\n".utf8)
            .write(to: notes.appendingPathComponent("Content/notes/en/broken.md"))
        let broken = try runSteps(notesiteSteps, of: job, in: workspace, context: context)
        #expect(broken.outputs[steps[checkIndex].id!]?["status"] == "1")
        #expect(broken.logs[steps[checkIndex].name] != nil && broken.failedStep != steps[checkIndex].name,
                "check's step lets the upload run: \(broken.logs)")
        #expect(broken.failedStep.map { name in gates.contains { $0.name == name } } == true,
                "the job fails after the upload: \(String(describing: broken.failedStep)) \(broken.logs)")
        let brokenSARIF = try json(at: sarifFile)
        #expect(brokenSARIF["version"] as? String == "2.1.0")
        let finding = try #require(results(ofSARIF: brokenSARIF).first { $0["ruleId"] as? String == "link.unresolved" },
                                   "\(brokenSARIF)")
        #expect(finding["level"] as? String == "error")
        let location = ((finding["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let uri = try #require((location?["artifactLocation"] as? [String: Any])?["uri"] as? String)
        #expect(uri == "Content/notes/en/broken.md")
        #expect(FileManager.default.fileExists(atPath: URL(fileURLWithPath: checkoutPath).appendingPathComponent(uri).path))
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 7)
        #expect(broken.logs.values.contains { $0.contains("::error file=Content/notes/en/broken.md,line=7") },
                "the findings are also annotations on the run: \(broken.logs)")
        #expect(!FileManager.default.fileExists(atPath: siteFolder.path), "nothing is built for publishing")

        // A check that cannot run (no content folder) still uploads its reason, and fails the job too.
        try FileManager.default.removeItem(at: notes.appendingPathComponent("Content"))
        let unrunnable = try runSteps(notesiteSteps, of: job, in: workspace, context: context)
        #expect(unrunnable.outputs[steps[checkIndex].id!]?["status"] == "2")
        #expect(unrunnable.failedStep.map { name in gates.contains { $0.name == name } } == true, "\(unrunnable.logs)")
        #expect(results(ofSARIF: try json(at: sarifFile)).contains { $0["ruleId"] as? String == "run.failed" })
    }

    /// rsync is a Debian package the sandbox may lack; it is installed when the tests run as root.
    static func rsyncAvailable() -> Bool {
        let paths = ["/usr/bin/rsync", "/bin/rsync", "/usr/local/bin/rsync"]
        if paths.contains(where: FileManager.default.isExecutableFile(atPath:)) { return true }
        guard getuid() == 0 else { return false }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        install.arguments = ["300", "sh", "-c", "apt-get install -y -qq rsync || { apt-get update -qq && apt-get install -y -qq rsync; }"]
        install.environment = ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        install.standardOutput = FileHandle.nullDevice
        install.standardError = FileHandle.nullDevice
        guard (try? install.run()) != nil else { return false }
        install.waitUntilExit()
        return paths.contains(where: FileManager.default.isExecutableFile(atPath:))
    }

    @Test(.enabled(if: rsyncAvailable(), "rsync is not installed and could not be installed (apt-get install rsync)"))
    func theRsyncScriptChecksBuildsAndMirrorsTheSite() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-rsync-\(UUID().uuidString)")
        let notes = root.appendingPathComponent("notes"), host = root.appendingPathComponent("host/www")
        try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try #require(try notesite(["init", "notes"], in: root).status == 0)
        try Data("left from an older site".utf8).write(to: host.appendingPathComponent("old.html"))
        // Stands in for ssh: notes how it was called, then runs rsync's remote side here, as a shell on the host would.
        let shell = root.appendingPathComponent("fake-ssh")
        try Data("#!/bin/sh\necho \"$*\" >> '\(root.path)/ssh-calls'\nwhile [ $# -gt 0 ] && [ \"$1\" != rsync ]; do shift; done\nexec sh -c \"$*\"\n".utf8)
            .write(to: shell)
        chmod(shell.path, 0o755)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NOTESITE_DEPLOY_HOST"] = "deploy@static.example.invalid"
        environment["NOTESITE_DEPLOY_PATH"] = host.path
        environment["NOTESITE_BASE_URL"] = "https://notes.example.org/"
        environment["RSYNC_RSH"] = shell.path
        environment["NO_COLOR"] = "1"
        let script = Self.deployFolder.appendingPathComponent("rsync.sh").path
        func hostFiles() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: host.path).sorted() }

        let dryRun = try runBash("exec '\(script)' --dry-run", in: notes, environment: environment)
        #expect(dryRun.status == 0, "\(dryRun.log)")
        #expect(try hostFiles() == ["old.html"], "a dry run changes nothing on the host")
        #expect(dryRun.log.contains("index.html") && dryRun.log.contains("old.html"), "it lists what would change: \(dryRun.log)")
        let calls = try String(contentsOf: root.appendingPathComponent("ssh-calls"), encoding: .utf8)
        #expect(calls.contains("static.example.invalid") && calls.contains(host.path), "\(calls)")

        let publish = try runBash("exec '\(script)'", in: notes, environment: environment)
        #expect(publish.status == 0, "\(publish.log)")
        let files = try hostFiles()
        #expect(files.contains("index.html") && files.contains("sitemap.xml"), "\(files)")
        #expect(!files.contains("old.html"), "a file the site no longer has is deleted")
        #expect(!files.contains(".notesite-manifest") && !files.contains(".notesite-lock"), "\(files)")
        let sitemap = try String(contentsOf: host.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://notes.example.org/"), "\(sitemap)")

        // A broken link stops the script at check: the host keeps its site, even a file --delete would remove.
        try Data("kept".utf8).write(to: host.appendingPathComponent("marker.txt"))
        try Data("---\ntitle: Broken\ndate: 2024-01-02\nlang: en\n---\n\nSee [the missing note](missing.md).\n".utf8)
            .write(to: notes.appendingPathComponent("Content/notes/en/broken.md"))
        let stopped = try runBash("exec '\(script)'", in: notes, environment: environment)
        #expect(stopped.status == 1, "\(stopped.log)")
        #expect(stopped.log.contains("Content/notes/en/broken.md:7:"), "\(stopped.log)")
        #expect(try hostFiles().contains("marker.txt"))
        #expect(!FileManager.default.fileExists(atPath: host.appendingPathComponent("en/broken.html").path))

        // Without a destination it refuses to start, naming the variable.
        environment["NOTESITE_DEPLOY_HOST"] = nil
        let unset = try runBash("exec '\(script)'", in: notes, environment: environment)
        #expect(unset.status != 0 && unset.log.contains("NOTESITE_DEPLOY_HOST"), "\(unset.log)")
    }
}

import Foundation
import NotesiteMarkdown

/// Errors that stop a run before it can look at any note.
public enum NotesiteError: Error, CustomStringConvertible, Equatable {
    case folderMissing(role: String, path: String)
    case unreadable(path: String, reason: String)
    case outputInvalid(path: String, reason: String)
    /// The templates (or their strings) cannot be used: the finding, at its file and, where known, line and column.
    case templates(Diagnostic)
    case writeFailed(path: String, reason: String)
    case changedDuringRun(path: String)
    /// Another notesite is writing the output folder `path` (its process id, when known), and the run was told not
    /// to wait for it.
    case outputBusy(path: String, holder: Int32?)

    public var description: String {
        switch self {
        case .folderMissing(let role, let path): "the \(role) folder '\(path)' does not exist"
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .outputInvalid(let path, let reason): "cannot write the site to '\(path)': \(reason)"
        case .templates(let finding): finding.formatted
        case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
        case .changedDuringRun(let path): "'\(path)' changed while the site was being built; run the build again"
        case .outputBusy(let path, let holder):
            "another notesite\(holder.map { " (pid \($0))" } ?? "") is writing the site to '\(path)'; wait for it to finish, or run without --no-wait to wait"
        }
    }

    /// The error as a run prints it: a template's finding as every finding is printed (where it is, its line and a
    /// caret: `DiagnosticPrinter`), anything else as `notesite: error: …`.
    public func printed(colours: Bool = false) -> String {
        if case .templates(let finding) = self {
            var printer = DiagnosticPrinter(colours: colours)
            return printer.format(finding)
        }
        return "notesite: error: \(description)"
    }

    /// Stops the run unless `folder` is a folder: the `role` folder (content, templates) as the user named it.
    static func requireFolder(_ folder: URL, role: String, displayPath: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw NotesiteError.folderMissing(role: role, path: displayPath)
        }
        guard isDirectory.boolValue else {
            throw NotesiteError.unreadable(path: displayPath, reason: "it is a file; name the \(role) folder")
        }
    }

    /// The error as a finding, for the formats machines read (`check --format json|sarif|github`), which would
    /// otherwise get nothing from a run that could not start: a template's own finding, or `run.failed` at the
    /// folder or file the error names.
    public var diagnostic: Diagnostic {
        switch self {
        case .templates(let finding):
            return finding
        case .folderMissing(_, let path), .unreadable(let path, _), .outputInvalid(let path, _), .writeFailed(let path, _),
             .changedDuringRun(let path), .outputBusy(let path, _):
            return Diagnostic(RunRule.failed, file: path, at: nil, description)
        }
    }
}

import Foundation
import Testing
@testable import NotesiteKit

/// The template engine against the Mustache spec's core tests (Fixtures/mustache-spec: interpolation, sections,
/// inverted sections, comments, partials, delimiters; MIT licence, see its README.md): one case per spec test.
///
/// Each case turns the spec's JSON data into template values, parses the template and its partials from their
/// text, renders, and must give the expected text exactly. A case the engine does not support is listed in
/// `unsupported` with its reason and must still fail; nothing is skipped.
///
/// A partial the template names but the spec does not give renders as nothing (`Failed Lookup`), as the spec asks
/// of the engine; a site's `TemplateSet` stops the run on it beforehand (`template.missing-partial`).
@Suite struct MustacheSpecTests {
    static let files = ["interpolation", "sections", "inverted", "comments", "partials", "delimiters"]

    /// Spec tests the engine does not pass, by file and test name, with the reason.
    static let unsupported: [(file: String, name: String, reason: String)] = []

    @Test(arguments: try loadCases())
    func specCase(_ spec: SpecCase) throws {
        let reason = Self.unsupported.first { $0.file == spec.file && $0.name == spec.name }?.reason
        guard let reason else {
            #expect(try spec.render() == spec.expected, "\(spec.description)\ntemplate: \(String(reflecting: spec.template))")
            return
        }
        withKnownIssue(Comment(rawValue: reason)) { () throws in
            let rendered = try spec.render()
            #expect(rendered == spec.expected)
        }
    }

    /// Every test of every file is a case, and every unsupported entry names one of them.
    @Test func everySpecTestIsACase() throws {
        let cases = try Self.loadCases()
        #expect(cases.count == 136)
        var perFile: [String: Int] = [:]
        for item in cases { perFile[item.file, default: 0] += 1 }
        #expect(perFile == ["interpolation": 42, "sections": 34, "inverted": 22, "comments": 12, "partials": 12, "delimiters": 14])
        #expect(Set(cases.map(\.id)).count == cases.count, "a file has two tests of the same name")
        for entry in Self.unsupported {
            #expect(cases.contains { $0.file == entry.file && $0.name == entry.name }, "\(entry.file): \(entry.name) is no spec test")
        }
    }

    // MARK: The spec's files

    struct SpecCase: Sendable, Identifiable, CustomTestStringConvertible {
        let file: String
        let name: String
        let data: JSON
        let template: String
        let partials: [String: String]
        let expected: String

        var id: String { "\(file): \(name)" }
        var description: String { id }
        var testDescription: String { id }

        /// The template filled in from the data, with the partials parsed from their text.
        func render() throws -> String {
            let partials = try partials.mapValues { try Template(parsing: $0) }
            return try Template(parsing: template).render(root: data.templateValue(), partials: partials).string
        }
    }

    private struct SpecFile: Decodable {
        struct Test: Decodable {
            let name: String
            let data: JSON
            let template: String
            let partials: [String: String]?
            let expected: String
        }
        let tests: [Test]
    }

    static func loadCases() throws -> [SpecCase] {
        try files.flatMap { file in
            let url = try #require(Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Fixtures/mustache-spec"))
            return try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url)).tests.map {
                SpecCase(file: file, name: $0.name, data: $0.data, template: $0.template, partials: $0.partials ?? [:], expected: $0.expected)
            }
        }
    }

    /// A JSON value as the spec writes its data.
    enum JSON: Sendable, Decodable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case array([JSON])
        case object([String: JSON])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .int(number)
            } else if let number = try? container.decode(Double.self) {
                self = .double(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let items = try? container.decode([JSON].self) {
                self = .array(items)
            } else {
                self = .object(try container.decode([String: JSON].self))
            }
        }

        struct Unrepresentable: Error, CustomStringConvertible {
            var description: String { "null outside an object: the engine has no null value, only a missing one" }
        }

        /// The engine's value for it. A null member of an object is left out: the engine's data holds a value that
        /// may be missing only when it is there, and a missing one renders as nothing and counts as false, which is
        /// what the spec asks of null.
        func templateValue() throws -> TemplateValue {
            switch self {
            case .null: throw Unrepresentable()
            case .bool(let flag): .bool(flag)
            case .int(let number): .int(number)
            case .double(let number): .double(number)
            case .string(let text): .string(text)
            case .array(let items): .list(try items.map { try $0.templateValue() })
            case .object(let members):
                .object(try members.filter { if case .null = $0.value { false } else { true } }.mapValues { try $0.templateValue() })
            }
        }
    }
}

import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// `notesite.toml` read into `SiteConfig`: every setting, its default, and each problem at its place.
@Suite struct SiteConfigTests {
    private func parse(_ text: String) -> SiteConfig {
        SiteConfig.parse(text, displayPath: "notesite.toml")
    }

    private func findings(_ config: SiteConfig) -> [String] {
        config.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.rule.id)" }
    }

    @Test func anEmptyFileIsEveryDefault() {
        let config = parse("")
        #expect(config.diagnostics.isEmpty)
        #expect(config.languages.all.map(\.code) == ["zh", "ru", "en"])
        #expect(config.title.isEmpty && config.description.isEmpty && config.menu.isEmpty)
        #expect(config.author == nil && config.baseURL == nil && config.defaultSwiftEra == nil && config.rules.isEmpty)
    }

    @Test func everySettingIsRead() throws {
        let config = parse("""
        [site]
        title = { en = "Field notes", ja = "フィールドノート" }
        description = "Notes."
        author = "A. Writer"
        base_url = "https://example.org/notes/"

        [[languages]]
        code = "ja"

        [[languages]]
        code = "en"
        name = "English (US)"
        html_lang = "en-US"

        [[languages]]
        code = "ar"
        search = "words"

        [[menu]]
        label = { en = "Source", ja = "ソース" }
        url = "https://github.com/example/notes"

        [swift]
        default_era = "4.2"

        [check.rules]
        "symbol.unknown" = "error"
        "frontmatter.draft" = "off"
        "link.unresolved" = "remark"
        """)
        #expect(config.diagnostics.isEmpty, "\(config.diagnostics.map(\.formatted))")
        #expect(config.languages.all.map(\.code) == ["ja", "en", "ar"])
        let ja = try #require(config.languages.language(code: "ja"))
        #expect(ja.nativeName == "日本語" && ja.englishName == "Japanese" && ja.htmlLang == "ja" && ja.tokenizer == .bigram && ja.direction == .ltr)
        let en = try #require(config.languages.language(code: "en"))
        #expect(en.nativeName == "English (US)" && en.htmlLang == "en-US" && en.tokenizer == .words)
        let ar = try #require(config.languages.language(code: "ar"))
        #expect(ar.direction == .rtl && ar.nativeName == "العربية")
        // The site's order, not the built-in one.
        #expect(ja < en && en < ar)
        #expect(config.title.text(in: ja) == "フィールドノート" && config.title.text(in: ar) == "Field notes")
        #expect(config.description.text(in: ja) == "Notes.")
        #expect(config.author == "A. Writer" && config.baseURL == "https://example.org/notes/")
        #expect(config.menu == [SiteConfig.MenuEntry(label: .init(byLanguage: ["en": "Source", "ja": "ソース"]), url: "https://github.com/example/notes")])
        #expect(config.defaultSwiftEra == "4.2")
        #expect(config.rules.byRule == ["symbol.unknown": .error, "frontmatter.draft": .off, "link.unresolved": .note])
    }

    @Test func unknownKeysAreWarningsWithTheNearestKeyAsAFixIt() throws {
        let config = parse("""
        # A comment.
        [site]
          titel = "x"

        [[languages]]
        code = "ja"
        nmae = "日本語"

        [check.rules]
        "symbol.unknwn" = "error"
        "no.such-rule" = "error"

        [swift]
        default_era = "infer"
        [sites]
        """)
        #expect(findings(config) == ["3:3 config.unknown-key", "7:1 config.unknown-key", "10:1 config.unknown-key",
                                     "11:1 config.unknown-key", "15:2 config.unknown-key"])
        let fixes = config.diagnostics.map { $0.fixIts.first.map { "\($0.original)→\($0.replacement)" } ?? "-" }
        #expect(fixes == ["titel→title", "nmae→name", "\"symbol.unknwn\"→\"symbol.unknown\"", "-", "sites→site"])
        // The fix-it replaces exactly the key: its range ends where the key does.
        let first = try #require(config.diagnostics.first?.fixIts.first)
        #expect(first.range.start == SourceLocation(line: 3, column: 3) && first.range.end == SourceLocation(line: 3, column: 8))
        #expect(config.languages.all.map(\.code) == ["ja"])
    }

    @Test func badValuesKeepTheirDefaultsAndSayWhere() {
        let config = parse("""
        [site]
        title = 3
        base_url = "example.org"

        [[languages]]
        code = "ja"
        dir = "up"
        search = "letters"

        [[languages]]
        name = "No code"

        [[menu]]
        url = "en/a.html"

        [swift]
        default_era = "6"

        [check.rules]
        "symbol.unknown" = "fatal"
        """)
        #expect(findings(config) == ["2:9 config.invalid", "3:12 config.invalid", "7:7 config.invalid", "8:10 config.invalid",
                                     "10:1 config.invalid", "13:1 config.invalid", "17:15 config.invalid", "20:20 config.invalid"])
        #expect(config.title.isEmpty && config.baseURL == nil && config.menu.isEmpty && config.defaultSwiftEra == nil && config.rules.isEmpty)
        // The language keeps its code; its other settings their defaults.
        #expect(config.languages.all.map(\.code) == ["ja"])
        #expect(config.languages.all.first?.direction == .ltr && config.languages.all.first?.tokenizer == .bigram)
    }

    @Test func aPerLanguageTextNamesOnlyTheSitesLanguages() {
        let config = parse("[site]\ntitle = { en = \"A\", jp = \"B\" }\n")
        #expect(findings(config) == ["2:21 config.unknown-key"])
        #expect(config.diagnostics.first?.message.contains("'jp' is not a language of the site (zh, ru, en)") == true)
        #expect(config.title.byLanguage == ["en": "A"])
    }

    @Test func tomlThatDoesNotParseIsOneErrorAtTheParsersPlace() {
        let config = parse("[site]\ntitle = \"unclosed\nauthor = \"x\"\n")
        #expect(config.diagnostics.count == 1)
        #expect(config.diagnostics.first?.rule == ConfigRule.invalid.rule)
        #expect(config.diagnostics.first?.location?.line == 2)
        #expect(config.diagnostics.first?.message.hasPrefix("the file is not valid TOML") == true)
        #expect(config.author == nil)
    }

    @Test func aMissingFileIsEveryDefaultAndAnUnreadableOneStops() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try SiteConfig.load(folder.appendingPathComponent("notesite.toml"), displayPath: "notesite.toml")
        #expect(missing.file == nil && missing.diagnostics.isEmpty)
        // A folder where the file should be cannot be read as one.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notesite.toml"), withIntermediateDirectories: true)
        #expect(throws: NotesiteError.self) { try SiteConfig.load(folder.appendingPathComponent("notesite.toml"), displayPath: "notesite.toml") }
    }

    @Test func placesFollowTablesArraysAndInlineTables() throws {
        let places = TOMLPlaces("""
        top = 1
        [a.b]
        "quoted.key" = { x = 1, 'y' = [1, { z = 2 }] }
        [[list]]
        k = "v # not a comment"
        [[list]]
        k = \"\"\"
        many = lines
        \"\"\"
        after = true
        [list.sub]
        deep = 1
        """)
        #expect(places[["top"]]?.key == SourceLocation(line: 1, column: 1))
        #expect(places[["a", "b", "quoted.key"]]?.key == SourceLocation(line: 3, column: 1))
        #expect(places[["a", "b", "quoted.key"]]?.written == "\"quoted.key\"")
        #expect(places[["a", "b", "quoted.key", "x"]]?.value == SourceLocation(line: 3, column: 22))
        #expect(places[["a", "b", "quoted.key", "y", "[1]", "z"]]?.key == SourceLocation(line: 3, column: 37))
        #expect(places[["list", "[0]", "k"]]?.value == SourceLocation(line: 5, column: 5))
        #expect(places[["list", "[1]", "k"]]?.key == SourceLocation(line: 7, column: 1))
        // A key inside a multi-line string is no key.
        #expect(places[["list", "[1]", "many"]] == nil)
        #expect(places[["list", "[1]", "after"]]?.key == SourceLocation(line: 10, column: 1))
        #expect(places[["list", "[1]", "sub", "deep"]]?.key == SourceLocation(line: 12, column: 1))
    }

    @Test func ruleSeveritiesSetOrSilenceEachFindingOfARule() {
        let rules = RuleSeverities(byRule: ["link.unresolved": .note, "frontmatter.draft": .off, "frontmatter.unknown-key": .error])
        var diagnostics = [
            Diagnostic(LinkRule.unresolved, file: "a.md", at: nil, "broken"),
            Diagnostic(FrontMatterRule.draft, file: "a.md", at: nil, "draft"),
            Diagnostic(FrontMatterRule.unknownKey, file: "a.md", at: nil, "key"),
            Diagnostic(FrontMatterRule.invalid, file: "a.md", at: nil, "invalid"),
        ]
        rules.apply(to: &diagnostics)
        #expect(diagnostics.map { "\($0.rule.id) \($0.severity.rawValue)" } == [
            "link.unresolved note", "frontmatter.unknown-key error", "frontmatter.invalid error",
        ])
        // check raises broken links to errors; the file has the last word.
        var checked = [Diagnostic(LinkRule.unresolved, file: "a.md", at: nil, "broken")]
        SiteDiagnostics.escalatedForCheck(&checked, rules: RuleSeverities(byRule: ["link.unresolved": .warning]))
        #expect(checked.map(\.severity) == [.warning])
        var unconfigured = [Diagnostic(LinkRule.unresolved, file: "a.md", at: nil, "broken")]
        SiteDiagnostics.escalatedForCheck(&unconfigured)
        #expect(unconfigured.map(\.severity) == [.error])
    }
}

/// `[swift] default_era`: what a note without `swift:` is checked as.
@Suite struct DefaultEraTests {
    @Test func aConfiguredEraStandsForAMissingSwiftKey() throws {
        let data = repositoryRoot.appendingPathComponent("Content/data")
        let curated = try String(contentsOf: data.appendingPathComponent("symbols.yml"), encoding: .utf8)
        let (list, _) = SymbolList.load(text: curated, file: "symbols.yml")
        let finder = MentionFinder(resolver: SymbolResolver(list: list))
        // Swift 5's spelling in a note of 2016 without `swift:`: its date makes it Swift 3, where the name was
        // another; configured as Swift 5, it is right, and no remark is needed.
        let text = "---\ntitle: t\ndate: 2016-10-01\nlang: en\n---\n```swift\nsplitViewController.preferredDisplayMode = .oneBesideSecondary\n```\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: text))
        let inferred = SymbolChecker(finder: finder).diagnostics(for: note!)
        #expect(inferred.contains { $0.rule == SymbolRule.era.rule })
        let configured = SymbolChecker(finder: finder, defaultEra: "5").diagnostics(for: note!)
        #expect(!configured.contains { $0.rule == SymbolRule.era.rule }, "\(configured.map(\.formatted))")
        #expect(configured.count < inferred.count, "\(inferred.map(\.formatted))")
    }
}

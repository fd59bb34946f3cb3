import Foundation

/// Puts a run's findings together in the order they are shown.
enum SiteDiagnostics {
    /// Each note's own findings (`own`, joined in path order, which is their files' order) merged with the site's:
    /// files that could not be read, the data's and the templates' problems, and what only the whole site shows
    /// (two notes on one page, two translations with one key, files published where the site writes its own).
    static func merged(notes own: [Diagnostic], unreadable: [Diagnostic], data: [Diagnostic], templates: TemplateSet,
                       index: SiteIndex, loader: ContentLoader) -> [Diagnostic] {
        var own = own
        if !own.isSortedForDisplay { own = own.sortedForDisplay() }
        let site = (templates.site.diagnostics + unreadable + data + templates.diagnostics + SiteIndex.duplicateSlugs(in: index.notes)
            + SiteIndex.duplicateTranslations(in: index.notes) + index.assetProblems(displayPath: loader.displayPath)).sortedForDisplay()
        var merged = site.mergedForDisplay(with: own)
        // `[check.rules]` in notesite.toml: each rule's severity, or none of its findings.
        templates.site.rules.apply(to: &merged)
        return merged
    }

    /// `check` checks API names against the known symbol list: without one, it says so rather than pass them all in
    /// silence.
    static func symbolListMissing(loader: ContentLoader) -> Diagnostic {
        Diagnostic(SymbolRule.unchecked, file: loader.displayPath("data/symbols.yml"), at: nil,
                   "there is no known symbol list, so the API names in the notes' code are not checked; add this file to check them (its form is in the README)")
    }

    /// Broken links and images are warnings while drafting (`build` still renders the page) and errors in the CI
    /// gate: `check` raises them (`Rule.isErrorInCheck`). Then `rules`, notesite.toml's `[check.rules]`, has the
    /// last word, over check's own raising too.
    static func escalatedForCheck(_ diagnostics: inout [Diagnostic], rules: RuleSeverities = RuleSeverities()) {
        // In place: a large site's check has tens of thousands of findings, and copying one copies its strings.
        for i in diagnostics.indices where diagnostics[i].severity == .warning && diagnostics[i].rule.isErrorInCheck {
            diagnostics[i].severity = .error
        }
        rules.apply(to: &diagnostics)
    }
}

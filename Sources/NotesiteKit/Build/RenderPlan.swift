import Foundation

/// Which pages a rebuild of `IncrementalBuild` renders.
struct RenderPlan {
    var everything = false
    var notes: Set<String> = []
    var listings = false
    var reference = false
    var sitePages = false
    /// The Atom feed and sitemap: they change with the lists, and with a note's author.
    var feed = false
    /// Assets (paths below `notes/`) to copy again or delete.
    var assets: Set<String> = []

    static let everything = RenderPlan(everything: true)

    /// The pages an edit of `touched` notes can change: their own pages; when a note's place in the lists
    /// changed (title, date, summary, translation, tags, draft label, or the note came or went), the lists (the tag
    /// pages among them; all pages when a tag's page comes or goes), its neighbours and
    /// its translations, before and after; the reference when mentions changed; the search scripts whenever a
    /// note changed, and the feed when its entry did.
    static func after(touched: Set<String>, assets: Set<String>, before: SiteIndex, after: SiteIndex,
                      referenceChanged: Bool) -> RenderPlan {
        if before.assets != after.assets { return .everything }
        // A tag's page that comes or goes: the files of the site change, which only a complete run writes.
        if touched.contains(where: { before.note(atSourcePath: $0)?.metadata.tags != after.note(atSourcePath: $0)?.metadata.tags }),
           Set(TagIndex(before).pagePaths) != Set(TagIndex(after).pagePaths) {
            return .everything
        }
        var plan = RenderPlan()
        plan.assets = assets
        plan.reference = referenceChanged
        plan.sitePages = !touched.isEmpty
        for path in touched {
            let old = before.note(atSourcePath: path)
            let new = after.note(atSourcePath: path)
            if old == nil || new == nil || old!.outputPath != new!.outputPath {
                // A note came, went or moved: links to it from other pages change with it.
                return .everything
            }
            plan.notes.insert(path)
            // The reference's "Mentioned in" lists show the note's title and section headings.
            if old!.headings.map({ [$0.id, $0.text] }) != new!.headings.map({ [$0.id, $0.text] }) {
                plan.reference = true
            }
            if old!.metadata.source?.author != new!.metadata.source?.author { plan.feed = true }
            if !Self.sameListing(old!, new!) {
                plan.listings = true
                plan.feed = true
                plan.reference = true
                for site in [before, after] {
                    guard let note = site.note(atSourcePath: path) else { continue }
                    let (previous, next) = site.neighbours(of: note)
                    for other in [previous, next].compactMap({ $0 }) + site.translations(of: note) {
                        plan.notes.insert(other.source.path)
                    }
                }
            }
        }
        plan.notes = plan.notes.filter { after.position(ofSourcePath: $0) != nil }
        return plan
    }

    private static func sameListing(_ a: Note, _ b: Note) -> Bool {
        a.metadata.title == b.metadata.title && a.metadata.date == b.metadata.date
            && a.metadata.summary == b.metadata.summary && a.metadata.translationKey == b.metadata.translationKey
            && a.language == b.language && a.metadata.tags == b.metadata.tags && a.metadata.draft == b.metadata.draft
    }
}

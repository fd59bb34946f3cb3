import Foundation

extension SiteOptions {
    /// Reads the project's `notesite.toml` at `url` into `site`, and takes from it what the command line left
    /// unsaid: a flag wins over the file, the file over the defaults. Throws when the file is there but unreadable.
    public mutating func configure(from url: URL, displayPath: String) throws {
        site = try SiteConfig.load(url, displayPath: displayPath)
        if baseURL == nil { baseURL = site.baseURL }
    }

    /// The templates as this run reads them: the defaults, overridden by the project's folder.
    func loadTemplates() throws -> TemplateSet {
        try TemplateSet(folder: templates, displayPath: templatesDisplay, required: templatesRequired, site: site)
    }

    /// The content folder's reader, for the site's languages.
    func contentLoader() -> ContentLoader {
        ContentLoader(root: content, displayRoot: contentDisplay, languages: site.languages)
    }
}

/// Markup put together as UTF-8 bytes, for the pages: a `String` append checked its storage, its capacity and its
/// ASCII flag each time, and a page is thousands of appends. A page's bytes go to its file as they are, so the
/// text is never decoded again either. Markup rendered ahead (a note's body) is handed to the template as one of
/// these, which the template copies in as it is.
struct HTMLOutput: Sendable {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { bytes.isEmpty }
    /// How many bytes.
    var count: Int { bytes.count }

    /// Appends `markup` as it is (from its contiguous bytes, which is quicker than through its `utf8` view).
    static func += (out: inout HTMLOutput, markup: String) {
        var markup = markup
        markup.withUTF8 { out.bytes.append(contentsOf: $0) }
    }

    /// Appends `markup` as it is.
    static func += (out: inout HTMLOutput, markup: HTMLOutput) {
        out.bytes.append(contentsOf: markup.bytes)
    }

    /// Appends markup's UTF-8 bytes as they are.
    mutating func append(_ markup: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: markup)
    }

    /// Appends `text` escaped for text or a quoted attribute (`&`, `<`, `>`, `"`, and `'` with `apostrophe`).
    mutating func appendEscaped(_ text: String, apostrophe: Bool = false) {
        var text = text
        text.withUTF8 { Escape.append($0, apostrophe: apostrophe, to: &bytes) }
    }

    /// The markup as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

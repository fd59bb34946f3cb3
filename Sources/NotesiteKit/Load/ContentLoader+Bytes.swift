import Foundation
import NotesiteMarkdown

/// Reading a file's bytes and decoding them as a note's text.
extension ContentLoader {
    /// Why a file's bytes are not a note's text, and where.
    struct EncodingProblem: Error {
        var location: SourceLocation?
        var message: String
    }

    /// Why a file could not be read: its `errno`, or what the path is when it is no regular file.
    struct ReadFailure: Error {
        var code: Int32
        /// "a named pipe", "a device", "a socket", "a folder": what stands at the path instead of a file.
        var notAFile: String?

        init(code: Int32, notAFile: String? = nil) {
            self.code = code
            self.notAFile = notAFile
        }

        /// Why, in words, for a message: "Permission denied", "it is a named pipe, not a file".
        var reason: String {
            notAFile.map { "it is \($0), not a file" } ?? String(cString: strerror(code))
        }
    }

    /// The bytes of the file at `path`, or the `errno` that stopped reading them. Plain `open` and `read` calls
    /// into one array sized by `fstat`: `FileManager.contents(atPath:)` cost more than decoding the text.
    /// `limit`: at most this many bytes, from the start.
    /// Only a regular file is read: opening a named pipe would wait for a writer, for good, and a device could
    /// give bytes without end. So the file is opened without waiting (which changes nothing for a regular file)
    /// and anything else is a failure that says what it is.
    static func contents(ofFile path: String, upTo limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        sizedContents(ofFile: path, upTo: limit).map(\.bytes)
    }

    /// `contents(ofFile:upTo:)` with the size of the whole file, as `fstat` gave it before the read.
    static func sizedContents(ofFile path: String, upTo limit: Int = .max) -> Result<SizedBytes, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(ReadFailure(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(code: errno)) }
        if let kind = notAFile(info.st_mode) { return .failure(ReadFailure(code: EINVAL, notAFile: kind)) }
        return contents(of: descriptor, size: Int(info.st_size), upTo: limit).map { SizedBytes(bytes: $0, fileSize: Int(info.st_size)) }
    }

    /// Bytes read from the start of a file, and the size of the whole file.
    struct SizedBytes {
        var bytes: [UInt8]
        var fileSize: Int
    }

    /// What a path of mode `mode` is when it is no regular file; nil for a regular file.
    static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    /// The bytes of the open file `descriptor`, from where it stands, up to `limit`. `size` is the file's size as
    /// the caller's `fstat` of it gave it (every caller looks at the file before reading it).
    static func contents(of descriptor: Int32, size: Int, upTo limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        // One byte more than the size, so that a file that grew since `fstat` shows it by filling the array. Read
        // into memory that is not zeroed first: zeroing every note's bytes before reading over them is work that
        // shows beside cmark-gfm's parse of them (`make bench-stages`).
        let capacity = min(size + 1, limit)
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            while initialized < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 { return }
                initialized += read
            }
        }
        if let failure { return .failure(ReadFailure(code: failure)) }
        var count = bytes.count
        // A file that filled the array has grown: it is read on, the array growing, up to `limit`.
        let grew = count == capacity
        while grew && count < limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit - count)) }
            let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }

    /// UTF-8 without a byte-order mark and with `\n` line ends, or nil when the bytes are not UTF-8.
    static func decode(_ data: Data) -> String? {
        try? data.withUnsafeBytes { decodeReporting($0) }.get()
    }

    /// `decode`, with the place of the first byte that is not UTF-8, or the sign that the file is binary.
    static func decodeReporting(_ raw: UnsafeRawBufferPointer) -> Result<String, EncodingProblem> {
        // The common case on raw bytes: no NUL (memchr) and valid UTF-8.
        if let base = raw.bindMemory(to: UInt8.self).baseAddress {
            var bytes = UnsafeBufferPointer(start: base, count: raw.count)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            if bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil, let text = UTF8Text.string(bytes) {
                return .success(normalise(text))
            }
        } else {
            return .success("")
        }
        // Walking `Data` byte by byte costs an exclusivity check per byte; only a file that is not a note's text
        // gets here.
        let data = Data(raw)
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.prefix(8192).contains(0) {
            let kind = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "a PNG image" : bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "a JPEG image"
                : bytes.starts(with: [0x25, 0x50, 0x44, 0x46]) ? "a PDF" : "a binary file"
            return .failure(EncodingProblem(location: nil, message: "this is \(kind), not a Markdown note; give it its own extension (notes are the .md files)"))
        }
        if let nul = bytes.firstIndex(of: 0) {
            // cmark-gfm would read a NUL as U+FFFD (three bytes), and every later column on its line would be off.
            let before = bytes[..<nul]
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
            return .failure(EncodingProblem(location: SourceLocation(line: line, column: nul - lineStart + 1),
                                            message: "the note holds a NUL byte, which text never does; delete it"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // The first byte that is not part of a UTF-8 sequence, as a line and a byte column.
            var line = 1
            var lineStart = bytes.startIndex
            var index = bytes.startIndex
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var offset = bytes.startIndex
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    let length = UTF8.width(scalar)
                    if scalar == "\n" { line += 1; lineStart = offset + 1 }
                    offset += length
                case .emptyInput: break loop
                case .error:
                    index = offset
                    break loop
                }
            }
            let column = index - lineStart + 1
            return .failure(EncodingProblem(location: SourceLocation(line: line, column: column),
                                            message: "the byte 0x\(String(bytes[index], radix: 16, uppercase: true)) is not UTF-8; the note must be saved as UTF-8 (it may be in GBK, Windows-1251 or Latin-1)"))
        }
        return .success(normalise(text))
    }

    private static func normalise(_ text: String) -> String {
        var text = text
        if text.containsASCII("\r") {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text
    }
}

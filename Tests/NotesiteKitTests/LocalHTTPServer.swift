import Foundation
import NotesiteTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1 and a free port, for the external-link tests. It answers by path:
/// `/ok` 200, `/gone` 404, `/moved` 301 to `/ok`, `/no-head` 405 to HEAD and 200 to GET, `/slow` after two seconds.
/// It counts the requests it gets and stops when released.
final class LocalHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    private var _requests: [String] = []

    var requests: [String] { lock.withLock { _requests } }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw TestFailure("cannot listen on 127.0.0.1")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [weak self] in self?.acceptLoop() }
        thread.start()
    }

    deinit {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func acceptLoop() {
        let fd = socketFD
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            Thread { [weak self] in
                guard let self else { _ = close(client); return }
                self.serve(client)
            }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(client, &buffer, buffer.count)
        guard count > 0 else { return }
        let requestLine = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return }
        let method = String(parts[0]), path = String(parts[1])
        lock.withLock { _requests.append("\(method) \(path)") }
        var status = "200 OK"
        var headers = ""
        switch path {
        case "/ok": break
        case "/gone": status = "404 Not Found"
        case "/moved": status = "301 Moved Permanently"; headers = "Location: \(url("/ok"))\r\n"
        case "/no-head": if method == "HEAD" { status = "405 Method Not Allowed" }
        case "/slow": Thread.sleep(forTimeInterval: 2)
        default: status = "404 Not Found"
        }
        let response = "HTTP/1.0 \(status)\r\n\(headers)Content-Length: 0\r\nConnection: close\r\n\r\n"
        _ = response.withCString { write(client, $0, strlen($0)) }
    }
}

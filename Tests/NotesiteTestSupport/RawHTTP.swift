import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 client over a plain socket, for what URLSession will not do: send a path exactly as written
/// (`/../etc/passwd`, `%2e%2e`) and read a server-sent event stream as it arrives. Every read has a deadline.
public final class RawHTTP {
    private let socket: Int32
    private var buffer: [UInt8] = []

    public init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestFailure("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw TestFailure("cannot connect to port \(port)")
        }
    }

    deinit { close(socket) }

    public func send(_ request: String) {
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `GET path` on a connection that closes after the answer.
    public static func get(_ path: String, port: Int) throws -> (status: Int, headers: String, body: String) {
        let client = try RawHTTP(port: port)
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let text = client.readAll(deadline: .now() + 60)
        guard let split = text.range(of: "\r\n\r\n") else { throw TestFailure("no answer to GET \(path): \(text)") }
        let head = String(text[..<split.lowerBound])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, String(text[split.upperBound...]))
    }

    /// Reads until the server closes the connection or the deadline passes.
    public func readAll(deadline: DispatchTime) -> String {
        while readSome(until: deadline) {}
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads until `text` has arrived (returning everything read so far) or the deadline passes (nil).
    public func read(until text: String, deadline: DispatchTime) -> String? {
        while true {
            let got = String(decoding: buffer, as: UTF8.self)
            if got.contains(text) { return got }
            guard readSome(until: deadline) else { return String(decoding: buffer, as: UTF8.self).contains(text) ? got : nil }
        }
    }

    /// One `recv` with the time left as its timeout; false when the connection closed or time ran out.
    private func readSome(until deadline: DispatchTime) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline.uptimeNanoseconds > now else { return false }
        let left = deadline.uptimeNanoseconds - now
        var timeout = timeval(tv_sec: Int(left / 1_000_000_000), tv_usec: Int((left % 1_000_000_000) / 1000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }
}

/// A failure a helper outside a test function reports by throwing.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

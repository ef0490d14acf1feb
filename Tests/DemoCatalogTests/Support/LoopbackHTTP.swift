import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal blocking HTTP/1.1 client over a raw socket, for talking to the demo server on 127.0.0.1 in tests
/// without depending on URLSession's caching or the project's own (separately developed) loader.
enum LoopbackHTTP {
  struct Response {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: [UInt8]

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// `GET` (or another method) `pathAndQuery` on 127.0.0.1:`port`, with `Connection: close` so the body ends at EOF.
  static func get(port: Int, _ pathAndQuery: String, headers: [String: String] = [:], method: String = "GET")
    async throws -> Response
  {
    // On a thread of its own: blocking in the cooperative pool (two threads on this machine) would starve the
    // server's own handlers and deadlock until the socket timeout.
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try request(port: port, pathAndQuery, headers: headers, method: method) })
      }.start()
    }
  }

  private static func request(port: Int, _ pathAndQuery: String, headers: [String: String], method: String) throws
    -> Response
  {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
    defer { close(socketFD) }
    // A safety net only: a hung server fails the test instead of hanging it. Generous, because the server's
    // handlers run on Swift's cooperative threads, which the rest of the suite may keep busy for minutes.
    var timeout = timeval(tv_sec: 600, tv_usec: 0)
    setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "connect() to port \(port) failed") }

    var head = "\(method) \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    let requestBytes = Array(head.utf8)
    guard send(socketFD, requestBytes, requestBytes.count, 0) == requestBytes.count else {
      throw Failure(description: "send() failed")
    }

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(socketFD, &buffer, buffer.count, 0)
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw Failure(description: "recv() failed (errno \(errno))") }
      if count == 0 { break }
      received += buffer[0..<count]
    }
    return try parse(received, expectBody: method != "HEAD")
  }

  private static func parse(_ bytes: [UInt8], expectBody: Bool) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let headEnd = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }),
      let head = String(bytes: bytes[0..<headEnd], encoding: .utf8)
    else { throw Failure(description: "no HTTP head in \(bytes.count) bytes") }
    let lines = head.components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Array(bytes[(headEnd + 4)...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
    return Response(status: status, headers: headers, body: expectBody ? body : [])
  }

  private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard let lineEnd = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
        let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
      else { throw Failure(description: "bad chunk header") }
      if size == 0 { break }
      output += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
      index = lineEnd + 2 + size + 2
    }
    return output
  }
}

extension LoopbackHTTP.Response: Sendable {}

import Foundation

/// Serves the requests of one keep-alive connection on its own thread.
struct HTTPTestConnection {
  typealias Request = HTTPTestServer.Request
  typealias Reply = HTTPTestServer.Reply

  let fd: Int32
  let number: Int
  let server: HTTPTestServerEngine

  private enum Outcome {
    case keepAlive
    case close
  }

  func serve() {
    var buffer: [UInt8] = []
    while let request = readRequest(&buffer) {
      let reply = server.handle(request)
      let outcome = send(reply, to: request)
      server.replyFinished()
      guard case .keepAlive = outcome, !wantsClose(request) else { return }
    }
  }

  // MARK: - Reading

  /// The next request on the connection, or nil when the client closed it, sent garbage, or the server stops.
  private func readRequest(_ buffer: inout [UInt8]) -> Request? {
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while true {
      headEnd = buffer.firstRange(of: terminator)?.upperBound
      if headEnd != nil { break }
      guard buffer.count < 64 * 1024, HTTPTestSocket.receive(fd, into: &buffer) else { return nil }
      // Not an HTTP method (e.g. a TLS ClientHello starts with 0x16): answer like a real server would, don't hang.
      if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
        HTTPTestSocket.sendAll(fd, head(status: 400, headers: ["Content-Length": "0", "Connection": "close"]))
        return nil
      }
    }
    guard let headEnd else { return nil }
    let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard !lines.isEmpty else { return nil }
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    buffer.removeFirst(headEnd)

    if headers["expect"]?.lowercased() == "100-continue" {
      HTTPTestSocket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    let bodyLength = Int(headers["content-length"] ?? "") ?? 0
    while buffer.count < bodyLength {
      guard HTTPTestSocket.receive(fd, into: &buffer) else { return nil }
    }
    let body = Array(buffer[0..<bodyLength])
    buffer.removeFirst(bodyLength)
    return Request(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body,
      connection: number)
  }

  private func wantsClose(_ request: Request) -> Bool {
    request.header("connection")?.lowercased() == "close"
  }

  // MARK: - Writing

  private func send(_ reply: Reply, to request: Request) -> Outcome {
    switch reply {
    case .response(let status, let headers, let body):
      let hasBody = !(100..<200).contains(status) && status != 204 && status != 304
      var allHeaders = headers
      if hasBody, !headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
        allHeaders["Content-Length"] = String(body.count)
      }
      let bytes = head(status: status, headers: allHeaders) + (hasBody && request.method != "HEAD" ? body : [])
      return HTTPTestSocket.sendAll(fd, bytes) ? .keepAlive : .close

    case .okWithLines(let lines, let body):
      let text = (["HTTP/1.1 200 OK"] + lines + ["Content-Length: \(body.count)", "", ""]).joined(separator: "\r\n")
      let bytes = Array(text.utf8) + (request.method != "HEAD" ? body : [])
      return HTTPTestSocket.sendAll(fd, bytes) ? .keepAlive : .close

    case .redirect(let location, let status):
      let bytes = head(status: status, headers: ["Location": location, "Content-Length": "0"])
      return HTTPTestSocket.sendAll(fd, bytes) ? .keepAlive : .close

    case .resetAfterHeaders:
      return send(.reset(afterBodyBytes: 0), to: request)

    case .reset(let count):
      HTTPTestSocket.sendAll(fd, head(status: 200, headers: ["Content-Length": String(count + 4096)]) + filler(count))
      HTTPTestSocket.closeWithReset(fd)
      return .close

    case .shortBody(let declared, let actual):
      HTTPTestSocket.sendAll(fd, head(status: 200, headers: ["Content-Length": String(declared)]) + filler(actual))
      return .close

    case .stallAfterHeaders:
      HTTPTestSocket.sendAll(fd, head(status: 200, headers: ["Content-Length": "4096"]))
      // Wait for the client to hang up (or the server to stop, which shuts the socket down).
      var ignored: [UInt8] = []
      while HTTPTestSocket.receive(fd, into: &ignored) { ignored.removeAll() }
      return .close

    case .endlessBody:
      guard HTTPTestSocket.sendAll(fd, head(status: 200, headers: ["Transfer-Encoding": "chunked"])) else {
        return .close
      }
      let chunk = Array("4000\r\n".utf8) + filler(0x4000) + Array("\r\n".utf8)
      while !server.isStopped, HTTPTestSocket.sendAll(fd, chunk) {}
      return .close

    case .closeWithoutResponse:
      return .close

    case .delayed(let duration, let reply):
      return server.pause(for: duration) ? send(reply, to: request) : .close

    case .drip(let body, let interval):
      guard HTTPTestSocket.sendAll(fd, head(status: 200, headers: ["Content-Length": String(body.count)])) else {
        return .close
      }
      for byte in body {
        guard server.pause(for: interval), HTTPTestSocket.sendAll(fd, [byte]) else { return .close }
      }
      return .keepAlive
    }
  }

  private func head(status: Int, headers: [String: String]) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return Array((text + "\r\n").utf8)
  }

  /// Reason phrases are informational only; clients must not depend on them.
  private func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    default: "Status \(status)"
    }
  }

  /// Deterministic body bytes: "0123456789" repeated.
  private func filler(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "0") + UInt8($0 % 10) }
  }
}

extension HTTPTestConnection: Sendable {}

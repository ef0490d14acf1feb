import FoundationEssentials
import Hummingbird
import ImageCache
import ImageCacheSupport

/// Routes `/2.0/` to the API and `/i/u/<size>/<id>.png` to the covers, like Last.fm's API host and CDN.
struct DemoResponder: HTTPResponder {
  typealias Context = BasicRequestContext

  let covers: CoverStore
  let origin: ServerOrigin
  var clock: DemoServer.Clock = DemoServer.systemClock

  /// Covers never change for a given id, so clients may keep them for a day without asking again.
  static let coverCacheControl = "public, max-age=86400"

  /// The longest request target served; longer ones get 414, as from nginx's default 8 KB header buffer.
  /// Nothing the catalog holds needs more, and a parameter of megabytes would only cost lowercasing and search time.
  static let maxTargetBytes = 8192

  func respond(to request: Request, context: Context) async throws -> Response {
    try reply(to: request).response
  }

  /// The answer to `request`: everything the server does apart from the socket, so the fuzz target can drive it.
  func reply(to request: Request) throws -> DemoReply {
    guard request.method == .get || request.method == .head else { return DemoReply(.methodNotAllowed) }
    guard request.uri.string.utf8.count <= Self.maxTargetBytes else { return DemoReply(.uriTooLong) }
    let path = request.uri.path
    if path == "/2.0" || path == "/2.0/" {
      return api(query: request.uri.query ?? "")
    }
    let segments = path.split(separator: "/")
    if segments.count == 4, segments[0] == "i", segments[1] == "u", segments[3].hasSuffix(".png"),
      let size = CoverSize(pathComponent: String(segments[2]))
    {
      return try cover(id: String(segments[3].dropLast(4)), size: size, headers: request.headers)
    }
    return DemoReply(.notFound)
  }

  private func api(query: String) -> DemoReply {
    let body = DemoAPI(catalog: covers.catalog, imageOrigin: origin.value, now: clock()).body(
      for: Self.parameters(query))
    // Last.fm reports API errors in the JSON body with HTTP 200, so every answer here is 200.
    return DemoReply(.ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
  }

  private func cover(id: String, size: CoverSize, headers requestHeaders: HTTPFields) throws -> DemoReply {
    guard let image = try covers.image(id: id, size: size) else { return DemoReply(.notFound) }
    let headers: HTTPFields = [
      .contentType: "image/png", .eTag: image.etag, .lastModified: DemoDates.coversLastModified,
      .cacheControl: Self.coverCacheControl,
    ]
    if Self.isNotModified(requestHeaders, etag: image.etag) {
      return DemoReply(.notModified, headers: headers)
    }
    return DemoReply(.ok, headers: headers, body: image.png)
  }

  /// RFC 9110 §13.1: If-None-Match wins when present (weak comparison); If-Modified-Since only without it.
  static func isNotModified(_ headers: HTTPFields, etag: String) -> Bool {
    if let candidates = headers[.ifNoneMatch] {
      return candidates.split(separator: ",").contains { candidate in
        let tag = candidate.trimmingWhitespace()
        return tag == "*" || tag == etag || tag == "W/" + etag
      }
    }
    if let since = headers[.ifModifiedSince], let seconds = HTTPDate.secondsSinceEpoch(imfFixdate: since) {
      return seconds >= DemoDates.coversLastModifiedSeconds
    }
    return false
  }

  /// Query parameters with form decoding (`+` is a space) and lowercased names; the last of repeated names wins.
  static func parameters(_ query: String) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String {
        let spaced = text.replacing("+", with: " ")
        return PercentEncoding.decode(spaced) ?? String(spaced)
      }
      parameters[decode(parts[0]).lowercased()] = parts.count > 1 ? decode(parts[1]) : ""
    }
    return parameters
  }
}

/// A status, headers and body, before Hummingbird turns them into a response.
struct DemoReply {
  let status: HTTPResponse.Status
  let headers: HTTPFields
  let body: [UInt8]

  /// Bodiless answers (404, 405, 414) say only their status, as plain text.
  init(
    _ status: HTTPResponse.Status, headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"], body: [UInt8] = []
  ) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  var response: Response {
    body.isEmpty
      ? Response(status: status, headers: headers)
      : Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
  }
}

extension DemoServer {
  /// What the server answers to a GET of `target` (path and query, as on the request line), without a socket.
  /// For the fuzz target: the same request type, routing, parsing and API code as a served request.
  public static func reply(toTarget target: String, covers: CoverStore) throws -> (status: Int, body: [UInt8]) {
    let request = Request(
      head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: target),
      body: RequestBody(buffer: ByteBuffer()))
    let reply = try DemoResponder(covers: covers, origin: ServerOrigin()).reply(to: request)
    return (reply.status.code, reply.body)
  }
}

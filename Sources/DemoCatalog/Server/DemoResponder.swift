import Foundation
import Hummingbird
import ImageCache

/// Routes `/2.0/` to the API and `/i/u/<size>/<id>.png` to the covers, like Last.fm's API host and CDN.
struct DemoResponder: HTTPResponder {
  typealias Context = BasicRequestContext

  let covers: CoverStore
  let origin: ServerOrigin

  /// Covers never change for a given id, so clients may keep them for a day without asking again.
  static let coverCacheControl = "public, max-age=86400"

  func respond(to request: Request, context: Context) async throws -> Response {
    guard request.method == .get || request.method == .head else { return Self.plain(.methodNotAllowed) }
    let path = request.uri.path
    if path == "/2.0" || path == "/2.0/" {
      return api(request)
    }
    let segments = path.split(separator: "/")
    if segments.count == 4, segments[0] == "i", segments[1] == "u", segments[3].hasSuffix(".png"),
      let size = CoverSize(pathComponent: String(segments[2]))
    {
      return try cover(id: String(segments[3].dropLast(4)), size: size, request: request)
    }
    return Self.plain(.notFound)
  }

  private func api(_ request: Request) -> Response {
    let body = DemoAPI(catalog: covers.catalog, imageOrigin: origin.value)
      .respond(to: Self.parameters(request.uri.query ?? ""))
    // Last.fm reports API errors in the JSON body with HTTP 200, so every answer here is 200.
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  private func cover(id: String, size: CoverSize, request: Request) throws -> Response {
    guard let image = try covers.image(id: id, size: size) else { return Self.plain(.notFound) }
    let headers: HTTPFields = [
      .contentType: "image/png", .eTag: image.etag, .lastModified: DemoDates.coversLastModified,
      .cacheControl: Self.coverCacheControl,
    ]
    if Self.isNotModified(request.headers, etag: image.etag) {
      return Response(status: .notModified, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image.png)))
  }

  /// RFC 9110 §13.1: If-None-Match wins when present (weak comparison); If-Modified-Since only without it.
  static func isNotModified(_ headers: HTTPFields, etag: String) -> Bool {
    if let candidates = headers[.ifNoneMatch] {
      return candidates.split(separator: ",").contains { candidate in
        let tag = candidate.trimmingCharacters(in: .whitespaces)
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
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      parameters[decode(parts[0]).lowercased()] = parts.count > 1 ? decode(parts[1]) : ""
    }
    return parameters
  }

  private static func plain(_ status: HTTPResponse.Status) -> Response {
    Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"])
  }
}

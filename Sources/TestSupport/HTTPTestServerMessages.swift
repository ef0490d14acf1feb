import Foundation

extension HTTPTestServer {
  /// A request as the server received it.
  public struct Request: Equatable {
    public var method: String
    /// Path with query, exactly as sent on the request line, e.g. `/2.0/?method=artist.search&api_key=k`.
    public var target: String
    /// Header names lower-cased; the last value wins for repeated headers.
    public var headers: [String: String]
    public var body: [UInt8]
    /// 1-based number of the TCP connection it arrived on, in accept order (same number = connection reused).
    public var connection: Int

    public init(method: String, target: String, headers: [String: String], body: [UInt8] = [], connection: Int) {
      self.method = method
      self.target = target
      self.headers = headers
      self.body = body
      self.connection = connection
    }

    /// The target without its query.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// Decoded query items, in order (`+` is not treated as a space).
    public var queryItems: [URLQueryItem] {
      URLComponents(string: "http://h\(target)")?.queryItems ?? []
    }

    public func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
  }

  /// What the handler wants the server to do with a request: answer normally, or misbehave in a precise way.
  public indirect enum Reply: Equatable {
    /// A complete response with a correct `Content-Length` (omitted for 1xx, 204 and 304).
    case response(status: Int, headers: [String: String] = [:], body: [UInt8] = [])
    /// A 200 with its header lines exactly as given (`"Cache-Control: no-store"`), in order, so a field can be
    /// sent over several lines; `Content-Length` is added.
    case okWithLines([String], body: [UInt8])
    /// `Location: url` with the given 3xx status.
    case redirect(to: String, status: Int = 302)
    /// Headers declaring a body, then a TCP reset (SO_LINGER 0) before any body byte.
    case resetAfterHeaders
    /// Headers declaring a longer body, `afterBodyBytes` bytes of it, then a TCP reset.
    case reset(afterBodyBytes: Int)
    /// `Content-Length: declaredLength`, then only `actual` bytes and an orderly close.
    case shortBody(declaredLength: Int, actual: Int)
    /// Headers declaring a body, then silence until the client gives up or the server stops.
    case stallAfterHeaders
    /// A chunked 200 that never ends, until the client goes away or the server stops.
    case endlessBody
    /// Close the connection without writing anything.
    case closeWithoutResponse
    /// Wait (on the connection thread), then do `reply`. Stopping the server cuts the wait short.
    case delayed(by: Duration, Reply)
    /// A 200 declaring `body`'s length, then its bytes one at a time, one every `every`: a server that is never
    /// idle long enough to count as stalled and never done. Ends when the client goes or the server stops.
    case drip(body: [UInt8], every: Duration)

    /// 200 with a body and optional headers.
    public static func ok(_ body: [UInt8], headers: [String: String] = [:]) -> Reply {
      .response(status: 200, headers: headers, body: body)
    }

    /// A UTF-8 text body (e.g. Last.fm JSON) with the given status and content type.
    public static func text(
      _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
      headers: [String: String] = [:]
    ) -> Reply {
      .response(
        status: status, headers: headers.merging(["Content-Type": contentType]) { own, _ in own },
        body: Array(text.utf8))
    }

    /// Just a status, empty body.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> Reply {
      .response(status: status, headers: headers, body: [])
    }
  }
}

extension HTTPTestServer.Request: Sendable {}
extension HTTPTestServer.Reply: Sendable {}

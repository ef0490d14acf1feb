import Foundation

/// A small HTTP/1.1 server for tests: 127.0.0.1, ephemeral port, one thread per connection, keep-alive.
///
///     let server = try HTTPTestServer { request in
///       request.path == "/a.png" ? .ok(png) : .status(404)
///     }
///     defer { server.stop() }
///     let url = server.url("/a.png")
///
/// The handler runs on the connection's thread and may block (e.g. to hold requests in flight). The server records
/// every request and counts accepted connections and the peak number of requests being handled at once.
public final class HTTPTestServer {
  public typealias Handler = @Sendable (Request) -> Reply

  private let engine: HTTPTestServerEngine

  public init(handler: @escaping Handler) throws {
    engine = try HTTPTestServerEngine(handler: handler)
  }

  /// Stopping on release keeps a forgotten `stop()` from leaking threads into later tests.
  deinit { engine.stop() }

  public var port: UInt16 { engine.port }
  /// `http://127.0.0.1:<port>` (no trailing slash).
  public var baseURL: URL { engine.baseURL }

  /// `baseURL` plus a path (with optional query), e.g. `url("/img/1.png?size=64")`.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: baseURL.absoluteString + (pathAndQuery.hasPrefix("/") ? "" : "/") + pathAndQuery)!
  }

  /// The same server under the host name `localhost`: a different host to libcurl.
  public var localhostBaseURL: URL { URL(string: "http://localhost:\(port)")! }

  /// Every request received so far, in arrival order.
  public var requests: [Request] { engine.requests }
  public var requestCount: Int { engine.requestCount }
  /// TCP connections accepted so far.
  public var acceptedConnections: Int { engine.acceptedConnections }
  /// Requests whose reply is being produced or written right now.
  public var requestsInFlight: Int { engine.requestsInFlight }
  /// The most requests ever in flight at once.
  public var peakConcurrentRequests: Int { engine.peakConcurrentRequests }
  public var isStopped: Bool { engine.isStopped }

  /// Closes the listener and every connection (stalled and endless replies end at once), then waits briefly for the
  /// server's threads; handlers still blocked in user code are not waited for beyond a few seconds. Idempotent.
  public func stop() { engine.stop() }
}

extension HTTPTestServer: Sendable {}

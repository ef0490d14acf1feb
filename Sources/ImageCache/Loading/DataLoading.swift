import FoundationEssentials

/// Fetches bytes over HTTP(S). The one transport of the project: images and Last.fm JSON both go through it.
public protocol DataLoading: Sendable {
  /// One transfer (following redirects within the rules); no retries at this level.
  /// Cancelling the calling task aborts the transfer. Non-2xx statuses are *returned*, not thrown,
  /// so callers can handle 304 and read error bodies; transport failures throw `TransferError`.
  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse
}

/// One HTTP GET for a `DataLoading` transport.
public struct DataRequest: Equatable {
  /// What to fetch: an http or https URL.
  public var url: URL
  /// Extra request headers, e.g. `If-None-Match`.
  public var headers: [String: String]
  /// Bodies larger than this are refused as they stream past the cap.
  public var maxBodyBytes: Int
  /// When transfers queue (more asked for than the loader runs at once), higher priorities start first; equal ones
  /// in the order they were asked for.
  public var priority: ImageRequest.Priority
  /// Where a 2xx body goes as it arrives instead of into memory, for a download the disk tier only keeps
  /// (`DataResponse.bodyFile`). libcurl's loader honours it; other loaders keep the body in memory.
  var bodyFiles: StreamedBlob.Opener?

  /// A request for `url` with extra `headers`, refusing bodies over `maxBodyBytes` (20 MiB by default), queued at
  /// `priority` when transfers wait for a slot.
  public init(
    url: URL, headers: [String: String] = [:], maxBodyBytes: Int = 20 << 20, priority: ImageRequest.Priority = .normal
  ) {
    self.url = url
    self.headers = headers
    self.maxBodyBytes = maxBodyBytes
    self.priority = priority
  }
}

/// An HTTP response, whatever its status.
public struct DataResponse: Equatable {
  /// The final status code, after redirects.
  public var statusCode: Int
  /// Header names lower-cased. A list field sent over several lines (`Cache-Control`, `Vary`) arrives as one value,
  /// the lines joined with `, `; for other repeated fields the last line wins.
  public var headers: [String: String]
  /// The body, content encoding removed.
  public var body: [UInt8]
  /// The URL after redirects.
  public var effectiveURL: URL
  /// The file the body went into when the request asked for one (`DataRequest.bodyFiles`): `body` is empty then,
  /// unless the file failed half-way (`StreamedBlob.failure`) and the body was kept in memory after all.
  var bodyFile: StreamedBlob?

  /// A response with the given parts (test transports make these).
  public init(statusCode: Int, headers: [String: String], body: [UInt8], effectiveURL: URL) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.effectiveURL = effectiveURL
  }

  /// The value of header `name`, compared case-insensitively; nil when absent.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A transfer that did not produce an HTTP response.
public enum TransferError: Error, Equatable {
  /// Not http or https, in the request or in a redirect.
  case unsupportedScheme(url: String)
  /// The URL could not be parsed or used.
  case invalidURL(String)
  /// DNS found no address for the host.
  case couldNotResolveHost(String)
  /// No connection could be made (refused, unreachable).
  case couldNotConnect(String)
  /// Connecting took longer than the connect timeout, or the transfer stalled.
  case timedOut(String)
  /// More redirects than the loader follows.
  case tooManyRedirects(String)
  /// The body grew past `DataRequest.maxBodyBytes`.
  case bodyTooLarge(limit: Int)
  /// Connection dropped mid-transfer, short body, bad framing.
  case interrupted(String)
  /// The body arrived but its content encoding would not decode (a broken gzip): the same answer would come again.
  case undecodableBody(String)
  /// TLS failed: the certificate did not verify, or the handshake broke.
  case tls(String)
  /// The calling task was cancelled.
  case cancelled
  /// Any other transport failure, with libcurl's explanation.
  case other(String)

  /// Worth another try with backoff.
  public var isTransient: Bool {
    switch self {
    case .couldNotConnect, .timedOut, .interrupted, .couldNotResolveHost: true
    default: false
    }
  }
}

extension TransferError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unsupportedScheme(let url): "refused non-http(s) URL \(url)"
    case .invalidURL(let url): "invalid URL \(url)"
    case .couldNotResolveHost(let m): "could not resolve host: \(m)"
    case .couldNotConnect(let m): "could not connect: \(m)"
    case .timedOut(let m): "timed out: \(m)"
    case .tooManyRedirects(let m): "too many redirects: \(m)"
    case .bodyTooLarge(let limit): "response body larger than \(limit) bytes"
    case .interrupted(let m): "transfer interrupted: \(m)"
    case .undecodableBody(let m): "could not decode the body: \(m)"
    case .tls(let m): "TLS error: \(m)"
    case .cancelled: "cancelled"
    case .other(let m): m
    }
  }
}

extension StreamedBlob.Opener: Equatable {
  static func == (lhs: StreamedBlob.Opener, rhs: StreamedBlob.Opener) -> Bool { lhs === rhs }
}

extension DataRequest: Sendable {}
extension DataResponse: Sendable {}
extension TransferError: Sendable {}

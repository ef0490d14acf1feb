import FoundationEssentials

/// Every way a request can fail, naming the URL (query string removed: it may carry keys).
public enum ImageManagerError: Error, Equatable {
  /// No HTTP response: the transport failed (`TransferError` says how).
  case transfer(url: String, TransferError)
  /// A non-2xx answer after retries, e.g. 404.
  case httpStatus(url: String, code: Int)
  /// The bytes arrived but are not a usable image (HTML page, GIF, corrupt PNG, too large).
  case decoding(url: String, ImageDecodingError)
  /// The disk tier failed.
  case disk(DiskCacheError)
  /// The calling task was cancelled.
  case cancelled
  /// The request said `returnCacheDataDontLoad` and neither the memory nor the disk tier has the image.
  case notCached(url: String)
  /// A processor (named by its identifier) refused the decoded image.
  case processing(url: String, processor: String, reason: String)
  /// A setting of `ImageManager.Configuration` that cannot work, named with what is wrong with it.
  case invalidConfiguration(String)

  /// The URL as it is safe to print: scheme, host, port and path only.
  public static func redactedURL(_ url: URL) -> String { redacted(url) }

  static func redacted(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
    components.query = nil
    components.fragment = nil
    components.user = nil
    components.password = nil
    return components.string ?? "<url>"
  }
}

extension ImageManagerError: CustomStringConvertible {
  public var description: String {
    switch self {
    // The URL asked for is named once, here; a transfer error names only a different one (a redirect's target).
    case .transfer(let url, .unsupportedScheme(let target)) where target == url: "\(url): refused, not an http(s) URL"
    case .transfer(let url, let error): "\(url): \(error)"
    case .httpStatus(let url, let code): "\(url): HTTP \(code) \(Self.reason(code))"
    case .decoding(let url, let error): "\(url): \(error); nothing was cached"
    case .disk(let error): error.description
    case .cancelled: "cancelled"
    case .notCached(let url):
      "\(url): not in the cache, and the request allows cached data only (drop .returnCacheDataDontLoad to load it)"
    case .processing(let url, let processor, let reason): "\(url): \(processor) failed: \(reason)"
    case .invalidConfiguration(let message): message
    }
  }

  private static func reason(_ code: Int) -> String {
    switch code {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 410: "Gone"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "(unexpected status)"
    }
  }
}

extension ImageManagerError: Sendable {}

import FoundationEssentials
import ImageCacheSupport

public struct LastFMConfiguration {
  public static let defaultBaseURL = URL(string: "https://ws.audioscrobbler.com/2.0/")!

  /// Nil is allowed for servers that don't need one (the demo catalog); the real API then answers
  /// `.invalidAPIKey` without a request being made.
  public var apiKey: String?
  public var baseURL: URL
  public var userAgent: String
  /// Last.fm asks clients to stay under 5 requests per second.
  public var maxRequestsPerSecond: Double
  public var retry: LastFMRetryPolicy

  public init(
    apiKey: String?, baseURL: URL = defaultBaseURL, userAgent: String = "artist-browser/1.0 (imgcache)",
    maxRequestsPerSecond: Double = 5, retry: LastFMRetryPolicy = LastFMRetryPolicy()
  ) {
    self.apiKey = apiKey.map { String($0.trimmingWhitespace()) }?.nilIfEmpty
    self.baseURL = baseURL
    self.userAgent = userAgent
    self.maxRequestsPerSecond = maxRequestsPerSecond
    self.retry = retry
  }

  /// True when talking to Last.fm itself, which refuses requests without a key.
  var targetsRealAPI: Bool { baseURL.host?.hasSuffix("audioscrobbler.com") ?? false }
}

/// How often and how patiently to retry rate-limited (29) and transient (8, 11, 16, 5xx, network) failures.
public struct LastFMRetryPolicy {
  /// Tries in total, the first included.
  public var maxAttempts: Int
  /// Wait before the second try; doubles for each further one.
  public var baseDelay: Duration
  /// Wait before retrying after error 29; doubles too.
  public var rateLimitDelay: Duration
  public var maxDelay: Duration

  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), rateLimitDelay: Duration = .seconds(2),
    maxDelay: Duration = .seconds(10)
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.rateLimitDelay = rateLimitDelay
    self.maxDelay = maxDelay
  }

  /// Delay before try number `attempt + 1`, `attempt` being 1-based.
  func delay(afterAttempt attempt: Int, rateLimited: Bool) -> Duration {
    let base = rateLimited ? rateLimitDelay : baseDelay
    let factor = 1 << min(max(attempt - 1, 0), 16)
    return min(base * factor, maxDelay)
  }
}

extension LastFMConfiguration: Sendable, Equatable {}
extension LastFMRetryPolicy: Sendable, Equatable {}

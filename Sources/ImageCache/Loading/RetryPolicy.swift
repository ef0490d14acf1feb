import FoundationEssentials
internal import ImageCacheSupport

/// When and how long `RetryingDataLoader` waits before trying a transfer again.
public struct RetryPolicy: Sendable {
  /// Retries after the first attempt; 0 disables retrying.
  public var maxRetries: Int
  /// Backoff before retry n (0-based) is uniformly random in 0...min(maxDelay, baseDelay * 2^n) ("full jitter").
  public var baseDelay: Duration
  /// The longest backoff, however many retries came before.
  public var maxDelay: Duration
  /// Upper bound on a server's `Retry-After`, so a hostile or confused server cannot park us for hours.
  public var maxRetryAfter: Duration
  /// Injected so tests don't wait; the default is `Task.sleep`, which throws when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// A number in 0..<1 for the jitter; injected so tests can pin it.
  public var random: @Sendable () -> Double
  /// The clock `Retry-After: <HTTP-date>` is compared against.
  public var now: @Sendable () -> Date

  /// A policy with the given bounds; the default waits 0 to 250 ms before the first retry, doubling up to 8 s.
  public init(
    maxRetries: Int = 2,
    baseDelay: Duration = .milliseconds(250),
    maxDelay: Duration = .seconds(8),
    maxRetryAfter: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.maxRetries = maxRetries
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxRetryAfter = maxRetryAfter
    self.sleep = sleep
    self.random = random
    self.now = now
  }

  /// 408 Request Timeout, 429 Too Many Requests and every 5xx are worth another try; other statuses are answers.
  public static func isRetryable(status: Int) -> Bool {
    status == 408 || status == 429 || (500...599).contains(status)
  }

  /// The full-jitter backoff before retry number `retry` (0 for the first retry).
  public func backoff(beforeRetry retry: Int) -> Duration {
    let exponential = baseDelay * Double(1 << min(max(retry, 0), 30))
    let ceiling = min(exponential, maxDelay)
    return ceiling * min(max(random(), 0), 1)
  }

  /// How long the server asked us to wait, for 429 and 503 only; nil when absent or unparsable.
  public func retryAfter(_ response: DataResponse) -> Duration? {
    guard response.statusCode == 429 || response.statusCode == 503,
      let value = response.header("retry-after").map({ String($0.trimmingHTTPWhitespace()) })
    else { return nil }
    let requested: Duration
    if let seconds = Int(value) {
      requested = .seconds(max(0, seconds))
    } else if let date = HTTPDate.parse(value) {
      requested = .milliseconds(max(0, Int(date.timeIntervalSince(now()) * 1000)))
    } else {
      return nil
    }
    return min(requested, maxRetryAfter)
  }
}

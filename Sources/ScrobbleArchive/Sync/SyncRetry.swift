/// How the sync waits before retrying a page that failed for a passing reason: doubling from `firstDelay` up to
/// `maxDelay`, `maxTries` tries in all, then the sync stops with that failure's line (and resumes at that page
/// next time: a page is retried, never skipped). `sleep` is injected so tests never wait.
public struct SyncRetry: Sendable {
  public var maxTries: Int
  public var firstDelay: Duration
  public var maxDelay: Duration
  public var sleep: @Sendable (Duration) async throws -> Void

  public init(
    maxTries: Int = 6, firstDelay: Duration = .seconds(2), maxDelay: Duration = .seconds(60),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.maxTries = max(1, maxTries)
    self.firstDelay = firstDelay
    self.maxDelay = maxDelay
    self.sleep = sleep
  }

  /// Runs `body` until it succeeds, fails for good, or has failed `maxTries` times for passing reasons.
  func run<T>(_ body: () async throws(PlaySourceError) -> T) async throws -> T {
    var delay = firstDelay
    var tries = 1
    while true {
      let outcome: Result<T, PlaySourceError>
      do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
      switch outcome {
      case .success(let value): return value
      case .failure(let error) where !error.isTransient || tries >= maxTries: throw error
      case .failure:
        try await sleep(delay)
        delay = min(delay * 2, maxDelay)
        tries += 1
      }
    }
  }
}

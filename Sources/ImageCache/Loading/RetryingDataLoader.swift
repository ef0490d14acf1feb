import Foundation

/// Wraps a `DataLoading` and retries transient transport errors and retryable statuses (408, 429, 5xx) with
/// full-jitter exponential backoff, honouring `Retry-After` on 429/503.
///
/// Never retried: other 4xx, `.cancelled`, and non-transient errors. When retries run out, the last response is
/// returned (statuses are answers, not errors) or the last error thrown.
public final class RetryingDataLoader: DataLoading {
  public let base: any DataLoading
  public let policy: RetryPolicy

  public init(wrapping base: any DataLoading, policy: RetryPolicy = RetryPolicy()) {
    self.base = base
    self.policy = policy
  }

  public func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    var retry = 0
    while true {
      let delay: Duration
      do {
        let response = try await base.load(request)
        guard retry < policy.maxRetries, RetryPolicy.isRetryable(status: response.statusCode) else { return response }
        delay = policy.retryAfter(response) ?? policy.backoff(beforeRetry: retry)
      } catch {
        guard retry < policy.maxRetries, error.isTransient else { throw error }
        delay = policy.backoff(beforeRetry: retry)
      }
      do {
        try Task.checkCancellation()
        try await policy.sleep(delay)
      } catch {
        throw .cancelled
      }
      retry += 1
    }
  }
}

extension RetryingDataLoader: Sendable {}

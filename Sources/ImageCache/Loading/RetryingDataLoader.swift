import FoundationEssentials

/// Wraps a `DataLoading` and retries transient transport errors and retryable statuses (408, 429, 5xx) with
/// full-jitter exponential backoff, honouring `Retry-After` on 429/503.
///
/// Never retried: other 4xx, `.cancelled`, and non-transient errors. When retries run out, the last response is
/// returned (statuses are answers, not errors) or the last error thrown.
public final class RetryingDataLoader: DataLoading {
  /// The loader each attempt goes through.
  public let base: any DataLoading
  /// When to retry and how long to wait.
  public let policy: RetryPolicy
  /// `base` when it runs a first attempt by callback: cast once here, not per transfer.
  private let callbackBase: (any CallbackDataLoading)?
  /// Whether `base` writes bodies into files (`FileBodyLoading`): every attempt hands it the request unchanged.
  package let writesBodiesToFiles: Bool

  /// Retries transfers of `base` by `policy`.
  public init(wrapping base: any DataLoading, policy: RetryPolicy = RetryPolicy()) {
    self.base = base
    self.policy = policy
    self.callbackBase = base as? any CallbackDataLoading
    self.writesBodiesToFiles = (base as? any FileBodyLoading)?.writesBodiesToFiles ?? false
  }

  public func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    try await retrying(request, after: await attempt(request))
  }

  /// Retries after `first`, the outcome of attempt 0, as `load` would.
  private func retrying(_ request: DataRequest, after first: Result<DataResponse, TransferError>)
    async throws(TransferError) -> DataResponse
  {
    var outcome = first
    var retry = 0
    while true {
      let delay: Duration
      switch outcome {
      case .success(let response):
        guard retry < policy.maxRetries, RetryPolicy.isRetryable(status: response.statusCode) else { return response }
        delay = policy.retryAfter(response) ?? policy.backoff(beforeRetry: retry)
      case .failure(let error):
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
      outcome = await attempt(request)
    }
  }

  private func attempt(_ request: DataRequest) async -> Result<DataResponse, TransferError> {
    do throws(TransferError) {
      return .success(try await base.load(request))
    } catch {
      return .failure(error)
    }
  }
}

extension RetryingDataLoader: CallbackDataLoading {
  /// The wrapped loader's first attempt, when it can run one by callback.
  func startFirstAttempt(
    _ request: DataRequest, context: TransferContext?,
    completion: @escaping @Sendable (Result<DataResponse, TransferError>) -> Void
  ) -> TransferHandle? {
    callbackBase?.startFirstAttempt(request, context: context, completion: completion)
  }

  func load(_ request: DataRequest, after first: Result<DataResponse, TransferError>) async throws(TransferError)
    -> DataResponse
  {
    try await retrying(request, after: first)
  }
}

extension RetryingDataLoader: FileBodyLoading {}

extension RetryingDataLoader: Sendable {}

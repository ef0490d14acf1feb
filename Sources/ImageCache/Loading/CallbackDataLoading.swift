/// A loader that can run a request's first attempt with no task waiting for it. A prefetch of new URLs uses it to
/// check and store each response on the thread where it arrives (`ImageManager.subscribeByCallback`). Kept beside
/// the task path for its revalidations: for 500 stale thumbnails the task path took 4–8% more instructions and
/// 16% more CPU (BENCHMARKS.md, "one path through the pipeline"); for new downloads it saves under 5%.
protocol CallbackDataLoading: DataLoading {
  /// Starts the first attempt of `request`; `completion` runs exactly once, on the loader's own thread (or at once,
  /// on the caller's, when the request cannot start or is cancelled). Nil when this loader cannot run it that way.
  /// `context`, as `TransferContext.current` is for `load(_:)`: the priority to wait at, and where progress goes.
  func startFirstAttempt(
    _ request: DataRequest, context: TransferContext?,
    completion: @escaping @Sendable (Result<DataResponse, TransferError>) -> Void
  ) -> TransferHandle?

  /// What `load(_:)` returns or throws for `request`, given that its first attempt ended with `first`.
  func load(_ request: DataRequest, after first: Result<DataResponse, TransferError>) async throws(TransferError)
    -> DataResponse
}

/// Cancels an attempt started by `CallbackDataLoading.startFirstAttempt`: its completion gets `.cancelled` unless
/// it has run already.
struct TransferHandle: Sendable {
  let cancel: @Sendable () -> Void
}

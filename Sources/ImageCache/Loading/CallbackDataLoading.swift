/// A loader that can run a request's first attempt with no task waiting for it: the pipeline's network step checks
/// and stores each new image or 304 on the thread where it arrives (`ImageManager.transfer`), so a prefetch settles
/// its URLs without suspending and resuming a task around each transfer and each write.
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

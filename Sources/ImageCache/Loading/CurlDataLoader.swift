import CCurlShims
import FoundationEssentials
import Synchronization

/// The project's HTTP(S) transport: one libcurl multi handle driven by one dedicated thread, so connections (and
/// HTTP/2 streams) are shared by every transfer of this loader.
///
/// Rules for every transfer: only http and https (also for redirects), at most `maxRedirects` redirects, TLS peer
/// and host verification always on, any content encoding libcurl supports, body capped at `maxBodyBytes`.
/// Proxy environment variables (`http_proxy`, `https_proxy`, `no_proxy`) are honoured as libcurl does by default.
public final class CurlDataLoader: DataLoading {
  /// The rules this loader applies to every transfer.
  public let configuration: Configuration
  private let loop: CurlMultiLoop
  private let nextID = Atomic<UInt64>(1)

  /// A loader with its own multi handle and thread, which end when it is released.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.loop = CurlMultiLoop(configuration: configuration)
  }

  deinit { loop.shutDown() }

  /// Totals since creation: requests, body bytes, new connections.
  public var metrics: Metrics { loop.metrics }

  /// One transfer: its response, whatever the status, or the `TransferError` that prevented one. While more than
  /// `maxConcurrentTransfers` are asked for, it waits behind those of a higher `DataRequest.priority` and those of
  /// its own that came first.
  public func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    try await load(request, progress: nil)
  }

  /// Like `load(_:)`, reporting the body bytes received so far after every chunk. `progress` runs on the loader's
  /// thread: keep it short and don't block.
  public func load(
    _ request: DataRequest, progress: (@Sendable (_ bytesReceived: Int) -> Void)?
  ) async throws(TransferError) -> DataResponse {
    // A coalesced job's context: its priority (which may rise while this waits) and its progress.
    let context = TransferContext.current
    var reportProgress: TransferContext.Progress?
    if let progress { reportProgress = { received, _ in progress(received) } }
    return try await submit(request) { ticket in
      CurlMultiLoop.Submission(ticket: ticket, request: request, progress: reportProgress, context: context)
    }
  }

  /// Hands the loop the submission `make` builds for `request` (http or https only) and waits for its outcome;
  /// cancelling the task aborts it.
  private func submit(_ request: DataRequest, _ make: (TransferTicket) -> CurlMultiLoop.Submission)
    async throws(TransferError) -> DataResponse
  {
    let scheme = request.url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      throw .unsupportedScheme(url: URLRedaction.redact(request.url.absoluteString))
    }
    let ticket = TransferTicket(id: nextID.add(1, ordering: .relaxed).oldValue)
    let submission = make(ticket)
    let context = submission.context
    let loop = self.loop
    let observation = context?.observePriority { loop.reprioritize(ticket.id) }
    defer { if let observation { context?.stopObserving(observation) } }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if ticket.arm(continuation) {
          loop.submit(submission)
        } else {
          continuation.resume(returning: .failure(.cancelled))
        }
      }
    } onCancel: {
      ticket.cancel()
      loop.cancel(ticket.id)
    }
    return try outcome.get()
  }
}

extension CurlDataLoader: CallbackDataLoading {
  func startFirstAttempt(
    _ request: DataRequest, context: TransferContext?,
    completion: @escaping @Sendable (Result<DataResponse, TransferError>) -> Void
  ) -> TransferHandle? {
    let scheme = request.url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }  // `load` says why
    let id = nextID.add(1, ordering: .relaxed).oldValue
    let loop = self.loop
    let observation = context?.observePriority { loop.reprioritize(id) }
    let ticket = TransferTicket(id: id) { outcome in
      if let observation { context?.stopObserving(observation) }
      completion(outcome)
    }
    loop.submit(CurlMultiLoop.Submission(ticket: ticket, request: request, progress: nil, context: context))
    return TransferHandle {
      ticket.cancel()
      loop.cancel(ticket.id)
    }
  }

  /// No retries at this level: the first attempt is the answer.
  func load(_ request: DataRequest, after first: Result<DataResponse, TransferError>) async throws(TransferError)
    -> DataResponse
  {
    try first.get()
  }
}

extension CurlDataLoader: RepeatingDataLoading {
  /// The loop thread sends it again while the answer repeats: between two polls nothing but that thread wakes.
  package func load(_ request: DataRequest, every interval: Duration, whileBodyEquals previous: [UInt8]?)
    async throws(TransferError) -> DataResponse
  {
    let repetition = CurlMultiLoop.Repetition(interval: interval, previous: previous, due: .now + interval)
    return try await submit(request) { ticket in
      CurlMultiLoop.Submission(ticket: ticket, request: request, progress: nil, context: nil, repetition: repetition)
    }
  }
}

extension CurlDataLoader: FileBodyLoading {
  /// A 2xx body goes into the file the request asks for (`CurlTransfer`).
  package var writesBodiesToFiles: Bool { true }
}

extension CurlDataLoader: Sendable {}

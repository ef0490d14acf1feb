import CCurlShims
import Foundation
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
    CurlLibrary.preload()  // usually started already by the tool's main; the loop thread waits for it
    self.configuration = configuration
    self.loop = CurlMultiLoop(configuration: configuration)
  }

  deinit { loop.shutDown() }

  /// Totals since creation: requests, body bytes, new connections.
  public var metrics: Metrics { loop.metrics }

  /// One transfer: its response, whatever the status, or the `TransferError` that prevented one.
  public func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    try await load(request, progress: nil)
  }

  /// Like `load(_:)`, reporting the body bytes received so far after every chunk. `progress` runs on the loader's
  /// thread: keep it short and don't block.
  public func load(
    _ request: DataRequest, progress: (@Sendable (_ bytesReceived: Int) -> Void)?
  ) async throws(TransferError) -> DataResponse {
    let scheme = request.url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      throw .unsupportedScheme(url: URLRedaction.redact(request.url.absoluteString))
    }
    let ticket = TransferTicket(id: nextID.add(1, ordering: .relaxed).oldValue)
    let submission = CurlMultiLoop.Submission(ticket: ticket, request: request, progress: progress)
    let loop = self.loop
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
    _ request: DataRequest, completion: @escaping @Sendable (Result<DataResponse, TransferError>) -> Void
  ) -> TransferHandle? {
    let scheme = request.url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }  // `load` says why
    let ticket = TransferTicket(id: nextID.add(1, ordering: .relaxed).oldValue, completion: completion)
    let loop = self.loop
    loop.submit(CurlMultiLoop.Submission(ticket: ticket, request: request, progress: nil))
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

extension CurlDataLoader: Sendable {}

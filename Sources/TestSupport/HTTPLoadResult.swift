import Foundation
import ImageCache

extension DataLoading {
  /// Runs a load and captures its outcome, so tests can compare responses and errors with `==`:
  /// `#expect(await loader.loadResult(url).transferError == .cancelled)`.
  public func loadResult(_ request: DataRequest) async -> Result<DataResponse, TransferError> {
    do {
      return .success(try await load(request))
    } catch {
      return .failure(error)
    }
  }

  public func loadResult(_ url: URL) async -> Result<DataResponse, TransferError> {
    await loadResult(DataRequest(url: url))
  }
}

extension Result where Failure == TransferError {
  /// The error, or nil for a response.
  public var transferError: TransferError? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension HTTPTestServer {
  /// Waits until at least `count` requests have arrived; throws `WaitTimedOut` if they never do.
  public func waitForRequests(_ count: Int, timeout: Duration = hangTimeout) async throws {
    try await waitUntil("\(count) request(s) at the test server", timeout: timeout) { requestCount >= count }
  }

  /// Waits until no request is being handled (e.g. a cancelled client's connection was seen closing).
  public func waitUntilIdle(timeout: Duration = hangTimeout) async throws {
    try await waitUntil("the test server to finish its requests", timeout: timeout) { requestsInFlight == 0 }
  }
}

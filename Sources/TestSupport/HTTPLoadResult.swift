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
  /// Waits until at least `count` requests have arrived. The deadline is a safety net against hanging, not a timing
  /// assertion: check the count afterwards if it matters.
  public func waitForRequests(_ count: Int, safetyNet: Duration = .seconds(20)) async {
    await Self.poll(safetyNet) { requestCount >= count }
  }

  /// Waits until no request is being handled (e.g. a cancelled client's connection was seen closing).
  public func waitUntilIdle(safetyNet: Duration = .seconds(20)) async {
    await Self.poll(safetyNet) { requestsInFlight == 0 }
  }

  private static func poll(_ safetyNet: Duration, until condition: () -> Bool) async {
    let deadline = ContinuousClock.now + safetyNet
    while !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}

import Foundation
import ImageCache
import Synchronization

/// Runs a load and captures its outcome, so tests can compare errors and responses with `==`.
func outcome(of loader: some DataLoading, _ request: DataRequest) async -> Result<DataResponse, TransferError> {
  do {
    return .success(try await loader.load(request))
  } catch {
    return .failure(error)
  }
}

func outcome(of loader: some DataLoading, _ url: URL) async -> Result<DataResponse, TransferError> {
  await outcome(of: loader, DataRequest(url: url))
}

/// Polls `condition` until it holds; the deadline is only a safety net against hanging, not a timing assertion.
func waitUntil(safetyNet: Duration = .seconds(20), _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + safetyNet
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(5))
  }
}

/// Holds handler threads until `count` requests have arrived, then a little longer to give any request beyond the
/// limit the chance to show up. With a working limit the peak is then exactly `count`; with a broken one the extra
/// requests arrive during the probe and the peak overshoots. The waits only shape the schedule, they are not asserted.
final class ArrivalGate: Sendable {
  private let arrived = Mutex(0)
  private let count: Int
  private let probe: Duration

  init(opensAt count: Int, probeForExtra probe: Duration = .milliseconds(300)) {
    self.count = count
    self.probe = probe
  }

  /// Called from the server's handler threads.
  func arriveAndWait() {
    arrived.withLock { $0 += 1 }
    wait(until: count, atMost: .seconds(10))
    wait(until: count + 1, atMost: probe)
  }

  private func wait(until target: Int, atMost limit: Duration) {
    let deadline = ContinuousClock.now + limit
    while arrived.withLock({ $0 }) < target, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.002)
    }
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

/// Holds handler threads until `count` requests have arrived, then a little longer to give any request beyond the
/// limit the chance to show up. With a working limit the peak is then exactly `count`; with a broken one the extra
/// requests arrive during the probe and the peak overshoots. The probe's wait only shapes the schedule (it ends at its
/// deadline when the limit works); the first must end with `count` arrivals, or the test fails saying so.
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
    do {
      try blockUntil("\(count) requests held at the gate") { arrived.withLock { $0 } >= count }
    } catch {
      Issue.record(error)
    }
    wait(until: count + 1, atMost: probe)
  }

  private func wait(until target: Int, atMost limit: Duration) {
    let deadline = ContinuousClock.now + limit
    while arrived.withLock({ $0 }) < target, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.002)
    }
  }
}

import ImageCache
import Synchronization

/// Time as the client sees it, injectable so tests can assert spacing and backoff without waiting.
public struct LastFMTiming: Sendable {
  /// Monotonic time since an arbitrary origin.
  public var now: @Sendable () -> Duration
  /// Suspends for the duration; throws when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
    self.now = now
    self.sleep = sleep
  }

  public static var live: LastFMTiming {
    let clock = ContinuousClock()
    let origin = clock.now
    return LastFMTiming(
      now: { origin.duration(to: clock.now) },
      sleep: { duration in try await Task.sleep(for: duration) })
  }
}

/// Spaces requests at least `interval` apart. Each caller reserves the next free slot under the lock, then
/// sleeps outside it, so concurrent callers queue up instead of bursting.
final class RequestSpacer: Sendable {
  /// The least time between two requests.
  let interval: Duration
  private let timing: LastFMTiming
  private let nextFreeSlot = Mutex<Duration?>(nil)

  init(maxRequestsPerSecond: Double, timing: LastFMTiming) {
    // Whole nanoseconds, so spacing adds up exactly (5/s is exactly 200 ms).
    self.interval =
      maxRequestsPerSecond > 0 ? .nanoseconds(Int64(min(1e9 / maxRequestsPerSecond, 3.6e12).rounded(.up))) : .zero
    self.timing = timing
  }

  /// A request went just now without asking for a turn (a poll the transport repeated): the next waits its
  /// interval from now.
  func noteSent() {
    let now = timing.now()
    nextFreeSlot.withLock { next in next = max(next ?? now, now + interval) }
  }

  func waitForTurn() async throws(LastFMError) {
    let now = timing.now()
    let wait = nextFreeSlot.withLock { next -> Duration in
      let slot = max(now, next ?? now)
      next = slot + interval
      return slot - now
    }
    guard wait > .zero else { return }
    do {
      try await timing.sleep(wait)
    } catch {
      throw .transport(.cancelled)
    }
  }
}

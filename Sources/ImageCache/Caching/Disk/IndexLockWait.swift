internal import ImageCacheSupport
import Logging
import Synchronization

/// How long the disk tier waits for another process's write lock on the index, and what it does after: the write
/// fails with one line, and for a while later writes fail at once instead of each waiting again, so a command
/// goes on with the network and memory tiers rather than sitting through one wait per image. Lookups never wait
/// (readers do not block in WAL mode).
final class IndexLockWait: Sendable {
  /// Writes fail at once for this long after a wait ran out.
  static let lockOutPeriod: Duration = .seconds(30)

  let handler: BoundedLockWait
  /// `handler`, as every connection of the store's index calls it.
  let busyHandler: SQLiteBusyHandler
  private let path: String
  private let lockedOutUntil = Mutex<ContinuousClock.Instant?>(nil)

  /// The first wait is noted once at `info` (shown at `-v`).
  init(path: String, timeout: Duration, logger: Logger) {
    self.path = path
    let seconds = Self.secondsText(timeout)
    let handler = BoundedLockWait(timeout: timeout) {
      logger.info("waiting for another process's write lock on \(path) (at most \(seconds) s)")
    }
    self.handler = handler
    busyHandler = SQLiteBusyHandler { tries in handler.handle(tries: tries) }
  }

  /// The one line a write that could not get the lock fails with.
  var timedOut: DiskCacheError {
    .io(
      "the cache index \(path) stayed locked by another process for \(Self.secondsText(handler.timeout)) s; "
        + "try again once it is done")
  }

  /// Throws `timedOut` while a recent wait's lock-out lasts.
  func refuseWhileLockedOut() throws(DiskCacheError) {
    let now = ContinuousClock.now
    let lockedOut = lockedOutUntil.withLock { until in until.map { now < $0 } ?? false }
    if lockedOut { throw timedOut }
  }

  /// `error` as the caller should see it: a lock wait that ran out (SQLITE_BUSY) says how long it lasted, and
  /// starts the lock-out.
  func reported(_ error: DiskCacheError) -> DiskCacheError {
    guard case .io(let message) = error, message.contains("stayed locked") else { return error }
    let until = ContinuousClock.now + Self.lockOutPeriod
    lockedOutUntil.withLock { $0 = until }
    return timedOut
  }

  /// `5`, `0.2`: a duration in seconds as a person writes it.
  static func secondsText(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

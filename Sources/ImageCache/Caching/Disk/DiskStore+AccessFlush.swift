import Dispatch
import FoundationEssentials
internal import ImageCacheSupport
import Synchronization

/// Access times and hit/miss counts, batched in memory (`PendingAccesses`) and written by the next write
/// transaction, when a batch is full, or by a timer a couple of seconds after the first lookup of a batch.
extension DiskStore {
  /// Writes batched access times and counters, if any.
  func flush() throws(DiskCacheError) {
    let hasPending = session.withLock { !$0.pending.isEmpty }
    if hasPending { try writeTransaction { _ in } }
  }

  static func apply(_ batch: PendingAccesses, in db: SQLiteConnection) throws {
    guard !batch.isEmpty else { return }
    // max(): another process may have recorded a later access meanwhile.
    let touch = try db.cachedStatement(
      sql: "UPDATE entry SET last_access_at = max(last_access_at, ?) WHERE key = ?")
    for (key, date) in batch.lastAccess {
      try touch.execute([date.timeIntervalSince1970, key])
    }
    let count = try db.cachedStatement(sql: "UPDATE counter SET value = value + ? WHERE name = ?")
    if batch.hits > 0 { try count.execute([batch.hits, "hits"]) }
    if batch.misses > 0 { try count.execute([batch.misses, "misses"]) }
  }

  func recordHit(_ key: String, at date: Date) {
    flushIfFull(record { $0.recordHit(key, at: date) })
  }

  func recordMiss() {
    flushIfFull(record { $0.recordMiss() })
  }

  /// Applies `update` to the pending accesses; returns whether the batch is now due to be written. The first
  /// lookup after a flush sets the timer that writes the batch if nothing else does first.
  func record(_ update: (inout PendingAccesses) -> Void) -> Bool {
    let (isFull, startTimer) = session.withLock { session in
      update(&session.pending)
      let startTimer = !session.flushIsScheduled && !session.isClosed
      if startTimer { session.flushIsScheduled = true }
      return (session.pending.lookupCount >= Self.accessFlushThreshold, startTimer)
    }
    if startTimer { scheduleFlush() }
    return isFull
  }

  /// Weakly held: a store dropped meanwhile writes its batch in `deinit`.
  private func scheduleFlush() {
    flushQueue.asyncAfter(deadline: .now() + Self.accessFlushInterval) { [weak self] in self?.timedFlush() }
  }

  /// Writes what accumulated since the timer was set. If that fails (another process held the write lock for all
  /// of `SharedSQLite.busyTimeout`), the batch is kept and the timer set again.
  private func timedFlush() {
    let isOpen = session.withLock { session in
      session.flushIsScheduled = false
      return !session.isClosed
    }
    guard isOpen else { return }
    do { try flush() } catch { retryFlushLater() }
  }

  private func retryFlushLater() {
    let again = session.withLock { session in
      guard !session.isClosed, !session.flushIsScheduled, !session.pending.isEmpty else { return false }
      session.flushIsScheduled = true
      return true
    }
    if again { scheduleFlush() }
  }

  func flushIfFull(_ batchIsFull: Bool) {
    // The lookup itself succeeded; a failed flush keeps the batch for the next write.
    if batchIsFull { try? flush() }
  }
}

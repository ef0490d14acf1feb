import Dispatch
import Synchronization

/// Group commit for the disk tier. Writes that arrive while a commit is running wait and go together in the
/// next one, so a burst of downloads costs a few transactions instead of one each. Every caller still returns
/// only after its bytes are committed, with that commit's error if it failed.
final class DiskWriteBatcher: Sendable {
  /// Resumes a caller suspended in `store`, or calls the callback of `store(_:completion:)`, on the committing thread.
  private typealias Waiter = @Sendable (Result<Void, DiskCacheError>) -> Void

  private struct State {
    var queue: [(DiskWrite, Waiter)] = []
    var isCommitting = false
  }

  /// Writes per transaction at most.
  private static let maxBatch = 64
  private let disk: any DiskCaching
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "ImageCache.DiskWriteBatcher", qos: .userInitiated)

  init(disk: any DiskCaching) {
    self.disk = disk
  }

  func store(_ write: DiskWrite) async throws(DiskCacheError) {
    let result = await withCheckedContinuation { continuation in enqueue(write) { continuation.resume(returning: $0) } }
    try result.get()
  }

  /// `store` for a caller with no task to suspend: `completion` runs on the committing thread once the write is
  /// committed (or has failed).
  func store(_ write: DiskWrite, completion: @escaping @Sendable (Result<Void, DiskCacheError>) -> Void) {
    enqueue(write, completion)
  }

  private func enqueue(_ write: DiskWrite, _ waiter: @escaping Waiter) {
    let startCommitting = state.withLock { state -> Bool in
      state.queue.append((write, waiter))
      guard !state.isCommitting else { return false }
      state.isCommitting = true
      return true
    }
    if startCommitting { queue.async { self.commitUntilEmpty() } }
  }

  private func commitUntilEmpty() {
    while true {
      let batch = state.withLock { state -> [(DiskWrite, Waiter)] in
        let batch = Array(state.queue.prefix(Self.maxBatch))
        state.queue.removeFirst(batch.count)
        if batch.isEmpty { state.isCommitting = false }
        return batch
      }
      guard !batch.isEmpty else { return }
      do {
        try disk.store(batch: batch.map(\.0))
        for (_, waiter) in batch { waiter(.success(())) }
      } catch {
        // One bad write must not fail its neighbours: retry them one by one, each with its own outcome.
        for (write, waiter) in batch {
          do {
            try disk.store(write.key, data: write.data, metadata: write.metadata)
            waiter(.success(()))
          } catch {
            waiter(.failure(error))
          }
        }
      }
    }
  }
}

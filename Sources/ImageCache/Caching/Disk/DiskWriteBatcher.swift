import Dispatch
import Synchronization

/// Group commit for the disk tier. Writes that arrive while a commit is running wait and go together in the
/// next one, so a burst of downloads (or of 304s) costs a few transactions instead of one each. Every caller still
/// returns only after its change is committed, with that commit's error if it failed.
final class DiskWriteBatcher: Sendable {
  /// Resumes a caller suspended in `store` or `refresh`, or calls the callback of `store(_:completion:)`, on the
  /// committing thread.
  private typealias Waiter = @Sendable (Result<Void, DiskCacheError>) -> Void

  private enum Change {
    case store(DiskWrite)
    case refresh(DiskRefresh)
  }

  private struct State {
    var queue: [(Change, Waiter)] = []
    var isCommitting = false
  }

  /// Changes per commit at most.
  private static let maxBatch = 64
  private let disk: any DiskCaching
  /// `disk`'s group commit, if it has one; without it each change is committed on its own.
  private let batched: (any BatchedDiskCaching)?
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "ImageCache.DiskWriteBatcher", qos: .userInitiated)

  /// A writer for `disk`; `batched` is `disk` when it declares group commits (`BatchedDiskCaching`), which its
  /// owner has asked already.
  init(disk: any DiskCaching, batched: (any BatchedDiskCaching)?) {
    self.disk = disk
    self.batched = batched
  }

  func store(_ write: DiskWrite) async throws(DiskCacheError) {
    try await commit(.store(write))
  }

  /// `store` for a caller with no task to suspend: `completion` runs on the committing thread once the write is
  /// committed (or has failed).
  func store(_ write: DiskWrite, completion: @escaping @Sendable (Result<Void, DiskCacheError>) -> Void) {
    enqueue(.store(write), completion)
  }

  /// New validators and expiry after a 304, committed with the other refreshes that arrive meanwhile.
  func refresh(_ refresh: DiskRefresh) async throws(DiskCacheError) {
    try await commit(.refresh(refresh))
  }

  /// `refresh` for a caller with no task to suspend (`store(_:completion:)`'s counterpart).
  func refresh(_ refresh: DiskRefresh, completion: @escaping @Sendable (Result<Void, DiskCacheError>) -> Void) {
    enqueue(.refresh(refresh), completion)
  }

  private func commit(_ change: Change) async throws(DiskCacheError) {
    let result = await withCheckedContinuation { continuation in enqueue(change) { continuation.resume(returning: $0) }
    }
    try result.get()
  }

  private func enqueue(_ change: Change, _ waiter: @escaping Waiter) {
    let startCommitting = state.withLock { state -> Bool in
      state.queue.append((change, waiter))
      guard !state.isCommitting else { return false }
      state.isCommitting = true
      return true
    }
    if startCommitting { queue.async { self.commitUntilEmpty() } }
  }

  private func commitUntilEmpty() {
    while true {
      let batch = state.withLock { state -> [(Change, Waiter)] in
        let batch = Array(state.queue.prefix(Self.maxBatch))
        state.queue.removeFirst(batch.count)
        if batch.isEmpty { state.isCommitting = false }
        return batch
      }
      guard !batch.isEmpty else { return }
      var writes: [(DiskWrite, Waiter)] = []
      var refreshes: [(DiskRefresh, Waiter)] = []
      for (change, waiter) in batch {
        switch change {
        case .store(let write): writes.append((write, waiter))
        case .refresh(let refresh): refreshes.append((refresh, waiter))
        }
      }
      Self.commit(writes, together: batched?.store(batch:)) { [disk, batched] write throws(DiskCacheError) in
        // A streamed body has only its file, which a batch of one names where it is.
        if write.file != nil, let batched { return try batched.store(batch: [write]) }
        try disk.store(write.key, data: write.file?.contents() ?? write.data, metadata: write.metadata)
      }
      Self.commit(refreshes, together: batched?.refresh(batch:)) { [disk] refresh throws(DiskCacheError) in
        try disk.refresh(refresh.key, metadata: refresh.metadata)
      }
    }
  }

  /// Commits `items` in one transaction (`together`; nil: one at a time). If that fails, one bad change must not
  /// fail its neighbours: each is tried again on its own, with its own outcome.
  private static func commit<Item>(
    _ items: [(Item, Waiter)], together: (([Item]) throws(DiskCacheError) -> Void)?,
    alone: (Item) throws(DiskCacheError) -> Void
  ) {
    guard !items.isEmpty else { return }
    if let together {
      do {
        try together(items.map(\.0))
        for (_, waiter) in items { waiter(.success(())) }
        return
      } catch {
        // Tried again below, each change on its own.
      }
    }
    for (item, waiter) in items {
      do {
        try alone(item)
        waiter(.success(()))
      } catch {
        waiter(.failure(error))
      }
    }
  }
}

// Test hooks: debug builds only, so the release module does not ship them (`scripts/check-no-test-hooks`).
#if DEBUG
  extension DiskWriteBatcher {
    /// Changes waiting for the next commit, for tests that line writers up behind a commit.
    var queuedChanges: Int { state.withLock { $0.queue.count } }
  }
#endif

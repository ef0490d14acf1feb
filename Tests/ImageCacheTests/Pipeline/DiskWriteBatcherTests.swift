import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// Records batch sizes; the first commit blocks until released, so later writes pile up behind it.
final class RecordingDisk: BatchedDiskCaching {
  struct State {
    var batches: [[String]] = []
    var refreshBatches: [[String]] = []
    var commitStarted = false
    var firstCommitReleased = false
  }

  let state = Mutex(State())
  let refused: Set<String>

  init(refusing refused: Set<String> = []) { self.refused = refused }

  func releaseFirstCommit() { state.withLock { $0.firstCommitReleased = true } }

  var commitStarted: Bool { state.withLock { $0.commitStarted } }

  /// Blocks the committing thread until the test releases the first commit (a later one goes through). Past the
  /// deadline the commit goes on and the test fails, saying what it waited for.
  private func holdFirstCommit(until released: (State) -> Bool) {
    do {
      try blockUntil("the test to release the first commit", every: .milliseconds(1)) {
        state.withLock { released($0) }
      }
    } catch {
      Issue.record(error)
    }
  }

  func store(batch writes: [DiskWrite]) throws(DiskCacheError) {
    state.withLock { $0.commitStarted = true }
    holdFirstCommit { $0.firstCommitReleased || !$0.batches.isEmpty }
    state.withLock { $0.batches.append(writes.map(\.key)) }
    if writes.contains(where: { refused.contains($0.key) }) { throw .diskFull(path: "/test") }
  }

  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try store(batch: [DiskWrite(key: key, data: data, metadata: metadata)])
  }

  func lookup(_ key: String) throws(DiskCacheError) -> DiskCacheHit? { nil }
  func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool) -> DiskProbe {
    DiskProbe()
  }
  func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) {
    state.withLock { $0.commitStarted = true }
    holdFirstCommit { $0.firstCommitReleased || !$0.refreshBatches.isEmpty }
    state.withLock { $0.refreshBatches.append(refreshes.map(\.key)) }
    if refreshes.contains(where: { refused.contains($0.key) }) { throw .diskFull(path: "/test") }
  }

  func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try refresh(batch: [DiskRefresh(key: key, metadata: metadata)])
  }
  func remove(_ key: String) throws(DiskCacheError) {}
  func removeAll() throws(DiskCacheError) {}
  func close() throws(DiskCacheError) {}
}

@Suite(.timeLimit(.minutes(20))) struct DiskWriteBatcherTests {
  static func write(_ key: String) -> DiskWrite { DiskWrite(key: key, data: [1, 2, 3], metadata: DiskEntryMetadata()) }
  static func refresh(_ key: String) -> DiskRefresh { DiskRefresh(key: key, metadata: DiskEntryMetadata(etag: key)) }

  /// A download's bytes or a 304's validators: the two changes the batcher groups.
  enum Change: CaseIterable {
    case store, refresh

    func send(_ key: String, to sut: DiskWriteBatcher) async throws(DiskCacheError) {
      switch self {
      case .store: try await sut.store(DiskWriteBatcherTests.write(key))
      case .refresh: try await sut.refresh(DiskWriteBatcherTests.refresh(key))
      }
    }

    /// The commits of this kind, and of the other, that the disk saw.
    func commits(in disk: RecordingDisk) -> (own: [[String]], other: [[String]]) {
      disk.state.withLock { self == .store ? ($0.batches, $0.refreshBatches) : ($0.refreshBatches, $0.batches) }
    }
  }

  @Test(arguments: Change.allCases)
  func changesArrivingDuringACommitGoTogetherInTheNext(_ change: Change) async throws {
    // Given a commit in progress
    let disk = RecordingDisk()
    let sut = DiskWriteBatcher(disk: disk, batched: disk)
    let first = Task { try await change.send("first", to: sut) }
    try await waitUntil("the first commit to start") { disk.commitStarted }

    // When ten more arrive meanwhile, then the commit finishes
    let rest = (0..<10).map { index in Task { try await change.send("c\(index)", to: sut) } }
    try await waitUntil("10 changes queued behind the commit") { sut.queuedChanges >= 10 }
    disk.releaseFirstCommit()
    try await first.value
    for task in rest { try await task.value }

    // Then they needed one more commit, not ten, and none of the other kind
    let (own, other) = change.commits(in: disk)
    #expect(own.first == ["first"])
    #expect(own.count == 2)
    #expect(Set(own[1]) == Set((0..<10).map { "c\($0)" }))
    #expect(other.isEmpty)
  }

  @Test(arguments: Change.allCases)
  func aFailingChangeDoesNotFailItsNeighboursOfEitherKind(_ change: Change) async throws {
    let disk = RecordingDisk(refusing: ["bad"])
    disk.releaseFirstCommit()
    let sut = DiskWriteBatcher(disk: disk, batched: disk)

    let good = Task { try await change.send("good", to: sut) }
    let bad = Task { try await change.send("bad", to: sut) }
    let stored = Task { try await sut.store(Self.write("stored")) }
    let refreshed = Task { try await sut.refresh(Self.refresh("refreshed")) }

    await #expect(throws: Never.self) { try await good.value }
    await #expect(throws: DiskCacheError.diskFull(path: "/test")) { try await bad.value }
    await #expect(throws: Never.self) { try await stored.value }
    await #expect(throws: Never.self) { try await refreshed.value }
  }
}

import FoundationEssentials
import ImageCacheSupport
import Testing

@testable import ScrobbleArchive

@Suite struct ArchiveSyncTests {
  static let noWait = SyncRetry(maxTries: 6, firstDelay: .seconds(1), sleep: { _ in })

  /// The archive's rows, newest first as the server lists them.
  static func rows(_ store: ScrobbleStore) throws -> [ArchivedPlay] {
    try store.read { db in
      try db.statement(
        sql: "SELECT time, artist, album, track, cover, loved FROM scrobble ORDER BY time DESC, seq ASC"
      ).fetchAll { row in
        ArchivedPlay(
          time: row[0], artist: row[1], album: row[2], track: row[3], cover: row[4],
          loved: (row[5] as Int?).map { $0 != 0 })
      }
    }
  }

  static func withStore<T>(_ body: (ScrobbleStore) async throws -> T) async throws -> T {
    let path = "/tmp/archive-sync-\(UUID().uuidString).sqlite"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let store = try ScrobbleStore(path: path)
    defer { store.close() }
    return try await body(store)
  }

  static let allBounds = [
    WindowBounds(fromIsInclusive: true, toIsInclusive: true),
    WindowBounds(fromIsInclusive: false, toIsInclusive: false),
    WindowBounds(fromIsInclusive: true, toIsInclusive: false),
    WindowBounds(fromIsInclusive: false, toIsInclusive: true),
  ]

  @Test(arguments: allBounds) func firstSyncKeepsEveryPlayOnceWhateverTheBoundsMean(bounds: WindowBounds) async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 1234), bounds: bounds)
    try await Self.withStore { store in
      let report = try await ArchiveSync(store: store, source: server, retry: Self.noWait).run(now: 1_700_000_100)
      #expect(try Self.rows(store) == server.plays)
      try PlayCountsTests.expectCountsExact(store)
      #expect(report.countAfter == 1234)
      #expect(report.refetched == 0)
      #expect(try store.read { try SyncLedger.meta("bounds", $0) } == bounds.text)
    }
  }

  @Test func playsOfOneSecondSplitAcrossPagesAreAllKept() async throws {
    // 450 plays of one second, 3 more around it: the cursor stays on that second for three pages.
    var plays = (0..<450).map { ArchivedPlay(time: 1_000_000, artist: "A", album: "B", track: "T\($0)") }
    plays += [999_000, 1_001_000, 998_000].map { ArchivedPlay(time: $0, artist: "C", album: "D", track: "E") }
    let server = FakePlayServer(plays: plays)
    try await Self.withStore { store in
      _ = try await ArchiveSync(store: store, source: server, retry: Self.noWait).run(now: 2_000_000)
      #expect(try Self.rows(store) == server.plays)
    }
  }

  @Test func newPlaysAndLatePlaysArrivingDuringTheSyncEndWithoutDuplicateOrGap() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 2000))
    server.onRequest { request, plays in
      // New plays after the start, and late ones stamped hours back, while pages are read.
      if request % 3 == 0 {
        plays.append(ArchivedPlay(time: 1_700_000_000 + request, artist: "New", album: "N", track: "\(request)"))
        plays.append(ArchivedPlay(time: 1_699_900_000 - request * 50, artist: "Late", album: "L", track: "\(request)"))
      }
    }
    try await Self.withStore { store in
      let sync = ArchiveSync(store: store, source: server, retry: Self.noWait)
      _ = try await sync.run(now: 1_700_000_000)
      // The late ones are in; the new ones wait for the next sync, which brings them.
      let kept = try Self.rows(store)
      #expect(Set(kept.map(\.track)).count == kept.count)
      server.onRequest { _, _ in }
      _ = try await sync.run(now: 1_700_100_000)
      #expect(try Self.rows(store) == server.plays)
    }
  }

  /// Two late plays stamped in the past, or a deletion, since the last sync: the next sync finds them by the totals
  /// and fetches again only the windows around them. (A deletion and a late play in one checked window cancel out in
  /// its count: docs/history.md says so.)
  @Test(arguments: [true, false]) func latePlaysOrADeletionSinceTheLastSyncAreRepaired(late: Bool) async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 5000))
    try await Self.withStore { store in
      let sync = ArchiveSync(store: store, source: server, retry: Self.noWait)
      _ = try await sync.run(now: 1_700_000_000)
      let first = server.requests + 1
      server.onRequest { request, plays in
        guard request == first else { return }
        if late {
          plays.append(ArchivedPlay(time: 1_699_500_001, artist: "Late", album: "L", track: "late"))
          plays.append(ArchivedPlay(time: 1_699_000_001, artist: "Late", album: "L", track: "later"))
        } else {
          plays.remove(at: 3000)
        }
      }
      let report = try await sync.run(now: 1_700_000_500)
      #expect(try Self.rows(store) == server.plays)
      try PlayCountsTests.expectCountsExact(store)
      #expect(report.refetched > 0)
      #expect(report.refetched <= 2 * ArchiveReconciler.refetchLimit)
    }
  }

  @Test func failedPagesAreRetriedNeverSkipped() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 900))
    server.onRequest { request, _ throws(PlaySourceError) in
      if request % 2 == 0 { throw PlaySourceError("Last.fm rate limit exceeded (error 29)", isTransient: true) }
    }
    try await Self.withStore { store in
      _ = try await ArchiveSync(store: store, source: server, retry: Self.noWait).run(now: 1_700_000_000)
      #expect(try Self.rows(store) == server.plays)
    }
  }

  @Test func aFatalFailureStopsAndTheNextRunResumesWhereItStopped() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 1500))
    server.onRequest { request, _ throws(PlaySourceError) in
      if request == 9 { throw PlaySourceError("could not reach Last.fm: timed out", isTransient: false) }
    }
    try await Self.withStore { store in
      let sync = ArchiveSync(store: store, source: server, retry: Self.noWait)
      await #expect(throws: PlaySourceError.self) { try await sync.run(now: 1_700_000_000) }
      // Nothing half-done in the archive: the staged pages wait beside it.
      #expect(try store.count() == 0)
      let staged = try store.read { try SyncLedger.count(.staging, 0...Int.max, $0) }
      #expect(staged > 0)
      server.onRequest { _, _ in }
      let before = server.requests
      let report = try await sync.run(now: 1_700_000_000)
      #expect(report.resumed)
      #expect(try Self.rows(store) == server.plays)
      // It went on from its cursor: fewer pages than the whole history's 8.
      #expect(server.requests - before < 8 + 4)
    }
  }

  @Test func aRetriedFailureThatNeverPassesEndsTheSyncWithItsLine() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 10))
    server.onRequest { _, _ throws(PlaySourceError) in
      throw PlaySourceError("Last.fm is temporarily unavailable (HTTP 503)", isTransient: true)
    }
    try await Self.withStore { store in
      let error = await #expect(throws: PlaySourceError.self) {
        try await ArchiveSync(store: store, source: server, retry: Self.noWait).run(now: 1_700_000_000)
      }
      #expect(error?.description == "Last.fm is temporarily unavailable (HTTP 503)")
      #expect(server.requests == 6)
    }
  }

  @Test func anIncrementalSyncWithNothingNewAsksLittle() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 3000))
    try await Self.withStore { store in
      let sync = ArchiveSync(store: store, source: server, retry: Self.noWait)
      _ = try await sync.run(now: 1_700_000_000)
      let before = server.requests
      let report = try await sync.run(now: 1_700_000_060)
      #expect(report.added == 0)
      #expect(server.requests - before <= 3)
      #expect(try store.count() == 3000)
    }
  }

  /// The indexes a large commit drops and builds again are all there afterwards, whole, and answer by artist; a
  /// small commit into a larger archive keeps them as they are.
  @Test func theIndexesRebuiltByAFirstSyncAreWholeAndAnswer() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 2500))
    try await Self.withStore { store in
      let sync = ArchiveSync(store: store, source: server, retry: Self.noWait)
      _ = try await sync.run(now: 1_700_000_000)
      server.onRequest { _, plays in
        if !plays.contains(where: { $0.artist == "New" }) {
          plays.append(ArchivedPlay(time: 1_700_000_050, artist: "New", album: "A", track: "T"))
        }
      }
      _ = try await sync.run(now: 1_700_000_060)
      let names = try store.read {
        try $0.fetchColumn(
          String.self,
          sql:
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scrobble' AND sql IS NOT NULL ORDER BY name"
        )
      }
      #expect(names == ArchiveSchema.scrobbleIndexes.map(\.0).sorted())
      #expect(try store.read { try $0.fetchValue(String.self, sql: "PRAGMA integrity_check") } == "ok")
      for artist in Set(server.plays.map(\.artist)) {
        let indexed = try store.read {
          try $0.fetchValue(
            Int.self, sql: "SELECT count(*) FROM scrobble INDEXED BY scrobble_by_artist WHERE artist = ?",
            arguments: [artist])
        }
        #expect(indexed == server.plays.count { $0.artist == artist })
      }
    }
  }

  @Test func anEmptyHistoryIsAnEmptyArchive() async throws {
    let server = FakePlayServer(plays: [])
    try await Self.withStore { store in
      let report = try await ArchiveSync(store: store, source: server, retry: Self.noWait).run(now: 1_700_000_000)
      #expect(report.countAfter == 0)
    }
  }
}

import FoundationEssentials
import ImageCacheSupport
import Testing

@testable import ScrobbleArchive

/// A disk that fills up mid-sync: the sync stops with the one line about it, and the archive keeps every page
/// committed before; a sync with room again ends equal to the server's list.
@Suite struct ArchiveDiskFullTests {
  @Test func aFullDiskStopsTheSyncWithOneLineAndLosesNothingCommitted() async throws {
    let server = FakePlayServer(plays: FakePlayServer.history(count: 4000))
    try await ArchiveSyncTests.withStore { store in
      // SQLite answers SQLITE_FULL, exactly as on ENOSPC, once the file would pass max_page_count.
      let pages = try store.read { try $0.fetchValue(Int.self, sql: "PRAGMA page_count") } ?? 0
      try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages + 20)") }
      let sync = ArchiveSync(store: store, source: server, retry: ArchiveSyncTests.noWait)
      let error = await #expect(throws: ArchiveError.self) { try await sync.run(now: 1_700_000_000) }
      #expect(error?.description.hasPrefix("the disk holding the archive is full (") == true)
      // Every committed page is staged, newest first with no gap, and nothing of the failed one.
      let staged = try store.read { db in
        try db.statement(sql: "SELECT track FROM sync_staging ORDER BY time DESC, seq").fetchAll { $0[0] as String }
      }
      let window = try #require(try store.read(SyncLedger.window))
      #expect(window.pages > 0 && staged.count > 0)
      #expect(staged == server.plays.prefix(staged.count).map(\.track))
      #expect(try store.count() == 0, "the archive itself untouched until the window is verified")
      try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1073741823") }
      _ = try await sync.run(now: 1_700_000_000)
      #expect(try ArchiveSyncTests.rows(store) == server.plays)
    }
  }
}

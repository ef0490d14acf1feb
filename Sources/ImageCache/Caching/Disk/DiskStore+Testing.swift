import FoundationEssentials
internal import ImageCacheSupport
import Synchronization

// Test hooks: debug builds only, so the release module does not ship them.
#if DEBUG
  extension DiskStore {
    /// The file holding `key`'s bytes, so tests can damage or remove it behind the store's back.
    func blobURL(forKey key: String) throws -> URL? {
      try pool.read { db in
        try db.fetchValue(String.self, sql: "SELECT file FROM entry WHERE key = ?", arguments: [key])
      }
      .map(blobs.url(of:))
    }

    /// Every file under `blobs/`, temporary ones included.
    var blobFileNames: [String] { blobs.listing().map(\.name).sorted() }

    /// Makes the next blob writes fail as on a full disk once `bytes` more have been written (nil: no limit).
    func simulateFreeSpace(_ bytes: Int?) {
      blobs.simulatedFreeBytes.withLock { $0 = bytes }
    }

    /// Runs raw SQL on the cache database: lets tests damage it the way a crash, a bug or a user might.
    func executeRawSQL(_ sql: String) throws {
      try pool.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    /// Reads one integer with raw SQL (PRAGMA values, counts) for tests.
    func queryInteger(_ sql: String) throws -> Int? {
      try pool.read { db in try db.fetchValue(Int.self, sql: sql) }
    }

    /// `EXPLAIN QUERY PLAN` details, one line per step, for tests that check a query uses its index.
    func queryPlan(_ sql: String) throws -> [String] {
      try pool.read { db in
        // Columns: id, parent, notused, detail.
        try db.statement(sql: "EXPLAIN QUERY PLAN " + sql).fetchAll(
          [any SQLiteValue](repeating: String?.none, count: sql.filter { $0 == "?" }.count)
        ) { row -> String in row[3] }
      }
    }
  }
#endif

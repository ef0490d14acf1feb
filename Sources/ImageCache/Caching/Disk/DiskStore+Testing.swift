import GRDB

extension DiskStore {
  /// Runs raw SQL on the cache database: lets tests damage it the way a crash, a bug or a user might.
  func executeRawSQL(_ sql: String) throws {
    try pool.writeWithoutTransaction { db in try db.execute(sql: sql) }
  }

  /// Reads one integer with raw SQL (PRAGMA values, counts) for tests.
  func queryInteger(_ sql: String) throws -> Int? {
    try pool.read { db in try Int.fetchOne(db, sql: sql) }
  }
}

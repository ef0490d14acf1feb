import ImageCacheSupport

/// Questions about one listener's archive over a range of local days: each answered by SQL over the key's time
/// range (`WHERE time >= ? AND time < ?`), grouped in SQLite where it can be, and placed on local days and hours by
/// `UTCOffsets` where it cannot (SQLite knows no zones but UTC and the process's own).
public struct ArchiveStatistics: Sendable {
  public let store: ScrobbleStore
  public let zone: LocalZone

  public init(store: ScrobbleStore, zone: LocalZone = .current) {
    self.store = store
    self.zone = zone
  }

  /// The first and last play's unix seconds; nil for an empty archive.
  public func span() throws -> ClosedRange<Int64>? {
    try store.read(Self.span)
  }

  static func span(_ connection: SQLiteConnection) throws -> ClosedRange<Int64>? {
    // Two subqueries: SQLite reads a lone min() or max() off the key's ends, but both in one SELECT scan it all.
    let sql = "SELECT (SELECT min(time) FROM scrobble), (SELECT max(time) FROM scrobble)"
    let bounds = try connection.statement(sql: sql).fetchOne { row in
      (row[0] as Int64?, row[1] as Int64?)
    }
    guard let first = bounds?.0, let last = bounds?.1 else { return nil }
    return first...last
  }

  /// The plays in `range`, as local wall-clock seconds (see `UTCOffsets.localSeconds`), in time order.
  public func localPlayTimes(in range: ListeningRange) throws -> [Int64] {
    let interval = range.interval(in: zone)
    // Appended here rather than by the generic `fetchAll`, whose array of an unknown type looks its type up per row.
    var times: [Int64] = []
    try store.read { connection in
      try connection.statement(sql: "SELECT time FROM scrobble WHERE time >= ? AND time < ? ORDER BY time, seq")
        .forEachRow([interval.lowerBound, interval.upperBound]) { row in
          times.append(row[0])
          return true
        }
    }
    guard let first = times.first, let last = times.last else { return [] }
    var reader = zone.offsets(from: first, to: last).ascendingReader
    return times.map { reader.localSeconds(at: $0) }
  }

  /// How many plays `range` holds.
  public func playCount(in range: ListeningRange) throws -> Int {
    let interval = range.interval(in: zone)
    return try store.read { connection in
      Int(
        try connection.fetchValue(
          Int64.self, sql: "SELECT count(*) FROM scrobble WHERE time >= ? AND time < ?",
          arguments: [interval.lowerBound, interval.upperBound]) ?? 0)
    }
  }
}

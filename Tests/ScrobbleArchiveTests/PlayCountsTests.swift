import FoundationEssentials
import ImageCacheSupport
import TestSupport
import Testing

@testable import ScrobbleArchive

/// The kept counts against the rows they count: charts of random ranges in zones with daylight saving and
/// half-hour offsets against a plain GROUP BY over `scrobble`, and every kept bucket against one counted afresh,
/// after adding, replacing and importing plays and after opening an archive written before the counts existed.
@Suite struct PlayCountsTests {
  /// Plays from 2019 to 2024 by a few artists (two spelling one name differently), some without an album, several
  /// in one second, some on the edges of buckets and on Berlin's, New York's and Lord Howe's daylight-saving changes.
  static func randomPlays(count: Int, seed: UInt64) -> [ScratchArchive.Play] {
    var random = SeededRandom(seed: seed)
    let start: Int64 = 1_546_300_800
    let end: Int64 = 1_735_689_600
    let changes: [Int64] = [1_711_846_800, 1_729_990_800, 1_710_054_000, 1_730_613_600, 1_712_415_600, 1_728_142_200]
    let bucketEdges: [Int64] = [820 << 21, 51 << 25, 52 << 25]
    let edges = (changes + bucketEdges).flatMap { [$0 - 1, $0, $0 + 1] }
    // Ties are ordered by bytes, as SQLite orders text: "E" before "a", and the two spellings of "É" apart.
    let artists = ["Artist 0", "Artist 1", "Artist 2", "artist 3", "\u{C9}mile", "E\u{301}mile", "Zo\u{EB}"]
    return (0..<count).map { index in
      let time: Int64 =
        index % 10 == 0
        ? edges[Int(random.next() % UInt64(edges.count))] : start + Int64(random.next() % UInt64(end - start))
      let artist = artists[Int(random.next() % UInt64(artists.count))]
      let album = random.next() % 8 == 0 ? "" : "Album \(random.next() % 4)"
      return ScratchArchive.Play(time, artist, album: album, track: "Track \(random.next() % 12)")
    }
  }

  /// What `top` must answer: the same range grouped from the rows, most plays first, ties by name.
  static func expectedTop(_ grouping: PlayGrouping, _ interval: Range<Int64>, _ store: ScrobbleStore) throws -> TopChart
  {
    let title = grouping.titleColumn()
    let lastly = grouping == .album ? "title = '', " : ""
    let rows = try store.read { db in
      try db.statement(
        sql: """
          SELECT artist, \(title) AS title, count(*) AS plays FROM scrobble WHERE time >= ? AND time < ?
          GROUP BY artist, title ORDER BY \(lastly)plays DESC, artist, title
          """
      ).fetchAll([interval.lowerBound, interval.upperBound]) { row -> (String, String, Int) in (row[0], row[1], row[2])
      }
    }
    let entries = rows.compactMap { artist, title, plays -> ChartEntry? in
      switch grouping {
      case .artist: ChartEntry(artist: artist, plays: plays)
      case .album: title.isEmpty ? nil : ChartEntry(artist: artist, album: title, plays: plays)
      case .track: ChartEntry(artist: artist, track: title, plays: plays)
      }
    }
    return TopChart(entries: entries, plays: rows.reduce(0) { $0 + $1.2 })
  }

  /// The chart's names as bytes: `ChartEntry`'s `==` compares strings as Swift does, canonically equivalent
  /// spellings alike.
  static func bytes(_ chart: TopChart) -> [[UInt8]] {
    chart.entries.map { Array($0.artist.utf8) + [0] + Array(($0.album ?? $0.track ?? "").utf8) }
  }

  /// Every kept bucket and total, as names and plays, and the same counted afresh from `scrobble`.
  static func keptAndCounted(_ store: ScrobbleStore) throws -> (kept: [String], counted: [String]) {
    try store.read { db in
      var kept: [String] = []
      var counted: [String] = []
      for grouping in PlayGrouping.allCases {
        let code = grouping.code
        for grain in PlayCounts.grains {
          // Made once per query, not per row: interpolating the enum reflects on it (a whole-suite stack dump
          // caught this check holding both of Swift's cooperative threads).
          let prefix = "\(grouping) \(grain) "
          kept += try db.statement(
            sql: """
              SELECT n.artist || '|' || n.title || '|' || c.bucket || '|' || c.plays FROM play_count AS c
              JOIN chart_name AS n ON n.id = c.name WHERE c.grouping = \(code) AND c.grain = \(grain)
              ORDER BY 1
              """
          ).fetchAll { prefix + ($0[0] as String) }
          counted += try db.statement(
            sql: """
              SELECT artist || '|' || \(grouping.titleColumn()) || '|' || (time >> \(grain)) || '|' || count(*)
              FROM scrobble GROUP BY artist, \(grouping.titleColumn()), time >> \(grain) ORDER BY 1
              """
          ).fetchAll { prefix + ($0[0] as String) }
        }
        let total = "\(grouping) total "
        kept += try db.statement(
          sql: """
            SELECT n.artist || '|' || n.title || '|' || t.plays FROM play_total AS t JOIN chart_name AS n
            ON n.id = t.name WHERE t.grouping = \(code) ORDER BY 1
            """
        ).fetchAll { total + ($0[0] as String) }
        counted += try db.statement(
          sql: """
            SELECT artist || '|' || \(grouping.titleColumn()) || '|' || count(*) FROM scrobble
            GROUP BY artist, \(grouping.titleColumn()) ORDER BY 1
            """
        ).fetchAll { total + ($0[0] as String) }
        let names = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM chart_name WHERE grouping = \(code)")
        kept.append("\(grouping) names \(names ?? 0)")
        let distinct = try db.fetchValue(
          Int.self, sql: "SELECT count(*) FROM (SELECT DISTINCT artist, \(grouping.titleColumn()) FROM scrobble)")
        counted.append("\(grouping) names \(distinct ?? 0)")
      }
      return (kept, counted)
    }
  }

  static func expectCountsExact(_ store: ScrobbleStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (kept, counted) = try keptAndCounted(store)
    #expect(kept == counted, sourceLocation: sourceLocation)
  }

  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"])
  func chartsOfRandomRangesEqualAGroupByOverThePlays(zoneName: String) throws {
    let archive = try ScratchArchive()
    defer { archive.remove() }
    let plays = Self.randomPlays(count: 3000, seed: 41)
    // Added in overlapping batches, so most of them recount buckets that already hold counts.
    for batch in stride(from: 0, to: plays.count, by: 700) {
      try archive.add(Array(plays[batch..<min(batch + 700, plays.count)]))
    }
    try Self.expectCountsExact(archive.store)
    let zone = LocalZone(name: zoneName)
    let statistics = ArchiveStatistics(store: archive.store, zone: zone)
    var random = SeededRandom(seed: UInt64(zoneName.utf8.count))
    let firstDay = LocalDate(year: 2018, month: 12, day: 1).dayNumber
    for round in 0..<40 {
      let first = LocalDate(dayNumber: firstDay + Int(random.next() % 2300))
      let last = first.adding(days: Int(random.next() % (round % 4 == 0 ? 40 : 2300)))
      let range = ListeningRange(
        first: round % 9 == 1 ? nil : first, last: round % 7 == 2 ? nil : last)
      let interval = range.interval(in: zone)
      for grouping in PlayGrouping.allCases {
        let expected = try Self.expectedTop(grouping, interval, archive.store)
        let whole = try statistics.top(grouping, in: range, limit: 10_000)
        #expect(whole == expected, "\(grouping) \(range.label)")
        #expect(Self.bytes(whole) == Self.bytes(expected), "\(grouping) \(range.label): names in SQLite's order")
        let firstFive = TopChart(entries: Array(expected.entries.prefix(5)), plays: expected.plays)
        let five = try statistics.top(grouping, in: range, limit: 5)
        #expect(five == firstFive && Self.bytes(five) == Self.bytes(firstFive), "\(grouping) \(range.label)")
      }
    }
  }

  @Test func replacedAndImportedPlaysAreRecounted() throws {
    let archive = try ScratchArchive()
    defer { archive.remove() }
    try archive.add(Self.randomPlays(count: 1500, seed: 7))
    // A window of the archive replaced by fewer plays, as the sync's reconciler does: some names lose every play.
    let window = 1_600_000_000...1_640_000_000
    let replacement = [
      (play: ArchivedPlay(time: 1_610_000_000, artist: "Newcomer", album: "First", track: "One"), seq: 0),
      (play: ArchivedPlay(time: 1_610_000_000, artist: "Artist 1", album: "", track: "Track 3"), seq: 1),
    ]
    try archive.store.write { try SyncLedger.replace(window, of: .scrobble, with: replacement, $0) }
    try Self.expectCountsExact(archive.store)
    let csv = "uts,artist,album,track\n1500000000,Importer,Imported,Song\n1700000000,Artist 2,Album 1,Track 1\n"
    #expect(try ScrobbleImport.run(csv, into: archive.store).added == 2)
    try Self.expectCountsExact(archive.store)
    // Everything removed: nothing kept either.
    try archive.store.write { try SyncLedger.replace(0...2_000_000_000, of: .scrobble, with: [], $0) }
    try Self.expectCountsExact(archive.store)
    let statistics = ArchiveStatistics(store: archive.store, zone: LocalZone(name: "Europe/Berlin"))
    #expect(try statistics.top(.album, in: .allTime, limit: 5) == TopChart(entries: [], plays: 0))
  }

  @Test func anArchiveWrittenBeforeTheCountsIsCountedWhenOpened() throws {
    let path = "/tmp/play-counts-\(UUID().uuidString).sqlite"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let plays = Self.randomPlays(count: 800, seed: 3)
    // Version 1's layout, as its archives are on disk.
    let database = try SQLiteDatabase(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE scrobble (time INTEGER NOT NULL, seq INTEGER NOT NULL, artist TEXT NOT NULL,
          album TEXT NOT NULL, track TEXT NOT NULL, cover TEXT, loved INTEGER, PRIMARY KEY (time, seq)) WITHOUT ROWID
          """)
      try db.execute(sql: "CREATE TABLE archive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
      try db.execute(sql: "INSERT INTO archive_meta VALUES ('schema_version', '1')")
      for (seq, play) in plays.enumerated() {
        try db.execute(
          sql: "INSERT INTO scrobble (time, seq, artist, album, track) VALUES (?, ?, ?, ?, ?)",
          arguments: [play.time, Int64(seq), play.artist, play.album, play.track])
      }
    }
    database.close()
    let store = try ScrobbleStore(path: path)
    defer { store.close() }
    try Self.expectCountsExact(store)
    #expect(try store.read { try SyncLedger.meta("schema_version", $0) } == String(ArchiveSchema.version))
    #expect(try store.read { try $0.fetchValue(Int.self, sql: "PRAGMA user_version") } == ArchiveSchema.version)
  }

  @Test func termsCoverTheRangeOnceWithFewBuckets() {
    var random = SeededRandom(seed: 5)
    for _ in 0..<500 {
      let lower = 1_500_000_000 + Int64(random.next() % 300_000_000)
      let upper = lower + Int64(random.next() % 200_000_000)
      let pieces = ChartTerms.pieces(lower..<upper)
      var reached = lower
      for piece in pieces {
        switch piece {
        case .plays(let seconds):
          #expect(seconds.lowerBound == reached && !seconds.isEmpty)
          reached = seconds.upperBound
        case .buckets(let grain, let numbers):
          #expect(numbers.lowerBound << grain == reached && !numbers.isEmpty)
          reached = numbers.upperBound << grain
        case .total:
          Issue.record("a range's own pieces never take the totals")
        }
      }
      #expect(reached == upper)
      // At most two runs of fine buckets around the coarse ones, and plays only at the two edges.
      #expect(pieces.count <= 5)
    }
    let span: ClosedRange<Int64> = 1_500_000_000...1_700_000_000
    #expect(ChartTerms(Int64.min..<Int64.max, span: span).terms == [.init(source: .total, sign: 1)])
    #expect(ChartTerms(0..<100, span: span).terms.isEmpty)
  }
}

/// SplitMix64: the same numbers on every run.
struct SeededRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

import FoundationEssentials
import ImageCacheSupport
import Testing

@testable import ScrobbleArchive

@Suite struct ImportExportTests {
  static func export(_ store: ScrobbleStore, _ format: ScrobbleExport.Format, range: ClosedRange<Int>? = nil) throws
    -> String
  {
    var bytes: [UInt8] = []
    try ScrobbleExport.run(store, format: format, range: range) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// lastfm-to-csv: no header, newest first, minutes only, quoted fields with commas and quotes.
  static let lastfmToCSV = [
    #""Crosby, Stills & Nash",Déjà Vu,"Carry On, ""Live""",14 Nov 2023 22:13"#,
    "Tame Impala,Lonerism,Elephant,14 Nov 2023 22:13",
    "Tame Impala,,Apocalypse Dreams,14 Nov 2023 22:09",
    "Broken,,row,not a date", "",
  ].joined(separator: "\r\n")

  @Test func lastfmToCSVRowsGoOnTheirMinutesFirstSecondInTheFilesOrder() async throws {
    try await ArchiveSyncTests.withStore { store in
      let summary = try ScrobbleImport.run(Self.lastfmToCSV, into: store)
      #expect(summary.rows == 4)
      #expect(summary.added == 3)
      #expect(summary.unreadable == 1)
      #expect(summary.unreadableLines == [4])
      let minute = try #require(PlayDate.utc(year: 2023, month: 11, day: 14, hour: 22, minute: 13, second: 0))
      let rows = try store.read { db in
        try db.statement(sql: "SELECT time, seq, artist, track FROM scrobble ORDER BY time DESC, seq").fetchAll {
          row -> String in "\(row[0] as Int) \(row[1] as Int) \(row[2] as String) / \(row[3] as String)"
        }
      }
      #expect(
        rows == [
          "\(minute) 0 Crosby, Stills & Nash / Carry On, \"Live\"", "\(minute) 1 Tame Impala / Elephant",
          "\(minute - 240) 0 Tame Impala / Apocalypse Dreams",
        ])
      // Twice: nothing added twice.
      let again = try ScrobbleImport.run(Self.lastfmToCSV, into: store)
      #expect(again.added == 0 && again.alreadyKept == 3)
      #expect(try store.count() == 3)
    }
  }

  @Test func theOwnCSVExportReadsBackWithItsSeconds() async throws {
    let plays = FakePlayServer.history(count: 300)
    let server = FakePlayServer(plays: plays)
    try await ArchiveSyncTests.withStore { store in
      _ = try await ArchiveSync(store: store, source: server, retry: ArchiveSyncTests.noWait).run(now: 1_700_000_000)
      let csv = try Self.export(store, .csv)
      #expect(csv.hasPrefix("uts,utc_time,artist,album,track,loved\n"))
      try await ArchiveSyncTests.withStore { copy in
        let summary = try ScrobbleImport.run(csv, into: copy)
        #expect(summary.added == 300)
        let times = try ArchiveSyncTests.rows(copy).map { [$0.time, $0.artist, $0.album, $0.track] as [AnyHashable] }
        #expect(times == plays.map { [$0.time, $0.artist, $0.album, $0.track] as [AnyHashable] })
      }
    }
  }

  @Test func jsonExportOfARangeEscapesWhatJSONMust() async throws {
    let plays = [
      ArchivedPlay(time: 1_700_000_300, artist: "Quote \" and \\ and \u{1B}[31m", album: "", track: "Line\nbreak"),
      ArchivedPlay(time: 1_700_000_200, artist: "In", album: "A", track: "T", cover: "https://x/c.png", loved: true),
      ArchivedPlay(time: 1_600_000_000, artist: "Out", album: "A", track: "T"),
    ]
    let server = FakePlayServer(plays: plays)
    try await ArchiveSyncTests.withStore { store in
      _ = try await ArchiveSync(store: store, source: server, retry: ArchiveSyncTests.noWait).run(now: 1_700_000_500)
      let text = try Self.export(store, .json, range: 1_700_000_000...1_700_000_400)
      let decoded = try JSONDecoder().decode(Export.self, from: Data(text.utf8))
      #expect(decoded.count == 2)
      #expect(decoded.scrobbles.map(\.artist) == ["Quote \" and \\ and \u{1B}[31m", "In"])
      #expect(decoded.scrobbles[0].track == "Line\nbreak")
      #expect(decoded.scrobbles[1].cover == "https://x/c.png" && decoded.scrobbles[1].loved == true)
      #expect(decoded.scrobbles[1].date == "2023-11-14T22:16:40Z")
      let empty = try JSONDecoder().decode(Export.self, from: Data(try Self.export(store, .json, range: 1...2).utf8))
      #expect(empty.count == 0 && empty.scrobbles.isEmpty)
    }
  }

  struct Export: Decodable {
    struct Play: Decodable {
      var uts: Int
      var date: String
      var artist: String
      var album: String
      var track: String
      var cover: String?
      var loved: Bool?
    }
    var count: Int
    var scrobbles: [Play]
  }

  @Test func headedCSVsOfOtherExportersAreRead() throws {
    var summary = ScrobbleImport.Summary()
    let iso = "Artist,Title,Album,played_at\nA,T,Al,2023-11-14T22:13:05Z\n"
    let rows = try ScrobbleImport.parse(iso, summary: &summary)
    #expect(rows.map(\.play.time) == [1_699_999_985])
    #expect(rows.first?.hasSeconds == true && rows.first?.play.album == "Al")
    let uts = try ScrobbleImport.parse("uts,artist,album,track\n1700000000000,A,B,C\n", summary: &summary)
    #expect(uts.map(\.play.time) == [1_700_000_000], "milliseconds")
    #expect(throws: ScrobbleImport.ImportError.self) { try ScrobbleImport.parse("hello,world\n", summary: &summary) }
  }
}

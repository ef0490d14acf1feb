import DemoCatalog
import Foundation
import ImageCache
import ImageEncoding
import LastFM
import Synchronization
import TestSupport
import Testing

@testable import CacheTool

/// `imgcache now`: its line, `--format` fields and `--json` document (against its schema) from the documented
/// answers, and the cover file, replaced whole and only when the cover changes.
@Suite struct NowCommandTests {
  static let playedAt = 1_603_188_238

  static func nowPlaying(_ fixture: String) throws -> NowPlaying {
    NowPlaying(recentTracks: try LastFMDecoding.recentTracks(Fixtures.bytes("lastfm/\(fixture)")))
  }

  static let hostile = Scrobble(
    name: "Track\u{1B}[2J", artist: "Evil\u{07}Band", album: "A", url: URL(string: "https://www.last.fm/x")!,
    isNowPlaying: true, loved: true)

  static func reports() throws -> [NowReport] {
    [
      NowReport(user: "ada", now: try nowPlaying("docs.user.getRecentTracks.ok1.json"), at: playedAt),
      NowReport(
        user: "ada", now: try nowPlaying("docs.user.getRecentTracks.ok0.json"), at: playedAt + 720, userPlaycount: 3),
      NowReport(user: "ada", now: NowPlaying(track: nil), at: playedAt),
      NowReport(
        user: "ada", now: try nowPlaying("docs.user.getRecentTracks.ok0.json"), at: playedAt + 90_000,
        staleBecause: "could not reach Last.fm: timed out"),
      NowReport(user: "ada", now: NowPlaying(track: hostile), at: playedAt),
    ]
  }

  @Test(.enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
  func everyDocumentMatchesItsSchemaOnOneLine() throws {
    for report in try Self.reports() {
      let line = try report.jsonLine()
      #expect(!line.contains("\n"), "one document a line for --follow")
      #expect(!line.contains("\u{1B}") && !line.contains("\u{07}"))
      let problems = try JSONSchemaValidator.problems(
        in: line, schema: JSONSchemaValidator.schema("imgcache-now"))
      #expect(problems == [], "\(line)")
    }
  }

  @Test func linesAndExitStatusesFollowTheState() throws {
    let reports = try Self.reports()
    #expect(reports[0].line == "Tame Impala — Apocalypse Dreams")
    #expect(reports[0].exitCode == 0)
    #expect(reports[1].line == "Tame Impala — Feels Like We Only Go Backwards (last played 12 min ago)")
    #expect(reports[1].exitCode == 0, "played within the hour")
    #expect(reports[2].line == "ada has scrobbled nothing")
    #expect(reports[2].exitCode == 1)
    #expect(reports[3].state == "idle" && reports[3].exitCode == 1 && reports[3].stale)
  }

  @Test func formatFillsKnownFieldsCleansThemAndLeavesUnknownOnesAsWritten() throws {
    let reports = try Self.reports()
    #expect(
      reports[1].formatted("{artist} – {track} [{album}] {ago} #{playcount}{loved} {nope} {")
        == "Tame Impala – Feels Like We Only Go Backwards [Lonerism] 12 min ago #3 {nope} {")
    let hostile = reports[4].formatted("{artist}/{track}{loved}")
    #expect(!hostile.contains("\u{1B}") && !hostile.contains("\u{07}"))
    #expect(hostile.hasSuffix("♥"))
    #expect(NowReport.needsPlaycount(format: "{playcount}", json: false))
    #expect(!NowReport.needsPlaycount(format: "{artist}", json: false))
  }

  @Test func theCoverFileIsWrittenWhenTheCoverChangesAndLeftAloneOtherwise() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("now-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await DemoServer.start()
    let manager = try ImageManager(configuration: .init(cacheDirectory: folder.appendingPathComponent("cache")))
    let path = folder.appendingPathComponent("cover.png").path
    let file = CoverFile(path: path, size: 120, manager: manager)
    let album = DemoCatalog().artists[0].albums[0]
    let cover = server.baseURL.deletingLastPathComponent().appendingPathComponent("i/u/300x300/\(album.coverID).png")
    let track = Scrobble(
      name: "t", artist: "a", url: URL(string: "https://www.last.fm/x")!,
      images: ImageSet([.extralarge: cover]), isNowPlaying: true)
    do {
      try await file.update(NowPlaying(track: track))
      let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let picture = try PNGDecoder().decode(written, limits: .init())
      #expect((picture.width, picture.height) == (120, 120))
      let inode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
      try await file.update(NowPlaying(track: track))
      try await file.update(NowPlaying(track: nil))
      let after = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
      #expect(after == inode, "an unchanged cover, or none, leaves the file as it was")
    } catch {
      file.close()
      await server.shutdown()
      throw error
    }
    file.close()
    await server.shutdown()
  }

  @Test func aReaderPollingTheCoverFileNeverSeesAPartialPicture() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("now-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cover.png").path
    let pictures = try [64, 400].map { edge in
      try PNGEncoder.encode(
        ImageBitmap(width: edge, height: edge, pixels: (0..<(edge * edge * 4)).map { UInt8(truncatingIfNeeded: $0) }))
    }
    try OutputFile.write(pictures[0], to: path)
    // The reader is a thread of its own, so a busy task pool cannot keep it from reading while the writes go on.
    let counts = Mutex((reads: 0, partial: 0, stop: false))
    let reader = Thread {
      let deadline = ContinuousClock.now + .seconds(30)
      while ContinuousClock.now < deadline, !counts.withLock({ $0.stop }) {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        let whole = pictures.contains([UInt8](data))
        counts.withLock {
          $0.reads += 1
          if !whole { $0.partial += 1 }
        }
      }
    }
    reader.start()
    // Writes go on until the reader has read 500 times (or the deadline), so the two overlap.
    let deadline = ContinuousClock.now + .seconds(30)
    var round = 0
    while counts.withLock({ $0.reads }) < 500, ContinuousClock.now < deadline {
      try OutputFile.write(pictures[round % 2], to: path)
      round += 1
    }
    let seen = counts.withLock { state in
      state.stop = true
      return (reads: state.reads, partial: state.partial)
    }
    #expect(seen.reads > 0)
    #expect(seen.partial == 0, "every read is one whole picture or the other")
  }
}

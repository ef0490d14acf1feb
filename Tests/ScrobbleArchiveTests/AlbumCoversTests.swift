import ImageCacheSupport
import TestSupport
import Testing

@testable import ScrobbleArchive

/// An album's cover is the one its latest play carried; albums whose plays carried none, and charts' entries
/// without an album, are left out.
@Suite struct AlbumCoversTests {
  @Test func theLatestPlaysCoverStandsForTheAlbum() throws {
    let archive = try ScratchArchive()
    defer { archive.remove() }
    try archive.add([
      .init(100, "Bea", album: "B1"), .init(200, "Bea", album: "B1"), .init(300, "Bea", album: "B1"),
      .init(100, "Cy", album: "C1"),
    ])
    try archive.store.write { connection in
      try connection.execute(sql: "UPDATE scrobble SET cover = 'http://a/old.png' WHERE time = 100 AND artist = 'Bea'")
      try connection.execute(sql: "UPDATE scrobble SET cover = 'http://a/new.png' WHERE time = 200")
      try connection.execute(sql: "UPDATE scrobble SET cover = '' WHERE time = 300")
    }
    let statistics = ArchiveStatistics(store: archive.store, zone: LocalZone(name: "UTC"))
    let covers = try statistics.covers(of: [
      ChartEntry(artist: "Bea", album: "B1", plays: 3), ChartEntry(artist: "Cy", album: "C1", plays: 1),
      ChartEntry(artist: "Bea", plays: 3),
    ])
    #expect(covers == [AlbumKey(artist: "Bea", album: "B1"): "http://a/new.png"])
  }
}

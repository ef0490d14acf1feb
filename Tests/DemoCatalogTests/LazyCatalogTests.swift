import Testing

@testable import DemoCatalog

/// The catalog invents an artist's details when first asked for: in whatever order that happens, every answer
/// must be the one the whole catalog, built in chart order, gives (`sharedCatalog.artists`, itself checked
/// against the recorded fingerprint in `CatalogTests`).
@Suite struct LazyCatalogTests {
  @Test func artistsAskedForOutOfOrderAreTheWholeCatalogs() {
    let fresh = DemoCatalog()
    #expect(fresh.artistCount == sharedCatalog.artists.count)
    for place in [200, 3, 239, 0, 101, 17] {
      #expect(fresh.artist(at: place) == sharedCatalog.artists[place])
    }
    let named = sharedCatalog.artists[37]
    #expect(fresh.artist(named: "  " + named.name.uppercased() + " ") == named)
    #expect(fresh.artists(in: 48..<53) == Array(sharedCatalog.artists[48..<53]))
    #expect(fresh.artists == sharedCatalog.artists)
  }

  @Test func idsOfArtistsNotInventedYetAreStillFound() {
    // MusicBrainz and cover ids are among an artist's last draws: a fresh catalog must invent the rest to find them.
    let artist = sharedCatalog.artists[150]
    #expect(DemoCatalog().artist(mbid: artist.mbid.uppercased()) == artist)
    let album = artist.albums[2]
    #expect(DemoCatalog().album(coverID: album.coverID) == album)
    let fresh = DemoCatalog()
    #expect(fresh.album(coverID: "00000000000000000000000000000000") == nil)
    #expect(fresh.artist(mbid: "not-an-mbid") == nil)
  }

  @Test func searchInventsOnlyTheMatches() {
    let fresh = DemoCatalog()
    let query = String(sharedCatalog.artists[60].name.prefix(3))
    let expected = sharedCatalog.artists.filter { $0.name.lowercased().contains(query.lowercased()) }
    #expect(!expected.isEmpty)
    #expect(fresh.searchArtists(query) == expected)
  }

  @Test func everyTagHasABitOfItsOwn() {
    #expect(TagVocabulary.all.count <= 64)
    #expect(Set(TagVocabulary.all).count == TagVocabulary.all.count)
  }

  /// Recorded from the server before the catalog became lazy (`curl` against the embedded demo server of
  /// artist-browser at 47380): every chart page, each method for artists across the chart, searches, covers.
  @Test func answersAreTheRecordedOnes() throws {
    let api = DemoAPI(catalog: DemoCatalog(), imageOrigin: "http://127.0.0.1:47380")
    var bytes: [UInt8] = []
    for query in Self.recordedQueries {
      let body = api.respond(to: DemoResponder.parameters(query + "&format=json"))
      bytes += Array(query.utf8) + [10] + Array(body.utf8) + [10]
    }
    #expect(ContentHash.fnv1a64(bytes) == "bd2d2689cc3039d0")
    let covers = CoverStore(catalog: DemoCatalog())
    var coverBytes: [UInt8] = []
    for id in Self.recordedCoverIDs {
      for size in CoverSize.allCases {
        let image = try covers.image(id: id, size: size)
        coverBytes += Array("\(id) \(size.pathComponent) \(image?.etag ?? "404")\n".utf8) + (image?.png ?? [])
      }
    }
    #expect(ContentHash.fnv1a64(coverBytes) == "38ca850c4319d1f7")
  }

  static let recordedPlaces = [0, 1, 17, 101, 150, 239]

  static var recordedQueries: [String] {
    var queries = ["method=chart.gettopartists", "method=chart.gettopartists&limit=20"]
    queries += (1...6).map { "method=chart.gettopartists&limit=50&page=\($0)" }
    for place in recordedPlaces {
      let artist = sharedCatalog.artists[place]
      let name = LastFMURL.encode(artist.name)
      queries += [
        "method=artist.getinfo&artist=\(name)", "method=artist.gettopalbums&artist=\(name)",
        "method=artist.getsimilar&artist=\(name)", "method=artist.gettoptracks&artist=\(name)",
        "method=album.getinfo&artist=\(name)&album=\(LastFMURL.encode(artist.albums[0].name))",
        "method=artist.getinfo&mbid=\(artist.mbid)",
      ]
    }
    queries += ["a", "the", "%E6%98%9F", "zzzz"].map { "method=artist.search&artist=\($0)" }
    return queries
  }

  static var recordedCoverIDs: [String] {
    recordedPlaces.map { sharedCatalog.artists[$0].albums[0].coverID }
      + [CoverStore.placeholderStarID, "00000000000000000000000000000000"]
  }
}

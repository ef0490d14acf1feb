import Testing

@testable import DemoCatalog

/// Generated once for the whole suite: generation is deterministic, so sharing is safe.
let sharedCatalog = DemoCatalog()

@Suite struct CatalogTests {
  let catalog = sharedCatalog

  @Test func sameSeedGivesTheSameCatalog() {
    // Given two independent generations from the default seed
    let again = DemoCatalog()
    // Then they are equal in every field
    #expect(again.artists == catalog.artists)
  }

  @Test func differentSeedGivesADifferentCatalog() {
    let other = DemoCatalog(seed: 42, artistCount: 20)
    #expect(other.artists.map(\.name) != Array(catalog.artists.prefix(20)).map(\.name))
  }

  /// Golden values: if this fails, generation changed and every consumer's expectations (screenshots, cached
  /// covers) change with it. Update deliberately.
  @Test func goldenFirstChartArtist() {
    let first = catalog.artists[0]
    #expect(first.name == "Ezra Sandkeakjind")
    #expect(first.listeners == 3_609_883)
  }

  /// A digest of every generated value: each test run is a fresh process, so this also checks that generation
  /// does not depend on per-process state (hash seeds, dictionary order).
  @Test func goldenWholeCatalogFingerprint() {
    func text(_ text: DemoText) -> String { "\(text.published)|\(text.summary)|\(text.content)" }
    var dump = ""
    for artist in catalog.artists {
      dump +=
        "\(artist.name)|\(artist.mbid)|\(artist.listeners)|\(artist.playcount)|\(artist.tags)|\(text(artist.bio))\n"
      for album in artist.albums {
        dump +=
          "  \(album.name)|\(album.mbid)|\(album.coverID)|\(album.listeners)|\(album.playcount)|\(text(album.wiki))\n"
        for track in album.tracks {
          dump += "    \(track.name)|\(track.mbid)|\(track.durationSeconds)|\(track.listeners)|\(track.playcount)\n"
        }
      }
      dump += "  similar: " + artist.similar.map { "\($0.name)=\($0.match)" }.joined(separator: ",") + "\n"
    }
    #expect(ContentHash.fnv1a64(Array(dump.utf8)) == "131198c22861dbe3")
  }

  @Test func hasAtLeast200UniquelyNamedArtists() {
    #expect(catalog.artists.count >= 200)
    let keys = Set(catalog.artists.map { $0.name.lowercased() })
    #expect(keys.count == catalog.artists.count)
  }

  @Test func chartIsOrderedByListenersWithALongTail() {
    let listeners = catalog.artists.map(\.listeners)
    #expect(listeners == listeners.sorted(by: >))
    // The head is orders of magnitude above the tail.
    #expect(listeners[0] > 100 * listeners[listeners.count - 1])
  }

  @Test func namesIncludeNonASCIIAndWideCharacters() {
    let names = catalog.artists.map(\.name)
    #expect(names.contains { $0.unicodeScalars.contains { $0.value >= 0x80 && $0.value < 0x3000 } })
    let cjk = names.filter { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
    #expect(cjk.count == 2)
  }

  @Test func everyArtistHasTagsBioAlbumsAndTracks() {
    for artist in catalog.artists {
      #expect((2...5).contains(artist.tags.count), "\(artist.name)")
      #expect(artist.albums.count >= 6, "\(artist.name)")
      #expect(artist.bio.summary.hasSuffix("<a href=\"\(LastFMURL.artist(artist.name))\">Read more on Last.fm</a>"))
      #expect(artist.bio.content.contains("Read more on Last.fm</a>. User-contributed text"))
      #expect(artist.albums.map(\.playcount) == artist.albums.map(\.playcount).sorted(by: >))
      for album in artist.albums {
        #expect((6...14).contains(album.tracks.count), "\(album.name)")
        #expect(album.tracks.allSatisfy { $0.durationSeconds >= 60 && $0.playcount > 0 })
        #expect(album.coverID.count == 32 && album.coverID.allSatisfy(\.isHexDigit))
        #expect(album.artistName == artist.name)
      }
    }
  }

  @Test func mbidsLookLikeUUIDsAndAreUnique() {
    let ids = catalog.artists.map(\.mbid)
    #expect(Set(ids).count == ids.count)
    #expect(ids.allSatisfy { $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
  }

  @Test func similarArtistsHaveMatchesInRangeAndShareTags() {
    for artist in catalog.artists {
      #expect(!artist.similar.isEmpty, "\(artist.name)")
      #expect(artist.similar.map(\.match) == artist.similar.map(\.match).sorted(by: >))
      for link in artist.similar {
        #expect((0...1).contains(link.match))
        #expect(link.name != artist.name)
        let other = catalog.artist(named: link.name)!
        #expect(!Set(other.tags).isDisjoint(with: artist.tags))
      }
    }
  }

  @Test func lookupIgnoresCaseAndSurroundingWhitespace() {
    let artist = catalog.artists[7]
    #expect(catalog.artist(named: "  \(artist.name.uppercased())\n")?.mbid == artist.mbid)
    #expect(catalog.artist(named: artist.name.lowercased())?.mbid == artist.mbid)
    #expect(catalog.artist(named: "No Such Artist Anywhere") == nil)
    let album = artist.albums[2]
    #expect(catalog.album(named: " \(album.name.lowercased()) ", by: artist.name.uppercased()) == album)
    #expect(catalog.album(coverID: album.coverID) == album)
  }

  @Test func searchFindsSubstringsMostListenedFirst() {
    let target = catalog.artists[30]
    let fragment = String(target.name.lowercased().prefix(3))
    let results = catalog.searchArtists(fragment.uppercased())
    #expect(results.contains(target))
    #expect(results.allSatisfy { $0.name.lowercased().contains(fragment) })
    #expect(results.map(\.listeners) == results.map(\.listeners).sorted(by: >))
  }

  @Test func topTracksAreAllTracksMostPlayedFirst() {
    let artist = catalog.artists[3]
    let tracks = catalog.topTracks(of: artist)
    #expect(tracks.count == artist.albums.reduce(0) { $0 + $1.tracks.count })
    #expect(tracks.map(\.playcount) == tracks.map(\.playcount).sorted(by: >))
  }
}

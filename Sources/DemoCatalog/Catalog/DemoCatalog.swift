import FoundationEssentials
import ImageCacheSupport

/// A fictional Last.fm catalog, generated deterministically from a seed: the same seed gives the same catalog,
/// byte for byte, in any process.
///
/// Making one only outlines the artists (names, listeners, tags: what the chart order and the similarity links
/// need); an artist's bio, albums and tracks are invented the first time something asks for that artist, and
/// kept. A browser's first screen so costs the outlines and the artists it shows, not the whole catalog
/// (BENCHMARKS.md). Copies of a catalog share what has been invented.
public struct DemoCatalog {
  public static let defaultSeed: UInt64 = 0x1A57_F00D_2026
  public static let defaultArtistCount = 240

  public let seed: UInt64
  /// In chart order, like `keys`.
  private let chart: [ArtistOutline]
  var chartOutlines: [ArtistOutline] { chart }
  /// Each chart artist's `lookupKey`.
  private let keys: [String]
  private let chartIndexByKey: [String: Int]
  private let linker: SimilarityLinker
  private let invented: InventedArtists
  let listenerHistories = ListenerHistories()
  let trackFragments = TrackFragmentCache()

  public init(seed: UInt64 = defaultSeed, artistCount: Int = defaultArtistCount) {
    self.seed = seed
    var generator = CatalogGenerator(seed: seed)
    let (chart, salt) = generator.outlines(count: artistCount)
    self.chart = chart
    keys = chart.map { Self.lookupKey($0.name) }
    chartIndexByKey = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
    linker = SimilarityLinker(chart: chart, salt: salt)
    invented = InventedArtists(count: chart.count)
  }

  public var artistCount: Int { chart.count }

  /// Chart order: most listeners first. Invents every artist not asked for yet.
  public var artists: [DemoArtist] { artists(in: 0..<artistCount) }

  /// The artists at these chart places (0 has the most listeners).
  public func artists(in places: Range<Int>) -> [DemoArtist] { places.map(artist(at:)) }

  /// The artist at this chart place (0 has the most listeners).
  public func artist(at place: Int) -> DemoArtist {
    if let known = invented.artist(at: place) { return known }
    // Invented outside the lock: two requests racing for one artist both invent the same values.
    return invented.keep(ArtistGenerator.artist(chart[place], similar: linker.similar(to: place)), at: place)
  }

  /// Looks an artist up the way Last.fm's autocorrection does at its simplest: ignoring case and surrounding
  /// whitespace.
  public func artist(named name: String) -> DemoArtist? {
    place(named: name).map(artist(at:))
  }

  /// The artist's chart place (the high bits of a listener's track keys), looked up as `artist(named:)` does.
  func place(named name: String) -> Int? { chartIndexByKey[Self.lookupKey(name)] }

  /// An artist's MusicBrainz id is among its last draws, so an id no invented artist has makes the catalog
  /// invent the rest before answering.
  public func artist(mbid: String) -> DemoArtist? {
    let key = mbid.trimmingWhitespace().lowercased()
    return inventingAllIfNeeded { invented.place(ofMBID: key) }.map(artist(at:))
  }

  public func album(named name: String, by artistName: String) -> DemoAlbum? {
    let key = Self.lookupKey(name)
    return artist(named: artistName)?.albums.first { Self.lookupKey($0.name) == key }
  }

  /// Like `artist(mbid:)`: a client learns cover ids from answers, which invented their artists, so an unknown
  /// id is rare and makes the catalog invent the rest.
  public func album(coverID: String) -> DemoAlbum? {
    inventingAllIfNeeded { invented.place(ofCoverID: coverID) }.map { artist(at: $0.artist).albums[$0.album] }
  }

  /// Artists whose name contains `query` (ignoring case and surrounding whitespace), most listeners first.
  public func searchArtists(_ query: String) -> [DemoArtist] {
    let key = Self.lookupKey(query)
    guard !key.isEmpty else { return [] }
    return keys.indices.filter { keys[$0].contains(key) }.map(artist(at:))
  }

  /// Every track of the artist, most played first (ties keep album order, so the result is stable).
  public func topTracks(of artist: DemoArtist) -> [DemoTrack] {
    let tracks = artist.albums.flatMap(\.tracks)
    return tracks.indices.sorted {
      tracks[$0].playcount > tracks[$1].playcount || (tracks[$0].playcount == tracks[$1].playcount && $0 < $1)
    }
    .map { tracks[$0] }
  }

  static func lookupKey(_ name: String) -> String {
    // Generated names have nothing to trim, and `trimmingCharacters` goes through `NSString` even then: it was
    // over half of what inventing an artist's albums cost (BENCHMARKS.md). White_Space is the set it trims.
    guard
      name.unicodeScalars.first?.properties.isWhitespace == true
        || name.unicodeScalars.last?.properties.isWhitespace == true
    else { return name.lowercased() }
    return name.trimmingWhitespace().lowercased()
  }

  /// `find` among the artists invented so far, else again once all are.
  private func inventingAllIfNeeded<Found>(_ find: () -> Found?) -> Found? {
    if let found = find() { return found }
    guard !invented.isComplete else { return nil }
    _ = artists
    return find()
  }
}

extension DemoCatalog: Sendable {}

import Foundation

/// A fictional Last.fm catalog, generated deterministically from a seed: the same seed gives the same catalog,
/// byte for byte, in any process.
public struct DemoCatalog {
  public static let defaultSeed: UInt64 = 0x1A57_F00D_2026
  public static let defaultArtistCount = 240

  public let seed: UInt64
  /// Chart order: most listeners first.
  public let artists: [DemoArtist]

  private let artistIndexByKey: [String: Int]
  private let artistIndexByMBID: [String: Int]
  private let albumLocationByCoverID: [String: AlbumLocation]

  private struct AlbumLocation: Sendable {
    let artist: Int
    let album: Int
  }

  public init(seed: UInt64 = defaultSeed, artistCount: Int = defaultArtistCount) {
    self.seed = seed
    var generator = CatalogGenerator(seed: seed)
    artists = generator.artists(count: artistCount)
    var byKey: [String: Int] = [:]
    var byMBID: [String: Int] = [:]
    var byCover: [String: AlbumLocation] = [:]
    for (artistIndex, artist) in artists.enumerated() {
      byKey[Self.lookupKey(artist.name)] = artistIndex
      byMBID[artist.mbid] = artistIndex
      for (albumIndex, album) in artist.albums.enumerated() {
        byCover[album.coverID] = AlbumLocation(artist: artistIndex, album: albumIndex)
      }
    }
    artistIndexByKey = byKey
    artistIndexByMBID = byMBID
    albumLocationByCoverID = byCover
  }

  /// Looks an artist up the way Last.fm's autocorrection does at its simplest: ignoring case and surrounding
  /// whitespace.
  public func artist(named name: String) -> DemoArtist? {
    artistIndexByKey[Self.lookupKey(name)].map { artists[$0] }
  }

  public func artist(mbid: String) -> DemoArtist? {
    artistIndexByMBID[mbid.trimmingCharacters(in: .whitespaces).lowercased()].map { artists[$0] }
  }

  public func album(named name: String, by artistName: String) -> DemoAlbum? {
    let key = Self.lookupKey(name)
    return artist(named: artistName)?.albums.first { Self.lookupKey($0.name) == key }
  }

  public func album(coverID: String) -> DemoAlbum? {
    albumLocationByCoverID[coverID].map { artists[$0.artist].albums[$0.album] }
  }

  /// Artists whose name contains `query` (ignoring case and surrounding whitespace), most listeners first.
  public func searchArtists(_ query: String) -> [DemoArtist] {
    let key = Self.lookupKey(query)
    guard !key.isEmpty else { return [] }
    return artists.filter { Self.lookupKey($0.name).contains(key) }
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
    name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }
}

extension DemoCatalog: Sendable {}

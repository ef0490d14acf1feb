import FoundationEssentials

/// One row of the listener's and the tag's lists, whatever the list holds (plays, artists, albums, tracks): what
/// it shows and where Enter goes.
struct ListeningItem: Equatable, Sendable {
  enum Kind: String, Codable, Sendable {
    case track, artist, album
  }

  var kind: Kind
  /// Position in a chart; nil in a listening history.
  var rank: Int?
  var name: String
  /// The artist; an artist's own name for an artist.
  var artist: String
  var album: String?
  var playCount: Int?
  var listeners: Int?
  var imageURL: URL?
  /// When it was played (or loved); nil in a chart and for the track playing now.
  var date: Date?
  var isNowPlaying = false

  /// Enter opens the album's page (a track's album when the catalog says which), else the artist's.
  var destination: ListeningDestination {
    switch kind {
    case .artist: .artist(name)
    case .album: .album(artist: artist, album: name)
    case .track: album.map { .album(artist: artist, album: $0) } ?? .artist(artist)
    }
  }
}

/// The page a list row opens.
enum ListeningDestination: Equatable, Sendable {
  case artist(String)
  case album(artist: String, album: String)
}

extension ListeningItem {
  init(_ play: TrackPlay) {
    self.init(
      kind: .track, name: play.name, artist: play.artist, album: play.album, imageURL: play.imageURL,
      date: play.date, isNowPlaying: play.isNowPlaying)
  }

  init(_ artist: ArtistSummary) {
    self.init(
      kind: .artist, rank: artist.rank, name: artist.name, artist: artist.name, playCount: artist.playCount,
      listeners: artist.listeners, imageURL: artist.imageURL)
  }

  init(_ album: AlbumSummary) {
    self.init(
      kind: .album, rank: album.rank, name: album.name, artist: album.artist, album: album.name,
      playCount: album.playCount, imageURL: album.imageURL)
  }

  init(_ track: TrackChartEntry) {
    self.init(
      kind: .track, rank: track.rank, name: track.name, artist: track.artist, playCount: track.playCount,
      listeners: track.listeners)
  }
}

extension ExportedData {
  /// A track in a chart (an artist's top tracks).
  struct ChartTrack: Codable, Equatable, Sendable {
    var rank: Int
    var name: String
    var artist: String
    var playCount: Int?
    var listeners: Int?

    init(_ track: TrackChartEntry) {
      rank = track.rank
      name = ExportedData.text(track.name)
      artist = ExportedData.text(track.artist)
      playCount = track.playCount
      listeners = track.listeners
    }
  }

  /// A row of the listener's or the tag's lists (`--json`). `playedAt` is Unix seconds.
  struct ListedItem: Codable, Equatable, Sendable {
    var kind: ListeningItem.Kind
    var rank: Int?
    var name: String
    var artist: String
    var album: String?
    var playCount: Int?
    var listeners: Int?
    var imageURL: String?
    var playedAt: Int?
    var nowPlaying: Bool

    init(_ item: ListeningItem) {
      kind = item.kind
      rank = item.rank
      name = ExportedData.text(item.name)
      artist = ExportedData.text(item.artist)
      album = item.album.map(ExportedData.text)
      playCount = item.playCount
      listeners = item.listeners
      imageURL = item.imageURL?.absoluteString
      playedAt = item.date.map { Int($0.timeIntervalSince1970.rounded(.down)) }
      nowPlaying = item.isNowPlaying
    }
  }
}

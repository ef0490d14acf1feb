import FoundationEssentials
import ImageCacheSupport

/// What a request is for, which decides how long its stored answer stays fresh.
public enum MetadataKind: String, CaseIterable {
  case chart, artistInfo, albumInfo, search, similarArtists, topAlbums, topTracks
  /// A listener's profile, recent and loved tracks, and charts by period (`user.*`).
  case listener, recentTracks, lovedTracks, listenerChart
  /// A tag's description and its top artists and albums (`tag.*`).
  case tagInfo, tagChart
  /// A track's album (`track.getInfo`).
  case trackInfo
  /// What a listener plays now: the newest few recent tracks (`NowPlaying`), polled by the Now screen and
  /// `imgcache now --follow`.
  case nowPlaying
}

/// One API call: method plus parameters, without `api_key` and `format` (the client adds those), so it doubles
/// as the metadata cache key.
public struct LastFMRequest {
  public var method: String
  public var parameters: [String: String]
  public var kind: MetadataKind
  /// Names the looked-up thing in `.notFound` / `.notCachedOffline` messages.
  public var subject: String
  /// For artist lookups: the name to ask `artist.search` about when Last.fm answers "not found".
  public var suggestionQuery: String?

  public init(
    method: String, parameters: [String: String], kind: MetadataKind, subject: String,
    suggestionQuery: String? = nil
  ) {
    self.method = method
    self.parameters = parameters
    self.kind = kind
    self.subject = subject
    self.suggestionQuery = suggestionQuery
  }

  /// `method?name=value&...` with sorted names; stable across runs, never includes the key.
  public var cacheKey: String {
    let query = parameters.filter { $0.key != "api_key" && $0.key != "format" }
      .sorted { $0.key < $1.key }
      .map { "\(QueryEncoding.escape($0.key))=\(QueryEncoding.escape($0.value))" }
      .joined(separator: "&")
    return query.isEmpty ? method : "\(method)?\(query)"
  }

  public static func topArtists(page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "chart.getTopArtists", parameters: ["page": String(page), "limit": String(limit)], kind: .chart,
      subject: "top artists chart")
  }

  public static func topAlbums(artist: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "artist.getTopAlbums",
      parameters: ["artist": artist, "autocorrect": "1", "page": String(page), "limit": String(limit)],
      kind: .topAlbums, subject: "artist \"\(artist)\"", suggestionQuery: artist)
  }

  public static func topTracks(artist: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "artist.getTopTracks",
      parameters: ["artist": artist, "autocorrect": "1", "page": String(page), "limit": String(limit)],
      kind: .topTracks, subject: "artist \"\(artist)\"", suggestionQuery: artist)
  }

  public static func similarArtists(artist: String, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "artist.getSimilar", parameters: ["artist": artist, "autocorrect": "1", "limit": String(limit)],
      kind: .similarArtists, subject: "artist \"\(artist)\"", suggestionQuery: artist)
  }

  public static func artistInfo(_ name: String) -> LastFMRequest {
    LastFMRequest(
      method: "artist.getInfo", parameters: ["artist": name, "autocorrect": "1"], kind: .artistInfo,
      subject: "artist \"\(name)\"", suggestionQuery: name)
  }

  public static func searchArtists(_ query: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "artist.search", parameters: ["artist": query, "page": String(page), "limit": String(limit)],
      kind: .search, subject: "search for \"\(query)\"")
  }

  public static func albumInfo(artist: String, album: String) -> LastFMRequest {
    LastFMRequest(
      method: "album.getInfo", parameters: ["artist": artist, "album": album, "autocorrect": "1"],
      kind: .albumInfo, subject: "album \"\(album)\" by \"\(artist)\"")
  }
}

/// Strict query escaping: only unreserved characters pass, so `&`, `+`, `=`, `/` in names survive the trip.
enum QueryEncoding {
  static func escape(_ text: String) -> String { PercentEncoding.encode(text) }

  static func query(_ items: [(String, String)]) -> String {
    items.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
  }
}

extension MetadataKind: Sendable {}
extension LastFMRequest: Sendable, Hashable {}

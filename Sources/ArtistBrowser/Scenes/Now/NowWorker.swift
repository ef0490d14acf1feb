import FoundationEssentials
import LastFM

/// Fetches the newest few recent tracks (the playing one or the last scrobble, and those before it), and once
/// per change of track what the screen adds to it: the listener's figures, or on the idle screen their week.
protocol NowWorking: Sendable {
  func fetchRecent(user: String, policy: CachePolicy) async throws -> StoreResult<[TrackPlay]>
  func fetchTrackFacts(user: String, track: TrackPlay) async throws -> ListenerTrackFacts
  func fetchArtistFacts(user: String, artist: String) async throws -> ListenerArtistFacts
  func fetchWeek(user: String, now: Date) async throws -> Now.Week
}

struct NowWorker: NowWorking {
  /// The playing track (sent beyond the limit) or the last scrobble, and five before it.
  static let rows = 6
  /// The idle screen's wall: a row or two of small tiles.
  static let weekAlbums = 12
  /// The periods tried in turn for the week's wall, until one has albums.
  static let weekPeriods: [ListeningPeriod] = [.week, .month, .overall]
  let store: any ListeningStore

  func fetchRecent(user: String, policy: CachePolicy) async throws -> StoreResult<[TrackPlay]> {
    let result = try await store.recentTracks(user: user, page: 1, limit: Self.rows, policy: policy)
    return StoreResult(result.value.items, source: result.source, isStale: result.isStale)
  }

  // The facts go through the metadata cache: a track played again within minutes costs no request.
  func fetchTrackFacts(user: String, track: TrackPlay) async throws -> ListenerTrackFacts {
    try await store.listenerTrackFacts(user: user, artist: track.artist, track: track.name, policy: .useCache).value
  }

  func fetchArtistFacts(user: String, artist: String) async throws -> ListenerArtistFacts {
    try await store.listenerArtistFacts(user: user, artist: artist, policy: .useCache).value
  }

  func fetchWeek(user: String, now: Date) async throws -> Now.Week {
    async let scrobbles = try? store.scrobbleCount(
      user: user, since: now.addingTimeInterval(-7 * 86_400), policy: .useCache
    ).value
    var week = Now.Week(scrobbles: nil, albumsPeriod: .week, albums: [])
    for period in Self.weekPeriods {
      let albums = try await store.listenerTopAlbums(
        user: user, period: period, page: 1, limit: Self.weekAlbums, policy: .useCache
      ).value.items
      week.albumsPeriod = period
      week.albums = albums
      if !albums.isEmpty { break }
    }
    week.scrobbles = await scrobbles
    return week
  }
}

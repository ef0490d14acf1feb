import FoundationEssentials
import LastFM

/// The Now screen's extra facts on Last.fm (or the demo catalog), through the metadata cache and the client's
/// pacing like every other request; the listener's counts are kept as long as their recent tracks.
extension LastFMArtistsStore: ListenerFactsReading {
  func listenerTrackFacts(user: String, artist: String, track: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerTrackFacts>
  {
    let stream = client.trackInfo(artist: artist, track: track, username: user, policy: lastFMPolicy(policy))
    return try await answer(stream, name: track).map { info in
      ListenerTrackFacts(playCount: info.userPlaycount, loved: info.userLoved)
    }
  }

  func listenerArtistFacts(user: String, artist: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerArtistFacts>
  {
    let stream = client.artistInfo(artist, username: user, policy: lastFMPolicy(policy))
    return try await answer(stream, name: artist).map { info in
      ListenerArtistFacts(playCount: info.userPlaycount, tags: info.tags)
    }
  }

  /// `from` is the start of the hour of `since`, so asking again within the hour hits the same stored answer.
  func scrobbleCount(user: String, since: Date, policy: CachePolicy) async throws -> StoreResult<Int> {
    let seconds = Int(since.timeIntervalSince1970)
    let stream = client.scrobbleCount(user: user, from: seconds - seconds % 3600, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user)
  }
}

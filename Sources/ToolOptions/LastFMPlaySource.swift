import FoundationEssentials
import ImageCache
import LastFM
import ScrobbleArchive

/// The archive's source of plays: `user.getRecentTracks` with `limit`, `extended=1`, `from` and `to`, through
/// the plain client (paced, retried; never the metadata cache, so no page is ever read stale). Errors are sorted
/// into passing ones, which the sync retries, and the others, which end it with their one line. One source for
/// both tools: `imgcache history sync`, range collages and the browser's History page.
package struct LastFMPlaySource: PlayPageProviding {
  package let client: LastFMClient
  package let user: String
  package let serviceName: String

  package init(client: LastFMClient, user: String, serviceName: String) {
    self.client = client
    self.user = user
    self.serviceName = serviceName
  }

  package func plays(from: Int?, to: Int?, page: Int, limit: Int) async throws(PlaySourceError) -> PlayPage {
    do {
      let answer = try await client.recentPlays(user: user, page: page, limit: limit, from: from, to: to)
      let plays = answer.plays.map { play in
        ArchivedPlay(
          time: play.time, artist: play.artist, album: play.album, track: play.track, cover: play.cover,
          loved: play.loved)
      }
      return PlayPage(plays: plays, total: answer.total)
    } catch {
      throw PlaySourceError(error.description(service: serviceName), isTransient: Self.isPassing(error))
    }
  }

  /// The client already retried these a few times; the sync waits longer between its own tries. An unreachable
  /// server is not retried further: no network is one line, at once.
  static func isPassing(_ error: LastFMError) -> Bool {
    switch error {
    case .rateLimited, .temporarilyUnavailable, .malformedResponse: true
    case .transport(.timedOut), .transport(.interrupted): true
    default: false
    }
  }
}

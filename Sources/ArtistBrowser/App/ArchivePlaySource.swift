import FoundationEssentials
import ImageCache
import LastFM
import ScrobbleArchive

/// A listener's plays for the History page's sync: `user.getRecentTracks` with `from`, `to`, `page` and `limit`
/// through the plain client (paced, retried; never the metadata cache, so no page is read stale). Errors the
/// client already retried are passed on as passing, for the sync to wait and try again; the others end it with
/// their one line.
struct ArchivePlaySource: PlayPageProviding {
  let client: LastFMClient
  let user: String
  let serviceName: String

  func plays(from: Int?, to: Int?, page: Int, limit: Int) async throws(PlaySourceError) -> PlayPage {
    do {
      let answer = try await client.recentTracks(user: user, page: page, limit: limit, from: from, to: to)
      let plays = answer.items.compactMap { scrobble -> ArchivedPlay? in
        // The playing-now row has no date and is never kept.
        guard !scrobble.isNowPlaying, let time = scrobble.timestamp else { return nil }
        return ArchivedPlay(
          time: time, artist: scrobble.artist, album: scrobble.album ?? "", track: scrobble.name,
          cover: scrobble.images.url(for: .extralarge)?.absoluteString, loved: scrobble.loved)
      }
      return PlayPage(plays: plays, total: answer.total)
    } catch {
      let passing: Bool =
        switch error {
        case .rateLimited, .temporarilyUnavailable, .malformedResponse, .transport(.timedOut),
          .transport(.interrupted):
          true
        default: false
        }
      throw PlaySourceError(error.description(service: serviceName), isTransient: passing)
    }
  }
}

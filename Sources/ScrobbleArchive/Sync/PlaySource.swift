/// One play as the archive keeps it: the second Last.fm stamped it with and what was played.
public struct ArchivedPlay: Sendable, Equatable {
  /// `date.uts`: whole seconds since 1970, UTC.
  public var time: Int
  public var artist: String
  public var album: String
  public var track: String
  /// The album cover's URL, when the server gave one.
  public var cover: String?
  /// Whether the listener loves the track (`extended=1`); nil when the server did not say.
  public var loved: Bool?

  public init(time: Int, artist: String, album: String, track: String, cover: String? = nil, loved: Bool? = nil) {
    self.time = time
    self.artist = artist
    self.album = album
    self.track = track
    self.cover = cover
    self.loved = loved
  }
}

/// One page of a listener's plays between two bounds: newest first, the playing-now row left out, and how many
/// plays the server counts between those bounds (`@attr.total`).
public struct PlayPage: Sendable, Equatable {
  public var plays: [ArchivedPlay]
  public var total: Int

  public init(plays: [ArchivedPlay], total: Int) {
    self.plays = plays
    self.total = total
  }
}

/// Why a page could not be had. Transient failures (rate limit, 5xx, a timeout, a truncated answer) are retried
/// with backoff and never skipped; the others end the sync with their one line.
public struct PlaySourceError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public var isTransient: Bool

  public init(_ description: String, isTransient: Bool) {
    self.description = description
    self.isTransient = isTransient
  }
}

/// Where a listener's plays come from, a page at a time: Last.fm's `user.getRecentTracks` with `from`, `to`,
/// `page` and `limit`, passed through as they are (the sync learns how the server reads `from` and `to`).
public protocol PlayPageProviding: Sendable {
  func plays(from: Int?, to: Int?, page: Int, limit: Int) async throws(PlaySourceError) -> PlayPage
}

/// One dated play of `user.getRecentTracks`, as a listener's archive keeps it: only what the archive stores, so a
/// page of 200 is read without building a `Scrobble` and parsing every URL in it. The playing-now row, which has
/// no date, is never one.
public struct RecentPlay: Sendable, Equatable {
  /// `date.uts`: whole seconds since 1970, UTC.
  public var time: Int
  public var artist: String
  /// `""` when the answer names no album.
  public var album: String
  public var track: String
  /// The cover `Scrobble.images.url(for: .extralarge)` would give, as text; nil when there is none.
  public var cover: String?
  /// `extended=1`'s `loved`; nil when the answer does not say.
  public var loved: Bool?
}

/// A page of `RecentPlay`s, newest first, and the server's count of plays between the page's bounds
/// (`@attr.total`).
public struct RecentPlays: Sendable, Equatable {
  public var plays: [RecentPlay]
  public var total: Int
}

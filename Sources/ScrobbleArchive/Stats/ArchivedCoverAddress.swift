import FoundationEssentials

/// Where a cover the archive stored is fetched from. A play keeps the cover address the API answered with, and an
/// archive synced from the embedded demo catalog names the demo server that sync read
/// (`http://127.0.0.1:<port>/i/u/…`), on whatever port it had then. That server is gone by the time the archive
/// is read, so in a session that runs a demo server of its own, such a cover is asked of that one instead; every
/// other address (Last.fm's, another server's, anything in a session without a demo server) is left as stored.
public struct ArchivedCoverAddress: Sendable, Equatable {
  /// This session's demo server, `http://127.0.0.1:47380`; nil outside a demo session.
  public var demoOrigin: String?

  public init(demoOrigin: String?) {
    self.demoOrigin = demoOrigin
  }

  /// The address to fetch `stored` from: only `http://127.0.0.1:<any port>/i/u/<path>` (no query, no fragment,
  /// no user) is moved, onto `demoOrigin`.
  public func fetchAddress(_ stored: String) -> String {
    guard let demoOrigin, let url = URL(string: stored), url.scheme == "http", url.host == "127.0.0.1",
      url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
    else { return stored }
    // Still percent-encoded: decoding could turn `%2F..` into a path of another shape than the one checked.
    let path = url.path(percentEncoded: true)
    guard path.hasPrefix("/i/u/") else { return stored }
    return demoOrigin + path
  }
}

import FoundationEssentials
import LastFM
import TerminalUI

/// One answer of `imgcache now`, as a line, as `--format` fills it and as `--json` prints it
/// (docs/schemas/imgcache-now.schema.json).
struct NowReport: Encodable, Equatable {
  var user: String
  /// `playing`, `recent` (a scrobble within the hour), `quiet` (older, within a day) or `idle`.
  var state: String
  var playing: Bool
  var artist: String?
  var track: String?
  var album: String?
  var url: String?
  /// The cover's URL, the largest Last.fm has; nil when it has none.
  var cover: String?
  var loved: Bool?
  /// The last scrobble's time (Unix seconds); nil while playing.
  var playedAt: Int?
  var secondsAgo: Int?
  /// The listener's own plays of the track (`track.getInfo` with `username`); nil when the answer does not say.
  var userPlaycount: Int?
  /// The network failed and this is the stored answer; `error` says why.
  var stale: Bool
  var error: String?

  init(user: String, now: NowPlaying, at time: Int, userPlaycount: Int? = nil, staleBecause error: String? = nil) {
    let track = now.track
    self.user = user
    state = now.state(at: time).rawValue
    playing = now.isPlaying
    artist = track?.artist
    self.track = track?.name
    album = track?.album.flatMap { $0.isEmpty ? nil : $0 }
    url = track?.url.absoluteString
    cover = track?.images.url(for: .extralarge)?.absoluteString
    loved = track?.loved
    playedAt = track?.isNowPlaying == true ? nil : track?.timestamp
    secondsAgo = now.secondsAgo(at: time)
    self.userPlaycount = userPlaycount
    stale = error != nil
    self.error = error
  }

  /// 0 while something plays or played within the hour, 1 otherwise (the status bar's "nothing playing").
  var exitCode: Int32 { state == "playing" || state == "recent" ? 0 : 1 }

  /// `Artist — Track`, or the last scrobble with "last played …", cleaned for the terminal.
  var line: String {
    guard let artist, let track else { return "\(TerminalText.sanitize(user)) has scrobbled nothing" }
    let named = TerminalText.sanitize("\(artist) — \(track)")
    return playing ? named : "\(named) (last played \(ago))"
  }

  var ago: String { playing ? "now" : secondsAgo.map(NowPlaying.agoText) ?? "" }

  /// `--format`'s fields, each cleaned for the terminal; an unknown `{name}` is left as written, which shows the
  /// mistake rather than hiding it.
  static let fieldNames = ["artist", "track", "album", "ago", "loved", "playcount", "user", "state", "url"]

  func field(_ name: String) -> String? {
    let value: String? =
      switch name {
      case "artist": artist ?? ""
      case "track": track ?? ""
      case "album": album ?? ""
      case "ago": ago
      case "loved": loved == true ? "♥" : ""
      case "playcount": userPlaycount.map(String.init) ?? ""
      case "user": user
      case "state": state
      case "url": url ?? ""
      default: nil
      }
    return value.map(TerminalText.sanitize)
  }

  func formatted(_ template: String) -> String {
    var output = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      output += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = field(String(rest[rest.index(after: open)..<close]))
      else {
        output.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      output += value
      rest = rest[rest.index(after: close)...]
    }
    return output + rest
  }

  /// The document on one line, as `--follow --json` prints one per change.
  func jsonLine() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return JSONText.escapingInvisibles(String(decoding: try encoder.encode(self), as: UTF8.self))
  }

  /// Whether `template` needs the listener's play count (one more request per track).
  static func needsPlaycount(format template: String?, json: Bool) -> Bool {
    json || template?.contains("{playcount}") == true
  }
}

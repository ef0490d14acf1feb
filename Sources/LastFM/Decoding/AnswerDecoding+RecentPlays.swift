import FoundationEssentials

/// `user.getRecentTracks` read for a listener's archive: the same rows, times, names, covers and total as
/// `recentTracks` decodes, without the parts of `Scrobble` the archive does not keep (the track's URL, every image
/// size, the date). A first sync reads over a thousand pages of 200, and parsing each row's five URLs was most of
/// its decoding.
extension LastFMDecoding {
  public static func recentPlays(_ bytes: [UInt8]) throws(LastFMError) -> RecentPlays {
    try recentPlays(parsed: try document(bytes, method: "user.getRecentTracks"))
  }

  static func recentPlays(parsed json: JSONValue) throws(LastFMError) -> RecentPlays {
    let list = try root(json, "recenttracks", method: "user.getRecentTracks")
    let covers = CoverReader()
    var plays: [RecentPlay] = []
    var rows = 0
    let tracks = list["track"].elements
    plays.reserveCapacity(tracks.count)
    for row in tracks {
      // The rows `ModelDecoding.scrobble` keeps (a name), of which those with a date that are not playing now.
      guard let name = row["name"].string else { continue }
      rows += 1
      guard !ModelDecoding.isNowPlaying(row), let time = ModelDecoding.playTime(row) else { continue }
      plays.append(
        RecentPlay(
          time: time, artist: ModelDecoding.artistName(row["artist"]) ?? "",
          album: ModelDecoding.albumName(row["album"]) ?? "", track: name,
          cover: covers.cover(row["image"]), loved: ModelDecoding.loved(row)))
    }
    return RecentPlays(plays: plays, total: list["@attr"]["total"].int ?? rows)
  }
}

/// The cover of a row's `image` list as `ModelDecoding.images` and `ImageSet.url(for: .extralarge)` choose it,
/// reading only the URLs that choice reaches, each text once a page.
final class CoverReader {
  /// `extralarge`, then the larger sizes from the nearest, then the smaller ones from the nearest.
  private static let preference: [ImageSet.Size] = {
    let sizes = ImageSet.Size.allCases
    return [.extralarge] + sizes.filter { $0 > .extralarge } + sizes.filter { $0 < .extralarge }.reversed()
  }()

  private enum Candidate {
    case unusable
    case placeholder
    case cover(String)
  }

  private var known: [String: Candidate] = [:]

  func cover(_ images: JSONValue) -> String? {
    let entries = images.elements
    for size in Self.preference {
      // A size named twice keeps its last usable URL, as the set's dictionary does; the placeholder star there
      // drops the size.
      sizeEntries: for entry in entries.reversed() where entry["size"].string == size.rawValue {
        switch candidate(entry["#text"]) {
        case .unusable: continue
        case .placeholder: break sizeEntries
        case .cover(let text): return text
        }
      }
    }
    return nil
  }

  private func candidate(_ json: JSONValue) -> Candidate {
    guard case .string(let text) = json else { return Self.candidate(json.url) }
    if let known = known[text] { return known }
    let candidate = Self.candidate(json.url)
    known[text] = candidate
    return candidate
  }

  private static func candidate(_ url: URL?) -> Candidate {
    guard let url else { return .unusable }
    return ImageSet.isPlaceholder(url) ? .placeholder : .cover(url.absoluteString)
  }
}

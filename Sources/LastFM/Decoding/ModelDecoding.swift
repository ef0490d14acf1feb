import FoundationEssentials
import ImageCacheSupport

/// Builds models from parsed answers. Every field is optional at the JSON level; only a name is required
/// for an item to count (nameless items are skipped rather than failing the whole answer).
enum ModelDecoding {
  static func artist(_ json: JSONValue) -> Artist? {
    guard let name = json["name"].string else { return nil }
    let similar = json["similar"]
    var artist = Artist(
      name: name,
      mbid: json["mbid"].mbid,
      url: json["url"].url ?? WebURL.artist(name),
      listeners: json["stats"]["listeners"].int ?? json["listeners"].int,
      playcount: json["stats"]["playcount"].int ?? json["playcount"].int,
      images: images(json["image"]),
      tags: tags(json["tags"]),
      bioSummary: BioText.plain(json["bio"]["summary"].string),
      bioContent: BioText.plain(json["bio"]["content"].string),
      similar: similar.isObject ? similar["artist"].elements.compactMap(similarArtist) : nil
    )
    artist.userPlaycount = count(json["stats"]["userplaycount"])
    return artist
  }

  /// A count as a number or a numeric string; a negative one (no count at all) reads as none.
  static func count(_ json: JSONValue) -> Int? {
    json.int.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// `match` is absent from the short list inside `artist.getInfo`; it then reads as 0.
  static func similarArtist(_ json: JSONValue) -> SimilarArtist? {
    guard let name = json["name"].string else { return nil }
    return SimilarArtist(
      name: name,
      mbid: json["mbid"].mbid,
      match: min(max(json["match"].double ?? 0, 0), 1),
      images: images(json["image"]),
      url: json["url"].url ?? WebURL.artist(name)
    )
  }

  /// Handles both shapes: `album.getInfo` (artist is a string) and `artist.getTopAlbums` (artist is an object).
  static func album(_ json: JSONValue, defaultArtist: String? = nil) -> Album? {
    guard let name = json["name"].string else { return nil }
    let artist = json["artist"]["name"].string ?? json["artist"].string ?? defaultArtist ?? ""
    return Album(
      name: name,
      artist: artist,
      mbid: json["mbid"].mbid,
      url: json["url"].url ?? WebURL.album(artist: artist, album: name),
      playcount: json["playcount"].int,
      listeners: json["listeners"].int,
      images: images(json["image"]),
      tracks: json["tracks"]["track"].elements.compactMap { track($0, artist: artist) },
      tags: tags(json["tags"]),
      wikiSummary: BioText.plain(json["wiki"]["summary"].string),
      wikiContent: BioText.plain(json["wiki"]["content"].string)
    )
  }

  static func track(_ json: JSONValue, artist: String?) -> Track? {
    guard let name = json["name"].string else { return nil }
    let artistName = json["artist"]["name"].string ?? json["artist"].string ?? artist ?? ""
    return Track(
      name: name,
      duration: json["duration"].int.flatMap { $0 > 0 ? $0 : nil },
      rank: json["@attr"]["rank"].int,
      url: json["url"].url ?? WebURL.track(artist: artistName, track: name),
      playcount: json["playcount"].int,
      listeners: json["listeners"].int
    )
  }

  /// Drops unknown sizes (the API lists one with `"size": ""`), empty URLs and the placeholder star.
  static func images(_ json: JSONValue, reader: URLReader? = nil) -> ImageSet {
    var urls: [ImageSet.Size: URL] = [:]
    for image in json.elements {
      guard let size = image["size"].string.flatMap(ImageSet.Size.init(rawValue:)),
        let url = reader.map({ $0.url(image["#text"]) }) ?? image["#text"].url
      else { continue }
      urls[size] = url
    }
    return ImageSet(urls)
  }

  /// `"tags": {"tag": [...]}`, a single tag object, or the API's `"tags": ""` for none.
  static func tags(_ json: JSONValue) -> [String] {
    json["tag"].elements.compactMap { $0["name"].string ?? $0.string }
  }

  /// `@attr` paging; answers without it (e.g. a minimal server) count as one complete page.
  static func page<Item>(_ items: [Item], attributes: JSONValue) -> Page<Item> {
    let perPage = attributes["perPage"].int ?? items.count
    let total = attributes["total"].int ?? items.count
    return Page(
      items: items,
      page: attributes["page"].int ?? 1,
      perPage: perPage,
      totalPages: attributes["totalPages"].int ?? pageCount(total: total, perPage: perPage),
      total: total
    )
  }

  /// `opensearch:*` paging of `artist.search`.
  static func searchPage<Item>(_ items: [Item], results: JSONValue) -> Page<Item> {
    let perPage = results["opensearch:itemsPerPage"].int ?? items.count
    let total = results["opensearch:totalResults"].int ?? items.count
    let startIndex = results["opensearch:startIndex"].int ?? 0
    let page = results["opensearch:Query"]["startPage"].int ?? (perPage > 0 ? startIndex / perPage + 1 : 1)
    return Page(
      items: items, page: page, perPage: perPage,
      totalPages: pageCount(total: total, perPage: perPage), total: total)
  }

  /// Rounds up without overflowing on absurd totals.
  static func pageCount(total: Int, perPage: Int) -> Int {
    guard perPage > 0, total > 0 else { return total > 0 ? 1 : 0 }
    return total / perPage + (total % perPage == 0 ? 0 : 1)
  }
}

/// The URLs of one answer, each text parsed once: a page of recent tracks names the same covers and tracks again
/// and again, and parsing a URL costs more than finding its text in a dictionary.
final class URLReader {
  private var known: [String: URL?] = [:]

  /// `json.url`.
  func url(_ json: JSONValue) -> URL? {
    guard case .string(let text) = json else { return json.url }
    if let url = known[text] { return url }
    let url = json.url
    known[text] = url
    return url
  }
}

/// Last.fm web addresses, for the rare item that comes without its `url`.
enum WebURL {
  static func artist(_ name: String) -> URL { music([name]) }
  static func album(artist: String, album: String) -> URL { music([artist, album]) }
  static func track(artist: String, track: String) -> URL { music([artist, "_", track]) }

  private static func music(_ components: [String]) -> URL {
    // Spaces as `+`, as Last.fm writes them; everything but letters, digits and `-._~` percent-encoded.
    let path = components.map { component in
      component.split(separator: " ", omittingEmptySubsequences: false)
        .map { PercentEncoding.encode($0) }
        .joined(separator: "+")
    }
    return URL(string: "https://www.last.fm/music/" + path.joined(separator: "/"))!
  }
}

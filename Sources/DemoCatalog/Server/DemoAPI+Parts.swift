/// Pieces several methods share: artist lookup, image arrays, tag lists.
extension DemoAPI {
  /// Which `size` entries an image array lists; Last.fm varies this by method.
  enum ImageSizes {
    /// small … extralarge (top albums, top tracks).
    case throughExtralarge
    /// small … mega (chart, search).
    case throughMega
    /// small … mega plus an entry with an empty size (getInfo, getSimilar).
    case all

    var names: [String] {
      switch self {
      case .throughExtralarge: ["small", "medium", "large", "extralarge"]
      case .throughMega: ["small", "medium", "large", "extralarge", "mega"]
      case .all: ["small", "medium", "large", "extralarge", "mega", ""]
      }
    }
  }

  /// By `mbid` when given (as Last.fm prefers it), otherwise by `artist` name, ignoring case and whitespace.
  func findArtist(_ query: Query) throws(Failure) -> DemoArtist {
    if let mbid = query.parameters["mbid"], !mbid.isEmpty {
      guard let artist = catalog.artist(mbid: mbid) else { throw .artistNotFound }
      return artist
    }
    guard let artist = catalog.artist(named: try query.required("artist")) else { throw .artistNotFound }
    return artist
  }

  func images(_ id: String, _ sizes: ImageSizes) -> JSONValue {
    .array(
      sizes.names.map { name in
        .object(["#text": .string(imageURL(id, size: Self.coverSize(named: name))), "size": .string(name)])
      })
  }

  func imageURL(_ id: String, size: CoverSize) -> String {
    "\(imageOrigin)/i/u/\(size.pathComponent)/\(id).png"
  }

  func artistReference(_ artist: DemoArtist) -> JSONValue {
    .object([
      "name": .string(artist.name), "mbid": .string(artist.mbid), "url": .string(LastFMURL.artist(artist.name)),
    ])
  }

  func tags(_ names: [String]) -> JSONValue {
    .object([
      "tag": .array(names.prefix(5).map { .object(["name": .string($0), "url": .string(LastFMURL.tag($0))]) })
    ])
  }

  private static func coverSize(named name: String) -> CoverSize {
    switch name {
    case "small": .small
    case "medium": .medium
    case "large": .large
    default: .extralarge
    }
  }

  /// A match score as Last.fm writes it: up to six decimals, no trailing zeros ("1", "0.511468").
  static func decimal(_ value: Double) -> String {
    let millionths = Int((value * 1_000_000).rounded())
    let whole = millionths / 1_000_000
    var fraction = String(millionths % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
  }
}

extension DemoAPI.ImageSizes: Sendable {}

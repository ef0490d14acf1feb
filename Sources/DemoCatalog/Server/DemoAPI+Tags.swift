/// `tag.*`: a tag's description and its top artists and albums, from the artists' own tags. A tag nobody uses
/// answers empty lists, not an error, as on Last.fm.
extension DemoAPI {
  func tagInfo(_ query: Query) throws(Failure) -> JSONValue {
    let name = try query.required("tag")
    let places = catalog.places(taggedWith: name)
    let link = "<a href=\"\(LastFMURL.tag(name))\">Read more on Last.fm</a>"
    let (summary, content): (String, String)
    if let first = places.first {
      let lead = catalog.artist(at: first).name
      let text =
        "\(name) is a tag on the demo catalog, carried by \(places.count) artists, \(lead) foremost."
      summary = "\(text) \(link)."
      content = "\(text)\n\nIts artists share it with their neighbours on the similarity map. \(link)."
    } else {
      (summary, content) = (" \(link).", "")
    }
    let reach = places.reduce(0) { $0 + catalog.chartOutlines[$1].listeners / 100 }
    return .object([
      "tag": .orderedObject([
        ("name", .string(name)), ("total", .int(reach * 3)), ("reach", .int(reach)),
        ("wiki", .object(["summary": .string(summary), "content": .string(content)])),
      ])
    ])
  }

  func tagTopArtists(_ query: Query) throws(Failure) -> JSONValue {
    let name = try query.required("tag")
    let paging = try query.paging(defaultLimit: 50)
    let places = catalog.places(taggedWith: name)
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(places).enumerated().map { offset, place -> JSONValue in
      let artist = catalog.artist(at: place)
      return .object([
        "name": .string(artist.name), "mbid": .string(artist.mbid), "url": .string(LastFMURL.artist(artist.name)),
        "streamable": .string("0"), "image": images(CoverStore.placeholderStarID, .throughExtralarge),
        "@attr": rank(first + offset),
      ])
    }
    return .object([
      "topartists": .object(["artist": .array(entries), "@attr": tagAttributes(paging, total: places.count, name)])
    ])
  }

  /// Every album of the tag's artists, most played first.
  func tagTopAlbums(_ query: Query) throws(Failure) -> JSONValue {
    let name = try query.required("tag")
    let paging = try query.paging(defaultLimit: 50)
    let albums = catalog.places(taggedWith: name).flatMap { place in
      catalog.artist(at: place).albums.map { (place, $0) }
    }
    .sorted { ($0.1.playcount, $1.1.name) > ($1.1.playcount, $0.1.name) }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(albums).enumerated().map { offset, entry -> JSONValue in
      let (artist, album) = (catalog.artist(at: entry.0), entry.1)
      return .object([
        "name": .string(album.name), "mbid": .string(album.mbid),
        "url": .string(LastFMURL.album(album.name, by: artist.name)), "artist": artistReference(artist),
        "image": images(album.coverID, .throughExtralarge), "@attr": rank(first + offset),
      ])
    }
    return .object([
      "albums": .object(["album": .array(entries), "@attr": tagAttributes(paging, total: albums.count, name)])
    ])
  }

  private func tagAttributes(_ paging: Paging, total: Int, _ tag: String) -> JSONValue {
    .orderedObject([
      ("tag", .string(tag)), ("page", .string(String(paging.page))), ("perPage", .string(String(paging.limit))),
      ("totalPages", .string(String(paging.totalPages(of: total)))), ("total", .string(String(total))),
    ])
  }
}

/// The seven methods, each building the exact key layout of the matching Last.fm response.
extension DemoAPI {
  func topArtists(_ query: Query) throws(Failure) -> JSONValue {
    let paging = try query.paging(defaultLimit: 50)
    let entries = catalog.artists(in: paging.range(among: catalog.artistCount)).map { artist -> JSONValue in
      .object([
        "name": .string(artist.name), "playcount": .string(String(artist.playcount)),
        "listeners": .string(String(artist.listeners)), "mbid": .string(artist.mbid),
        "url": .string(LastFMURL.artist(artist.name)), "streamable": .string("0"),
        "image": images(CoverStore.placeholderStarID, .throughMega),
      ])
    }
    return .object([
      "artists": .object(["artist": .array(entries), "@attr": paging.attributes(total: catalog.artistCount)])
    ])
  }

  func topAlbums(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    let paging = try query.paging(defaultLimit: 50)
    let entries = paging.slice(artist.albums).map { album -> JSONValue in
      .object([
        "name": .string(album.name), "playcount": .int(album.playcount), "mbid": .string(album.mbid),
        "url": .string(LastFMURL.album(album.name, by: artist.name)), "artist": artistReference(artist),
        "image": images(album.coverID, .throughExtralarge),
      ])
    }
    return .object([
      "topalbums": .object([
        "album": .array(entries), "@attr": paging.attributes(total: artist.albums.count, artist: artist.name),
      ])
    ])
  }

  func similarArtists(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    let paging = try query.paging(defaultLimit: 100)
    let entries = artist.similar.prefix(paging.limit).map { similar -> JSONValue in
      let mbid = catalog.artist(named: similar.name)?.mbid ?? ""
      return .object([
        "name": .string(similar.name), "mbid": .string(mbid), "match": .string(Self.decimal(similar.match)),
        "url": .string(LastFMURL.artist(similar.name)), "image": images(CoverStore.placeholderStarID, .all),
        "streamable": .string("0"),
      ])
    }
    return .object([
      "similarartists": .object(["artist": .array(entries), "@attr": .object(["artist": .string(artist.name)])])
    ])
  }

  func artistInfo(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    let similar = artist.similar.prefix(5).map { similar -> JSONValue in
      .object([
        "name": .string(similar.name), "url": .string(LastFMURL.artist(similar.name)),
        "image": images(CoverStore.placeholderStarID, .all),
      ])
    }
    return .object([
      "artist": .object([
        "name": .string(artist.name), "mbid": .string(artist.mbid), "url": .string(LastFMURL.artist(artist.name)),
        "image": images(CoverStore.placeholderStarID, .all), "streamable": .string("0"), "ontour": .string("0"),
        "stats": .orderedObject(
          [
            ("listeners", .string(String(artist.listeners))), ("playcount", .string(String(artist.playcount))),
          ] + listenerArtistFields(query, artistPlace: catalog.place(named: artist.name))),
        "similar": .object(["artist": .array(similar)]),
        "tags": tags(artist.tags),
        "bio": .object([
          "links": .object([
            "link": .object([
              "#text": .string(""), "rel": .string("original"), "href": .string(LastFMURL.wiki(artist.name)),
            ])
          ]),
          "published": .string(artist.bio.published), "summary": .string(artist.bio.summary),
          "content": .string(artist.bio.content),
        ]),
      ])
    ])
  }

  func searchArtists(_ query: Query) throws(Failure) -> JSONValue {
    let term = try query.required("artist")
    let paging = try query.paging(defaultLimit: 30)
    let matches = catalog.searchArtists(term)
    let entries = paging.slice(matches).map { artist -> JSONValue in
      .object([
        "name": .string(artist.name), "listeners": .string(String(artist.listeners)), "mbid": .string(artist.mbid),
        "url": .string(LastFMURL.artist(artist.name)), "streamable": .string("0"),
        "image": images(CoverStore.placeholderStarID, .throughMega),
      ])
    }
    return .object([
      "results": .object([
        "opensearch:Query": .object([
          "#text": .string(""), "role": .string("request"), "searchTerms": .string(term),
          "startPage": .string(String(paging.page)),
        ]),
        "opensearch:totalResults": .string(String(matches.count)),
        "opensearch:startIndex": .string(String((paging.page - 1) * paging.limit)),
        "opensearch:itemsPerPage": .string(String(paging.limit)),
        "artistmatches": .object(["artist": .array(entries)]),
        "@attr": .object(["for": .string(term)]),
      ])
    ])
  }

  func albumInfo(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    guard let album = catalog.album(named: try query.required("album"), by: artist.name) else {
      throw .albumNotFound
    }
    let tracks = album.tracks.enumerated().map { index, track -> JSONValue in
      .object([
        "name": .string(track.name), "url": .string(LastFMURL.track(track.name, by: artist.name)),
        "duration": .int(track.durationSeconds), "@attr": .object(["rank": .int(index + 1)]),
        "streamable": .object(["#text": .string("0"), "fulltrack": .string("0")]),
        "artist": artistReference(artist),
      ])
    }
    return .object([
      "album": .object([
        "name": .string(album.name), "artist": .string(artist.name), "mbid": .string(album.mbid),
        "url": .string(LastFMURL.album(album.name, by: artist.name)), "image": images(album.coverID, .all),
        "listeners": .string(String(album.listeners)), "playcount": .string(String(album.playcount)),
        "tracks": .object(["track": .array(tracks)]),
        "tags": tags(album.tags),
        "wiki": .object([
          "published": .string(album.wiki.published), "summary": .string(album.wiki.summary),
          "content": .string(album.wiki.content),
        ]),
      ])
    ])
  }

  func topTracks(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    let paging = try query.paging(defaultLimit: 50)
    let ranked = catalog.topTracks(of: artist)
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, track -> JSONValue in
      .object([
        "name": .string(track.name), "playcount": .string(String(track.playcount)),
        "listeners": .string(String(track.listeners)), "mbid": .string(track.mbid),
        "url": .string(LastFMURL.track(track.name, by: artist.name)), "streamable": .string("0"),
        "artist": artistReference(artist), "image": images(CoverStore.placeholderStarID, .throughExtralarge),
        "@attr": .object(["rank": .string(String(first + offset + 1))]),
      ])
    }
    return .object([
      "toptracks": .object([
        "track": .array(entries), "@attr": paging.attributes(total: ranked.count, artist: artist.name),
      ])
    ])
  }
}

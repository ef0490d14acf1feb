/// `track.getInfo`: the track's figures and the album it is on, in Last.fm's shape (the album as `title` and an
/// `artist` string), with `username` the listener's own (`DemoAPI+ListenerFigures`). A track the artist does not
/// have is Last.fm's error 6, "Track not found".
extension DemoAPI {
  func trackInfo(_ query: Query) throws(Failure) -> JSONValue {
    let artist = try findArtist(query)
    let key = DemoCatalog.lookupKey(try query.required("track"))
    var found: (albumIndex: Int, track: DemoTrack, position: Int)?
    for (albumIndex, album) in artist.albums.enumerated() {
      if let index = album.tracks.firstIndex(where: { DemoCatalog.lookupKey($0.name) == key }) {
        found = (albumIndex, album.tracks[index], index + 1)
        break
      }
    }
    guard let (albumIndex, track, position) = found else { throw .trackNotFound }
    let album = artist.albums[albumIndex]
    let trackKey = catalog.place(named: artist.name).map {
      DemoPlay.trackKey(artist: $0, album: albumIndex, track: position - 1)
    }
    let fields: [(String, JSONValue)] = [
      ("name", .string(track.name)), ("mbid", .string(track.mbid)),
      ("url", .string(LastFMURL.track(track.name, by: artist.name))),
      ("duration", .string(String(track.durationSeconds * 1000))),
      ("streamable", .object(["#text": .string("0"), "fulltrack": .string("0")])),
      ("listeners", .string(String(track.listeners))), ("playcount", .string(String(track.playcount))),
      ("artist", artistReference(artist)),
      (
        "album",
        .object([
          "artist": .string(artist.name), "title": .string(album.name), "mbid": .string(album.mbid),
          "url": .string(LastFMURL.album(album.name, by: artist.name)),
          "image": images(album.coverID, .throughExtralarge),
          "@attr": .object(["position": .string(String(position))]),
        ])
      ),
    ]
    return .object([
      "track": .orderedObject(fields + listenerTrackFields(query, trackKey: trackKey) + [("toptags", tags(album.tags))])
    ])
  }
}

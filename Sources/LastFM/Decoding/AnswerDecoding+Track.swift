/// `track.getInfo`: the album is `{"title": …, "artist": "…"}` (a name, not `name`), and may be missing or empty.
extension LastFMDecoding {
  public static func trackInfo(_ bytes: [UInt8]) throws(LastFMError) -> TrackInfo {
    let json = try root(bytes, "track", method: "track.getInfo")
    guard let name = json["name"].string else {
      throw .malformedResponse(detail: "track.getInfo answer has a track without a name")
    }
    let artist = ModelDecoding.artistName(json["artist"]) ?? ""
    let album = json["album"]
    let title = (album["title"].string ?? album["name"].string ?? album["#text"].string)?.trimmingSpaces.nilIfEmpty
    var info = TrackInfo(
      name: name, artist: artist,
      album: title.map { title in
        TrackInfo.AlbumReference(
          title: title, artist: ModelDecoding.artistName(album["artist"])?.trimmingSpaces.nilIfEmpty ?? artist,
          images: ModelDecoding.images(album["image"]))
      })
    info.userPlaycount = ModelDecoding.count(json["userplaycount"])
    info.userLoved = json["userloved"].int.map { $0 != 0 }
    info.tags = ModelDecoding.tags(json["toptags"])
    return info
  }
}

import Synchronization

/// The parts of a scrobble that depend only on its track, written once per track and image origin as JSON bytes:
/// a page of 200 scrobbles repeats a few hundred tracks, and building their artist objects, image arrays and URLs
/// afresh, then walking the values to write them, was most of what serving a page cost (BENCHMARKS.md).
struct TrackFragments {
  /// `{"mbid": …, "#text": …}`.
  let artist: [UInt8]
  /// `extended=1`'s artist: `{"url": …, "mbid": …, "image": […], "name": …}`.
  let extendedArtist: [UInt8]
  /// The members after the artist (and `loved`), each with its leading comma: `,"streamable":"0","image":[…],
  /// "mbid":…,"album":{…},"name":…,"url":…`.
  let trackMembers: [UInt8]
}

/// `TrackFragments` by track key, for one image origin at a time (a server has one).
final class TrackFragmentCache: Sendable {
  private struct State {
    var origin = ""
    var fragments: [Int: TrackFragments] = [:]
  }

  private let state = Mutex(State())

  func fragments(of trackKey: Int, origin: String, make: () -> TrackFragments) -> TrackFragments {
    if let known = state.withLock({ $0.origin == origin ? $0.fragments[trackKey] : nil }) { return known }
    let made = make()
    state.withLock { state in
      if state.origin != origin { state = State(origin: origin) }
      state.fragments[trackKey] = made
    }
    return made
  }

  /// The tracks kept, their bytes and the storage holding them (tests: a server's memory grows with the tracks
  /// it has served, by what their fragments need).
  var kept: (tracks: Int, bytes: Int, capacity: Int) {
    state.withLock { state in
      let arrays = state.fragments.values.flatMap { [$0.artist, $0.extendedArtist, $0.trackMembers] }
      return (state.fragments.count, arrays.map(\.count).reduce(0, +), arrays.map(\.capacity).reduce(0, +))
    }
  }
}

extension DemoAPI {
  func fragments(of play: DemoPlay) -> TrackFragments {
    catalog.trackFragments.fragments(of: play.trackKey, origin: imageOrigin) {
      let artist = catalog.artist(at: play.artist)
      let album = artist.albums[play.album]
      let track = album.tracks[play.track]
      let members = JSONValue.orderedObject([
        ("streamable", .string("0")), ("image", images(album.coverID, .throughExtralarge)),
        ("mbid", .string(track.mbid)), ("album", .object(["mbid": .string(album.mbid), "#text": .string(album.name)])),
        ("name", .string(track.name)), ("url", .string(LastFMURL.track(track.name, by: artist.name))),
      ]).bytes
      return TrackFragments(
        artist: JSONValue.object(["mbid": .string(artist.mbid), "#text": .string(artist.name)]).keptBytes,
        extendedArtist: JSONValue.object([
          "url": .string(LastFMURL.artist(artist.name)), "mbid": .string(artist.mbid),
          "image": images(CoverStore.placeholderStarID, .throughExtralarge), "name": .string(artist.name),
        ]).keptBytes,
        // The object's members without its braces, after a comma.
        trackMembers: [UInt8(ascii: ",")] + members.dropFirst().dropLast())
    }
  }
}

extension TrackFragments: Sendable {}

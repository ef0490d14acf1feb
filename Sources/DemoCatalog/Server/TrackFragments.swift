import Synchronization

/// The parts of a scrobble that depend only on its track, written once per track and image origin: a page of 200
/// scrobbles repeats a few hundred tracks, and building their artist objects, image arrays and URLs afresh was
/// most of what serving a page cost (BENCHMARKS.md).
struct TrackFragments {
  let artist: JSONValue
  let extendedArtist: JSONValue
  let images: JSONValue
  let album: JSONValue
  let mbid: JSONValue
  let name: JSONValue
  let url: JSONValue
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
}

extension DemoAPI {
  func fragments(of play: DemoPlay) -> TrackFragments {
    catalog.trackFragments.fragments(of: play.trackKey, origin: imageOrigin) {
      let artist = catalog.artist(at: play.artist)
      let album = artist.albums[play.album]
      let track = album.tracks[play.track]
      func written(_ value: JSONValue) -> JSONValue { .written(value.bytes) }
      return TrackFragments(
        artist: written(.object(["mbid": .string(artist.mbid), "#text": .string(artist.name)])),
        extendedArtist: written(
          .object([
            "url": .string(LastFMURL.artist(artist.name)), "mbid": .string(artist.mbid),
            "image": images(CoverStore.placeholderStarID, .throughExtralarge), "name": .string(artist.name),
          ])),
        images: written(images(album.coverID, .throughExtralarge)),
        album: written(.object(["mbid": .string(album.mbid), "#text": .string(album.name)])),
        mbid: written(.string(track.mbid)), name: written(.string(track.name)),
        url: written(.string(LastFMURL.track(track.name, by: artist.name))))
    }
  }
}

extension TrackFragments: Sendable {}

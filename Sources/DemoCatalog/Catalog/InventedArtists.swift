import Synchronization

/// The artists a `DemoCatalog` has invented so far, by chart place, with the indexes of the ids that only a
/// whole artist knows (MusicBrainz ids, cover ids).
final class InventedArtists: Sendable {
  struct AlbumPlace: Sendable {
    let artist: Int
    let album: Int
  }

  private struct State {
    var artists: [DemoArtist?]
    var remaining: Int
    var placeByMBID: [String: Int] = [:]
    var albumByCoverID: [String: AlbumPlace] = [:]
  }

  private let state: Mutex<State>

  init(count: Int) {
    state = Mutex(State(artists: Array(repeating: nil, count: count), remaining: count))
  }

  var isComplete: Bool { state.withLock { $0.remaining == 0 } }

  func artist(at place: Int) -> DemoArtist? { state.withLock { $0.artists[place] } }

  /// Keeps `artist` unless another caller kept it first, and returns the one kept (the same values either way).
  func keep(_ artist: DemoArtist, at place: Int) -> DemoArtist {
    state.withLock { state in
      if let kept = state.artists[place] { return kept }
      state.artists[place] = artist
      state.remaining -= 1
      state.placeByMBID[artist.mbid] = place
      for (index, album) in artist.albums.enumerated() {
        state.albumByCoverID[album.coverID] = AlbumPlace(artist: place, album: index)
      }
      return artist
    }
  }

  func place(ofMBID mbid: String) -> Int? { state.withLock { $0.placeByMBID[mbid] } }

  func place(ofCoverID coverID: String) -> AlbumPlace? { state.withLock { $0.albumByCoverID[coverID] } }
}

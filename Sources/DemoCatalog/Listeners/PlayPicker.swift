import ImageCache
import ImageCacheSupport

/// One play of a catalog track: the artist's chart place, the album and track indices, when it started (unix
/// seconds, as Last.fm stamps a scrobble) and how long the track is.
struct DemoPlay: Equatable {
  let artist: Int
  let album: Int
  let track: Int
  let time: Int
  let duration: Int

  var end: Int { time + duration }

  /// The track, whichever play of it: a key for counting and for loving.
  var trackKey: Int { Self.trackKey(artist: artist, album: album, track: track) }

  static func trackKey(artist: Int, album: Int, track: Int) -> Int { artist << 24 | album << 12 | track }
}

/// Draws plays from a listener's favourite artists: a favourite (the first ones far more often, in an order that
/// turns from one year of their listening to the next), an album by its share of the artist's plays, a track by
/// its share of the album's. The weights are cumulative sums found by bisection: a long history draws hundreds of
/// thousands of plays.
struct PlayPicker {
  private struct Album {
    let cumulativeTrackWeights: [Double]
    let durations: [Int]
  }

  private struct Favourite {
    let place: Int
    let cumulativeAlbumWeights: [Double]
    let albums: [Album]
  }

  private let favourites: [Favourite]
  /// One cumulative weight list per year of listening: the same favourites, ranked differently.
  private let artistWeightsByYear: [[Double]]

  static let yearsOfTaste = 24

  init(catalog: DemoCatalog, favourites places: [Int]) {
    favourites = places.map { place in
      let artist = catalog.artist(at: place)
      return Favourite(
        place: place, cumulativeAlbumWeights: Self.cumulative(artist.albums.map { Double($0.playcount) }),
        albums: artist.albums.map { album in
          Album(
            cumulativeTrackWeights: Self.cumulative(album.tracks.map { Double($0.playcount) }),
            durations: album.tracks.map(\.durationSeconds))
        })
    }
    let count = places.count
    artistWeightsByYear = (0..<Self.yearsOfTaste).map { year in
      Self.cumulative((0..<count).map { index in 1 / Double((index + year * 5) % count + 1) })
    }
  }

  /// A play starting at `time`; `year` is how many years into their listening it is.
  func pick(at time: Int, year: Int, random: inout SplitMix64) -> DemoPlay {
    let weights = artistWeightsByYear[min(max(year, 0), Self.yearsOfTaste - 1)]
    let favourite = favourites[Self.draw(weights, random: &random)]
    let albumIndex = Self.draw(favourite.cumulativeAlbumWeights, random: &random)
    let album = favourite.albums[albumIndex]
    let track = Self.draw(album.cumulativeTrackWeights, random: &random)
    return DemoPlay(
      artist: favourite.place, album: albumIndex, track: track, time: time, duration: album.durations[track])
  }

  private static func cumulative(_ weights: [Double]) -> [Double] {
    var total = 0.0
    return weights.map { weight in
      total += max(weight, 0)
      return total
    }
  }

  /// The first index whose cumulative weight exceeds a uniform draw below the total.
  private static func draw(_ cumulative: [Double], random: inout SplitMix64) -> Int {
    let target = random.unit() * (cumulative.last ?? 0)
    var (low, high) = (0, cumulative.count - 1)
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension DemoPlay: Sendable {}
extension PlayPicker: Sendable {}

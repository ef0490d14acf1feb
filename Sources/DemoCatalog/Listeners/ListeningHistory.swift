import ImageCache
import ImageCacheSupport

/// One play of a catalog track: the artist's chart place, the album and track indices, and when (unix seconds).
struct DemoPlay: Equatable {
  let artist: Int
  let album: Int
  let track: Int
  let time: Int
}

/// What a demo listener played, newest first, anchored at an hour: the same listener and hour give the same
/// history in any process, and a later hour gives the same plays shifted, so relative times ("3 min ago") look
/// alive without the answers changing from one request to the next.
struct ListeningHistory {
  let plays: [DemoPlay]
  /// The track playing at the anchor, without a time, for the listener who is playing something.
  let nowPlaying: DemoPlay?
  /// Newest first; `time` is when the track was loved (just after one of its plays).
  let loved: [DemoPlay]

  /// How many favourite artists a listener draws from, and about how many plays they have.
  private static let favouriteCount = 16
  private static let playRange = 1200...2000

  init(listener: DemoListener, catalog: DemoCatalog, anchor: Int) {
    var random = SplitMix64(seed: catalog.seed ^ Self.seed(of: listener.name))
    let favourites = Self.favourites(of: listener, in: catalog, random: &random)
    let picker = PlayPicker(catalog: catalog, favourites: favourites)
    let target = random.int(in: Self.playRange)
    // Sessions of a few tracks back to back, hours apart; the newest ended a few minutes before the anchor.
    var time = anchor - random.int(in: 120...420)
    var plays: [DemoPlay] = []
    plays.reserveCapacity(target)
    while plays.count < target && time > listener.registered {
      for _ in 0..<random.int(in: 4...18) {
        let play = picker.pick(at: time, random: &random)
        plays.append(play)
        time -= picker.duration(of: play) + random.int(in: 0...30)
      }
      time -= random.int(in: 7_200...144_000)
    }
    self.plays = plays
    nowPlaying = listener.isPlaying ? picker.pick(at: anchor, random: &random) : nil
    var lovedKeys = Set<[Int]>()
    var loved: [DemoPlay] = []
    for play in plays where random.chance(0.02) && lovedKeys.insert([play.artist, play.album, play.track]).inserted {
      loved.append(DemoPlay(artist: play.artist, album: play.album, track: play.track, time: play.time + 60))
    }
    self.loved = loved
  }

  /// The plays within `period` of the anchor (all of them for `overall`).
  func plays(within period: DemoPeriod, anchor: Int) -> ArraySlice<DemoPlay> {
    guard let seconds = period.seconds else { return plays[...] }
    let end = plays.firstIndex { anchor - $0.time > seconds } ?? plays.endIndex
    return plays[..<end]
  }

  /// Artists of the same tag family first (the catalog's outlines know their tags without inventing them), in an
  /// order shuffled by the listener's generator.
  private static func favourites(of listener: DemoListener, in catalog: DemoCatalog, random: inout SplitMix64)
    -> [Int]
  {
    let family = Set(TagVocabulary.families[listener.family % TagVocabulary.families.count])
    var matching = (0..<catalog.artistCount).filter { !family.isDisjoint(with: catalog.outlineTags(at: $0)) }
    for index in matching.indices.reversed() where index > 0 {
      matching.swapAt(index, random.int(in: 0...index))
    }
    var chosen = Array(matching.prefix(favouriteCount))
    while chosen.count < min(favouriteCount, catalog.artistCount) {
      let place = random.int(in: 0...(catalog.artistCount - 1))
      if !chosen.contains(place) { chosen.append(place) }
    }
    return chosen
  }

  /// FNV-1a over the name's bytes: stable in every process, unlike `Hasher`.
  private static func seed(of name: String) -> UInt64 {
    name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}

/// Draws plays: a favourite artist (the first ones far more often), an album by its share of the artist's plays,
/// a track by its share of the album's.
private struct PlayPicker {
  let catalog: DemoCatalog
  let favourites: [Int]
  let artistWeights: [Double]

  init(catalog: DemoCatalog, favourites: [Int]) {
    self.catalog = catalog
    self.favourites = favourites
    artistWeights = favourites.indices.map { 1 / Double($0 + 1) }
  }

  func pick(at time: Int, random: inout SplitMix64) -> DemoPlay {
    let place = favourites[Self.weighted(artistWeights, random: &random)]
    let artist = catalog.artist(at: place)
    let album = Self.weighted(artist.albums.map { Double($0.playcount) }, random: &random)
    let track = Self.weighted(artist.albums[album].tracks.map { Double($0.playcount) }, random: &random)
    return DemoPlay(artist: place, album: album, track: track, time: time)
  }

  func duration(of play: DemoPlay) -> Int {
    catalog.artist(at: play.artist).albums[play.album].tracks[play.track].durationSeconds
  }

  private static func weighted(_ weights: [Double], random: inout SplitMix64) -> Int {
    var target = random.unit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      target -= weight
      if target < 0 { return index }
    }
    return weights.count - 1
  }
}

/// Last.fm's chart periods, as the demo server reads them.
enum DemoPeriod: String, CaseIterable {
  case week = "7day", month = "1month", quarter = "3month", halfYear = "6month", year = "12month", overall

  var seconds: Int? {
    switch self {
    case .week: 7 * 86_400
    case .month: 30 * 86_400
    case .quarter: 91 * 86_400
    case .halfYear: 182 * 86_400
    case .year: 365 * 86_400
    case .overall: nil
    }
  }
}

extension DemoPlay: Sendable {}
extension ListeningHistory: Sendable {}

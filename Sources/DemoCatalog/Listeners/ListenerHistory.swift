import ImageCache
import ImageCacheSupport
import Synchronization

/// A demo listener's whole history, served a window at a time without generating it whole per request.
///
/// Plays are numbered oldest first (their ordinal). The index keeps, for each day since the listener's first, how
/// many plays came before it, so an ordinal or a time finds its day by bisection and only the days a page needs
/// are generated (`DayOfPlays`, with a small cache). Building the index generates every day once, and the same
/// pass counts each track's plays, so an `overall` chart needs no walk over hundreds of thousands of plays. Both
/// grow lazily as the clock reaches new days.
///
/// What is shown at a time `now`: every play that ended by `now` minus the listener's scrobble delay (Last.fm gets
/// a scrobble when the track ends, stamped with its start). So the history only ever grows at the top.
final class ListenerHistory: Sendable {
  let listener: DemoListener
  let days: DayOfPlays

  /// A track's plays over the indexed days, and when it was loved (if it was, once it had been played enough).
  struct TrackTally {
    var count = 0
    var lovedAt: Int?
  }

  private struct State {
    /// `starts[k]`: how many plays came before day `firstDay + k`; one more entry than days indexed.
    var starts = [0]
    var tally: [Int: TrackTally] = [:]
    var cachedDays: [Int: [DemoPlay]] = [:]
    var cacheOrder: [Int] = []
  }

  private let state = Mutex(State())
  private static let cachedDayLimit = 512
  /// The share of tracks a listener loves, and how many plays it takes them (1…8, by track).
  private static let lovedShare: UInt64 = 25

  init(listener: DemoListener, catalog: DemoCatalog) {
    self.listener = listener
    var random = SplitMix64(seed: catalog.seed ^ DayOfPlays.seed(of: listener.name))
    let favourites = Self.favourites(of: listener, count: listener.rhythm.favourites, in: catalog, random: &random)
    days = DayOfPlays(
      listener: listener, picker: PlayPicker(catalog: catalog, favourites: favourites), catalogSeed: catalog.seed)
  }

  /// The time from which a play's scrobble is shown.
  func shownFrom(_ play: DemoPlay) -> Int { play.end + listener.rhythm.scrobbleDelay }

  /// How many scrobbles are shown at `now`.
  func scrobbleCount(at now: Int) -> Int {
    let cut = now - listener.rhythm.scrobbleDelay
    let day = DayOfPlays.day(of: cut)
    guard day >= days.firstDay else { return 0 }
    return state.withLock { state in
      // Plays end in the order they start, so those shown are a prefix; yesterday's last may still be playing.
      let yesterday = plays(on: day - 1, in: &state).filter { $0.end > cut }.count
      let today = plays(on: day, in: &state).prefix { $0.end <= cut }.count
      return start(of: day, in: &state) - yesterday + today
    }
  }

  /// How many plays started before `time` (indexing up to its day).
  func countStarting(before time: Int) -> Int {
    let day = DayOfPlays.day(of: time)
    guard day >= days.firstDay else { return 0 }
    return state.withLock { state in
      start(of: day, in: &state) + plays(on: day, in: &state).prefix { $0.time < time }.count
    }
  }

  /// The plays numbered `ordinals`, oldest first; the range must be within the days indexed so far.
  func plays(ordinals: Range<Int>) -> [DemoPlay] {
    guard !ordinals.isEmpty else { return [] }
    return state.withLock { state in
      var found: [DemoPlay] = []
      found.reserveCapacity(ordinals.count)
      var index = Self.dayIndex(containing: ordinals.lowerBound, starts: state.starts)
      while found.count < ordinals.count, index < state.starts.count - 1 {
        let first = state.starts[index]
        let day = plays(on: days.firstDay + index, in: &state)
        let lower = max(ordinals.lowerBound - first, 0)
        let upper = min(ordinals.upperBound - first, day.count)
        if lower < upper { found += day[lower..<upper] }
        index += 1
      }
      return found
    }
  }

  /// The track playing at `now` for a listener whose player says so, between its start and its end.
  func nowPlaying(at now: Int) -> DemoPlay? {
    guard listener.isPlaying else { return nil }
    let day = DayOfPlays.day(of: now)
    return state.withLock { state in
      (plays(on: day, in: &state) + plays(on: day - 1, in: &state)).last { $0.time <= now && now < $0.end }
    }
  }

  /// Per track, the plays among the scrobbles numbered `ordinals`.
  func trackCounts(ordinals: Range<Int>) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for play in plays(ordinals: ordinals) { counts[play.trackKey, default: 0] += 1 }
    return counts
  }

  /// Per track, the plays among the first `shown` scrobbles: the index's counts, less the plays indexed but not
  /// shown yet (today's unfinished ones, or more after a clock set back).
  func trackCounts(firstScrobbles shown: Int) -> [Int: Int] {
    let (tally, indexed) = state.withLock { ($0.tally, $0.starts[$0.starts.count - 1]) }
    var counts = tally.mapValues(\.count)
    for play in plays(ordinals: min(shown, indexed)..<indexed) { counts[play.trackKey, default: 0] -= 1 }
    return counts.filter { $0.value > 0 }
  }

  /// Loved tracks by when, newest first: those loved by `cut` (the time a scrobble is shown from).
  func loved(by cut: Int) -> [(trackKey: Int, time: Int)] {
    _ = countStarting(before: cut)
    return state.withLock { state in
      state.tally.compactMap { key, value in value.lovedAt.flatMap { $0 <= cut ? (key, $0) : nil } }
    }
    .sorted { ($0.time, $0.trackKey) > ($1.time, $1.trackKey) }
  }

  func lovedKeys(by cut: Int) -> Set<Int> {
    _ = countStarting(before: cut)
    return state.withLock { state in
      Set(state.tally.compactMap { key, value in value.lovedAt.flatMap { $0 <= cut ? key : nil } })
    }
  }

  // MARK: - The index

  /// Plays before `day`, indexing up to it (and it) first, so its plays have ordinals.
  private func start(of day: Int, in state: inout State) -> Int {
    let index = day - days.firstDay
    while state.starts.count <= index + 1 { indexNextDay(in: &state) }
    return state.starts[index]
  }

  private func indexNextDay(in state: inout State) {
    let dayPlays = days.plays(on: days.firstDay + state.starts.count - 1)
    for play in dayPlays {
      let key = play.trackKey
      var tally = state.tally[key, default: TrackTally()]
      tally.count += 1
      if tally.lovedAt == nil, let needed = lovingPlays(of: key), tally.count == needed {
        tally.lovedAt = play.end + 60
      }
      state.tally[key] = tally
    }
    state.starts.append(state.starts[state.starts.count - 1] + dayPlays.count)
  }

  /// How many plays it takes the listener to love the track, or nil if they never do: a pure function of the
  /// listener and the track, so a loved track stays loved.
  private func lovingPlays(of trackKey: Int) -> Int? {
    var random = SplitMix64(seed: days.seed ^ 0x10BE_D000 ^ UInt64(trackKey))
    guard random.next() % 1000 < Self.lovedShare else { return nil }
    return 1 + Int(random.next() % 8)
  }

  private func plays(on day: Int, in state: inout State) -> [DemoPlay] {
    if let cached = state.cachedDays[day] { return cached }
    let plays = days.plays(on: day)
    if state.cacheOrder.count >= Self.cachedDayLimit {
      state.cachedDays[state.cacheOrder.removeFirst()] = nil
    }
    state.cachedDays[day] = plays
    state.cacheOrder.append(day)
    return plays
  }

  /// The index of the day holding `ordinal`: the last `k` with `starts[k] <= ordinal` (empty days skipped).
  private static func dayIndex(containing ordinal: Int, starts: [Int]) -> Int {
    var (low, high) = (0, starts.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= ordinal { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

extension ListenerHistory {
  /// Artists of the listener's tag family first (the catalog's outlines know their tags without inventing them),
  /// in an order shuffled by the listener's generator.
  fileprivate static func favourites(
    of listener: DemoListener, count: Int, in catalog: DemoCatalog, random: inout SplitMix64
  ) -> [Int] {
    let family = Set(TagVocabulary.families[listener.family % TagVocabulary.families.count])
    var matching = (0..<catalog.artistCount).filter { !family.isDisjoint(with: catalog.outlineTags(at: $0)) }
    for index in matching.indices.reversed() where index > 0 {
      matching.swapAt(index, random.int(in: 0...index))
    }
    var chosen = Array(matching.prefix(count))
    while chosen.count < min(count, catalog.artistCount) {
      let place = random.int(in: 0...(catalog.artistCount - 1))
      if !chosen.contains(place) { chosen.append(place) }
    }
    return chosen
  }
}

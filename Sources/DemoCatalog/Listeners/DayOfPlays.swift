import ImageCache
import ImageCacheSupport

/// What a listener played on one UTC day, oldest first: a pure function of the catalog's seed, the listener and
/// the day, so a day served once is served the same forever, whatever the clock says.
///
/// Sessions are tracks back to back with the catalog's real durations. Every play starts within its day, and no
/// session starts before `quietAfterMidnight` (an all-day listener's days end by midnight instead), so the last
/// track of one day has ended before the first of the next starts: start times, end times and the order of plays all agree, and a play that has ended never sees an
/// earlier one still unfinished.
struct DayOfPlays {
  static let secondsPerDay = 86_400
  /// Longer than any catalog track (95…420 s).
  static let quietAfterMidnight = 7 * 60

  let listener: DemoListener
  let picker: PlayPicker
  let seed: UInt64
  let firstDay: Int

  init(listener: DemoListener, picker: PlayPicker, catalogSeed: UInt64) {
    self.listener = listener
    self.picker = picker
    seed = catalogSeed ^ Self.seed(of: listener.name)
    // Registration dates are midnights; a listener's first plays come the day after.
    firstDay = Self.day(of: listener.registered) + 1
  }

  /// The UTC day (days since 1970-01-01) of a unix time, for any `Int`.
  static func day(of time: Int) -> Int {
    time >= 0 ? time / secondsPerDay : (time + 1) / secondsPerDay - 1
  }

  func plays(on day: Int) -> [DemoPlay] {
    let rhythm = listener.rhythm
    guard day >= firstDay, rhythm.lastDay.map({ day <= $0 }) ?? true else { return [] }
    var random = SplitMix64(seed: seed ^ UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15)
    var day = Session.Day(
      start: day * Self.secondsPerDay, year: (day - firstDay) / 365, picker: picker,
      sameSecondChance: rhythm.sameSecondChance)
    if let since = rhythm.allDaySince, day.number >= since {
      // The day before ended by midnight, unless it was the last ordinary one.
      day.listenAllDay(from: day.number == since ? Self.quietAfterMidnight : 0, random: &random)
    } else {
      for session in sessions(of: day.number, random: &random) {
        day.listen(tracks: session.tracks, from: session.start, random: &random)
      }
    }
    return day.plays
  }

  /// Session starts (seconds into the day, sorted) and lengths, following the listener's rhythm.
  private func sessions(of day: Int, random: inout SplitMix64) -> [(start: Int, tracks: Int)] {
    let rhythm = listener.rhythm
    let weekday = (day + 4) % 7  // 1970-01-01 was a Thursday; 0 is Sunday.
    let weekend = weekday == 0 || weekday == 6
    switch rhythm.shape {
    case .commute:
      let perSession = max(2, Int(rhythm.playsPerDay / 2))
      return [
        (random.int(in: 6 * 3600 + 1800...8 * 3600 + 1800), random.int(in: perSession / 2...perSession * 3 / 2)),
        (random.int(in: 18 * 3600...21 * 3600), random.int(in: perSession / 2...perSession * 3 / 2)),
      ]
    case .spread:
      if random.chance(weekend ? 0.05 : 0.12) { return [] }
      let swing = monthlySwing(of: day) * (weekend ? 1.35 : 0.86) * (0.4 + 1.2 * random.unit())
      var remaining = max(1, Int((rhythm.playsPerDay * swing).rounded()))
      var sessions: [(start: Int, tracks: Int)] = []
      let longest = max(4, Int(rhythm.playsPerDay * 0.6))
      while remaining > 0 {
        let tracks = min(remaining, random.int(in: 3...longest))
        let hour = Self.drawHour(weekend ? Self.weekendHours : Self.weekdayHours, random: &random)
        sessions.append((max(Self.quietAfterMidnight, hour * 3600 + random.int(in: 0...3599)), tracks))
        remaining -= tracks
      }
      return sessions.sorted { $0.start < $1.start }
    }
  }

  /// Some months are heavier than others (0.6…1.4), the same for every day of the month.
  private func monthlySwing(of day: Int) -> Double {
    var random = SplitMix64(seed: seed ^ 0x5EA5_0000 ^ UInt64(bitPattern: Int64(day / 30)))
    return 0.6 + 0.8 * random.unit()
  }

  /// Cumulative weights of the hours of the day a session starts in: little at night, most in the evening.
  private static let weekdayHours = cumulative([
    1.5, 0.8, 0.4, 0.2, 0.2, 0.3, 0.8, 2, 2.5, 2, 1.6, 1.6, 2.2, 1.8, 1.6, 1.6, 2, 3, 4, 5, 5.5, 5, 3.5, 2.2,
  ])
  private static let weekendHours = cumulative([
    2.5, 1.8, 1, 0.5, 0.2, 0.2, 0.3, 0.6, 1.2, 2, 2.8, 3.2, 3.4, 3.6, 3.8, 3.8, 3.8, 4, 4.5, 5, 5.2, 5, 4.2, 3.2,
  ])

  private static func cumulative(_ weights: [Double]) -> [Double] {
    var total = 0.0
    return weights.map {
      total += $0
      return total
    }
  }

  private static func drawHour(_ cumulative: [Double], random: inout SplitMix64) -> Int {
    let target = random.unit() * cumulative[cumulative.count - 1]
    return cumulative.firstIndex { $0 > target } ?? cumulative.count - 1
  }

  /// FNV-1a over the name's bytes: stable in every process, unlike `Hasher`.
  static func seed(of name: String) -> UInt64 {
    name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}

/// Plays laid out back to back within one day.
private enum Session {
  struct Day {
    let start: Int
    let year: Int
    let picker: PlayPicker
    let sameSecondChance: Double
    var plays: [DemoPlay] = []
    /// Seconds into the day when the next track may start.
    var free = DayOfPlays.quietAfterMidnight

    var number: Int { start / DayOfPlays.secondsPerDay }

    init(start: Int, year: Int, picker: PlayPicker, sameSecondChance: Double) {
      self.start = start
      self.year = year
      self.picker = picker
      self.sameSecondChance = sameSecondChance
    }

    /// A session of `tracks`, from `offset` seconds into the day or when the one before ends; tracks that would
    /// start after midnight are not played.
    mutating func listen(tracks: Int, from offset: Int, random: inout SplitMix64) {
      free = max(free, offset)
      for _ in 0..<tracks {
        guard play(random: &random) else { return }
      }
    }

    /// Track after track without a gap until midnight, each ending by then (a track too long for what is left of
    /// the day is drawn again), so the next all-day day starts at midnight: the player is silent only for the
    /// moments a day's last track leaves.
    mutating func listenAllDay(from offset: Int, random: inout SplitMix64) {
      free = offset
      while true {
        var play = picker.pick(at: start + free, year: year, random: &random)
        for _ in 0..<8 where free + play.duration > DayOfPlays.secondsPerDay {
          play = picker.pick(at: start + free, year: year, random: &random)
        }
        guard free + play.duration <= DayOfPlays.secondsPerDay else { return }
        plays.append(play)
        free += play.duration
      }
    }

    /// One play at `free`, perhaps scrobbled twice in its second; false once the day is over.
    private mutating func play(random: inout SplitMix64) -> Bool {
      guard free < DayOfPlays.secondsPerDay else { return false }
      let play = picker.pick(at: start + free, year: year, random: &random)
      plays.append(play)
      if random.chance(sameSecondChance) { plays.append(play) }
      free += play.duration + random.int(in: 0...20)
      return true
    }
  }
}

extension DayOfPlays: Sendable {}

import ImageCacheSupport
import TestSupport
import Testing

@testable import ScrobbleArchive

/// The stats over small archives whose answers are known, in Berlin's time: plays around midnight, New Year and the
/// daylight-saving changes land on the listener's local day.
@Suite struct ArchiveStatisticsTests {
  static let zone = LocalZone(name: "Europe/Berlin")

  /// Unix seconds of `hour`:`minute` local time on a date without a change that day.
  static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int64 {
    zone.start(of: LocalDate(year: year, month: month, day: day)) + Int64(hour * 3600 + minute * 60)
  }

  /// An archive of `plays` and its statistics in Berlin's zone; the caller removes it.
  func archived(_ plays: [ScratchArchive.Play]) throws -> (ArchiveStatistics, ScratchArchive) {
    let archive = try ScratchArchive()
    try archive.add(plays)
    return (ArchiveStatistics(store: archive.store, zone: Self.zone), archive)
  }

  static let newYearPlays: [ScratchArchive.Play] = [
    .init(at(2023, 12, 31, 23, 30), "Old", album: "O1", track: "w"),
    .init(at(2024, 1, 1, 0, 30), "Bea", album: "B1", track: "x"),
    .init(at(2024, 1, 1, 10), "Bea", album: "B1", track: "y"),
    .init(at(2024, 1, 2, 10), "Bea", album: "B2", track: "y"),
    .init(at(2024, 1, 2, 10), "Cy", album: "C1", track: "z"),
    .init(at(2024, 1, 5, 9), "Old", album: "O2", track: "w"),
  ]

  @Test func topChartsCountTheRangesLocalDaysOnly() throws {
    let (statistics, archive) = try archived(Self.newYearPlays)
    defer { archive.remove() }
    let year = ListeningRange.year(2024)
    #expect(
      try statistics.top(.artist, in: year, limit: 10).entries == [
        ChartEntry(artist: "Bea", plays: 3), ChartEntry(artist: "Cy", plays: 1), ChartEntry(artist: "Old", plays: 1),
      ])
    #expect(
      try statistics.top(.album, in: year, limit: 2).entries == [
        ChartEntry(artist: "Bea", album: "B1", plays: 2), ChartEntry(artist: "Bea", album: "B2", plays: 1),
      ])
    #expect(try statistics.top(.track, in: year, limit: 1).entries == [ChartEntry(artist: "Bea", track: "y", plays: 2)])
    #expect(try statistics.top(.artist, in: .year(2023), limit: 10).entries == [ChartEntry(artist: "Old", plays: 1)])
    #expect(try statistics.playCount(in: .allTime) == 6)
    #expect(try statistics.top(.album, in: year, limit: 10).plays == 5)
    let newYearsDay = ListeningRange(
      first: LocalDate(year: 2024, month: 1, day: 1), last: LocalDate(year: 2024, month: 1, day: 1))
    #expect(
      try statistics.top(.track, in: newYearsDay, limit: 5)
        == TopChart(
          entries: [ChartEntry(artist: "Bea", track: "x", plays: 1), ChartEntry(artist: "Bea", track: "y", plays: 1)],
          plays: 2))
    let firstDay = ListeningRange(
      first: LocalDate(year: 2024, month: 1, day: 1), last: LocalDate(year: 2024, month: 1, day: 1))
    #expect(try statistics.playCount(in: firstDay) == 2, "00:30 on New Year's Day is 23:30 UTC the day before")
  }

  @Test func firstListensAreArtistsAndAlbumsNewInTheRange() throws {
    let (statistics, archive) = try archived(Self.newYearPlays)
    defer { archive.remove() }
    let year = ListeningRange.year(2024)
    let artists = try statistics.firstListens(.artist, in: year)
    #expect(artists.map(\.artist) == ["Bea", "Cy"])
    #expect(artists.map(\.playsInRange) == [3, 1])
    #expect(
      artists.map { Self.zone.date(at: $0.firstPlayed) } == [
        LocalDate(year: 2024, month: 1, day: 1), LocalDate(year: 2024, month: 1, day: 2),
      ])
    let albums = try statistics.firstListens(.album, in: year)
    #expect(albums.map { "\($0.artist)/\($0.album ?? "-")" } == ["Bea/B1", "Bea/B2", "Cy/C1", "Old/O2"])
  }

  @Test func theStreakAndTheClockFollowTheSpringChange() throws {
    // 00:30 on Monday 1 April 2024 in Berlin (summer time) is 22:30 UTC on the Sunday: a fixed +1 would miscount it.
    let mondayJustAfterMidnight = Self.zone.start(of: LocalDate(year: 2024, month: 4, day: 1)) + 1800
    let plays: [ScratchArchive.Play] = [
      .init(Self.at(2024, 3, 29, 12), "A"), .init(Self.at(2024, 3, 30, 12), "A"),
      .init(Self.zone.start(of: LocalDate(year: 2024, month: 3, day: 31)) + 12 * 3600, "A"),
      .init(mondayJustAfterMidnight, "A"), .init(Self.at(2024, 4, 3, 12), "A"), .init(Self.at(2024, 4, 4, 12), "A"),
    ]
    let (statistics, archive) = try archived(plays)
    defer { archive.remove() }
    let calendar = try statistics.calendar(in: .year(2024))
    let streak = try #require(calendar.longestStreak)
    #expect(streak.first == LocalDate(year: 2024, month: 3, day: 29))
    #expect(streak.last == LocalDate(year: 2024, month: 4, day: 1))
    #expect(streak.days == 4 && streak.plays == 4)
    #expect(calendar.clock[0][0] == 1, "Monday, hour 0")
    #expect(calendar.clock[6][23] == 0)
    #expect(calendar.playsByMonth.map(\.plays) == [3, 3])
  }

  @Test func listeningTimeSaysWhatItEstimated() throws {
    let dayEnd = Self.zone.start(of: LocalDate(year: 2024, month: 6, day: 2))
    let start = dayEnd - 4130
    let plays: [ScratchArchive.Play] = [
      .init(start, "A", track: "known"),
      .init(start + 250, "X", track: "u"),  // the next play is an hour later: the typical length
      .init(start + 3850, "X", track: "u"),  // the next play 180 s later
      .init(start + 4030, "X", track: "u"),  // the next play, the day after, 240 s later
      .init(dayEnd + 140, "X", track: "u"),
    ]
    let (statistics, archive) = try archived(plays)
    defer { archive.remove() }
    try archive.setDuration(artist: "A", track: "known", seconds: 200)
    try archive.setDuration(artist: "B", track: "other", seconds: 300)
    try archive.setDuration(artist: "C", track: "other", seconds: 100)
    let day = LocalDate(year: 2024, month: 6, day: 1)
    let time = try statistics.listeningTime(in: ListeningRange(first: day, last: day))
    #expect(time.plays == 4)
    #expect(time.knownPlays == 1)
    #expect(time.estimatedFromGap == 2)
    #expect(time.estimatedAsTypical == 1)
    #expect(time.typicalSeconds == 200)
    #expect(time.seconds == 200 + 200 + 180 + 240)
  }

  @Test func onThisDayLooksAtTheSameCalendarDayInEarlierYears() throws {
    let plays: [ScratchArchive.Play] = [
      .init(Self.at(2020, 2, 29, 8), "Leap"), .init(Self.at(2020, 2, 29, 23, 59), "Leap"),
      .init(Self.at(2020, 2, 29, 9), "Other"), .init(Self.at(2023, 2, 28, 12), "Not"),
      .init(Self.at(2022, 3, 1, 0, 10), "March"), .init(Self.at(2024, 2, 29, 12), "ThisYear"),
    ]
    let (statistics, archive) = try archived(plays)
    defer { archive.remove() }
    let leap = try statistics.onThisDay(LocalDate(year: 2024, month: 2, day: 29))
    #expect(leap.map(\.date) == [LocalDate(year: 2020, month: 2, day: 29)])
    #expect(leap.first?.plays == 3)
    #expect(leap.first?.topArtists == [ChartEntry(artist: "Leap", plays: 2), ChartEntry(artist: "Other", plays: 1)])
    let march = try statistics.onThisDay(LocalDate(year: 2024, month: 3, day: 1))
    #expect(march.map(\.date) == [LocalDate(year: 2022, month: 3, day: 1)])
  }

  @Test func anEmptyArchiveAnswersWithNothing() throws {
    let (statistics, archive) = try archived([])
    defer { archive.remove() }
    #expect(try statistics.top(.artist, in: .allTime, limit: 5).entries == [])
    #expect(try statistics.calendar(in: .allTime).longestStreak == nil)
    #expect(try statistics.listeningTime(in: .allTime) == ListeningTime())
    #expect(try statistics.onThisDay(LocalDate(year: 2024, month: 1, day: 1)) == [])
  }
}

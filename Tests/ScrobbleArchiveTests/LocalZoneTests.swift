import Testing

@testable import ScrobbleArchive

/// Days in named zones, evaluated side by side: each zone's midnights, its daylight-saving changes found to the
/// second, and local days from `UTCOffsets` agreeing with libc hour by hour. The expected seconds come from the tz
/// database (Python's zoneinfo gave the same).
@Suite struct LocalZoneTests {
  static let berlin = LocalZone(name: "Europe/Berlin")
  static let newYork = LocalZone(name: "America/New_York")
  static let lordHowe = LocalZone(name: "Australia/Lord_Howe")

  @Test func daysAcrossBerlinsChangesAre23And25HoursLong() {
    let spring = Self.berlin.interval(
      from: LocalDate(year: 2024, month: 3, day: 31), through: LocalDate(year: 2024, month: 3, day: 31))
    #expect(spring == 1_711_839_600..<1_711_922_400)
    #expect(spring.count == 23 * 3600)
    let autumn = Self.berlin.interval(
      from: LocalDate(year: 2024, month: 10, day: 27), through: LocalDate(year: 2024, month: 10, day: 27))
    #expect(autumn == 1_729_980_000..<1_730_070_000)
    #expect(autumn.count == 25 * 3600)
  }

  @Test func newYearInNewYorkBeginsAtFiveUTC() {
    let year2024 = ListeningRange.year(2024).interval(in: Self.newYork)
    #expect(year2024 == 1_704_085_200..<1_735_707_600)
    // 23:30 on New Year's Eve in New York is 04:30 UTC on January 1: still 2024 there.
    let lateOnTheEve: Int64 = 1_735_707_600 - 1800
    #expect(year2024.contains(lateOnTheEve))
    #expect(Self.newYork.date(at: lateOnTheEve) == LocalDate(year: 2024, month: 12, day: 31))
    #expect(Self.newYork.date(at: 1_735_707_600) == LocalDate(year: 2025, month: 1, day: 1))
  }

  @Test func lordHowesHalfHourChangeIsFoundToTheSecond() {
    let start = Self.lordHowe.start(of: LocalDate(year: 2024, month: 10, day: 1))
    #expect(start == 1_727_703_000)
    let offsets = Self.lordHowe.offsets(from: start, to: start + 10 * 86_400)
    #expect(
      offsets.changes == [
        UTCOffsets.Change(from: start, offset: 37_800), UTCOffsets.Change(from: 1_728_142_200, offset: 39_600),
      ])
    #expect(offsets.offset(at: 1_728_142_199) == 37_800)
    #expect(offsets.offset(at: 1_728_142_200) == 39_600)
  }

  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"])
  func localDaysFromTheOffsetsAgreeWithLibcHourByHour(zoneName: String) {
    let zone = LocalZone(name: zoneName)
    let range = ListeningRange(
      first: LocalDate(year: 2023, month: 12, day: 25), last: LocalDate(year: 2024, month: 12, day: 31))
    let interval = range.interval(in: zone)
    let offsets = zone.offsets(from: interval.lowerBound, to: interval.upperBound)
    var reader = offsets.ascendingReader
    var mismatches: [Int64] = []
    for time in stride(from: interval.lowerBound, to: interval.upperBound, by: 1777) {
      let fromLibc = zone.date(at: time).dayNumber
      if offsets.dayNumber(at: time) != fromLibc || reader.dayNumber(at: time) != fromLibc { mismatches.append(time) }
    }
    #expect(mismatches == [])
    #expect(offsets.changes.count == 3, "two changes a year, in every one of these zones")
  }

  @Test func zonesEvaluatedAtOnceNeverSeeEachOthers() async {
    let day = LocalDate(year: 2024, month: 7, day: 1)
    let expected: [String: Int64] = [
      "Europe/Berlin": 1_719_784_800, "America/New_York": 1_719_806_400, "Australia/Lord_Howe": 1_719_754_200,
    ]
    let results = await withTaskGroup(of: (String, Int64).self) { group in
      for round in 0..<300 {
        let name = Array(expected.keys.sorted())[round % 3]
        group.addTask { (name, LocalZone(name: name).start(of: day)) }
      }
      return await group.reduce(into: [(String, Int64)]()) { $0.append($1) }
    }
    #expect(results.count == 300)
    #expect(results.allSatisfy { expected[$0.0] == $0.1 })
  }

  @Test func datesAndDayNumbersRoundTrip() {
    #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(LocalDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
    #expect(LocalDate(year: 2024, month: 3, day: 31).weekdayFromMonday == 6)
    #expect(LocalDate(year: 1969, month: 12, day: 31).weekdayFromMonday == 2)
    for day in stride(from: -800_000, through: 2_900_000, by: 997) {
      #expect(LocalDate(dayNumber: day).dayNumber == day)
    }
  }

  @Test func calendarTextTakesYearsMonthsAndDaysOnly() {
    #expect(CalendarText.span("2019") == .year(2019))
    #expect(CalendarText.span("2024-02") == .month(year: 2024, month: 2))
    #expect(CalendarText.span("2024-02")?.lastDay == LocalDate(year: 2024, month: 2, day: 29))
    #expect(CalendarText.span("2024-02-29") == .day(LocalDate(year: 2024, month: 2, day: 29)))
    for bad in ["2023-02-29", "19", "2019-1-01", "2019-13", "+2019", "2019-01-01T00", " 2019", "２０１９", "", "0000"] {
      #expect(CalendarText.span(bad) == nil, "\(bad)")
    }
  }
}

import ImageCacheSupport
import Testing

@Suite struct CivilCalendarTests {
  @Test func dayNumbersNameTheirDatesAcrossTheEpochAndLeapDays() {
    let cases: [(days: Int, date: [Int])] = [
      (0, [1970, 1, 1]), (-1, [1969, 12, 31]), (11_016, [2000, 2, 29]), (11_017, [2000, 3, 1]),
      (19_782, [2024, 2, 29]), (-719_468, [0, 3, 1]),
    ]
    for (days, date) in cases {
      let civil = CivilCalendar.date(fromDays: days)
      #expect([civil.year, civil.month, civil.day] == date, "\(days)")
      #expect(CivilCalendar.days(year: date[0], month: date[1], day: date[2]) == days, "\(date)")
    }
  }

  @Test func aSecondFallsOnTheUTCDayItBelongsTo() {
    #expect(CivilCalendar.days(ofUnixSeconds: 0) == 0)
    #expect(CivilCalendar.days(ofUnixSeconds: 86_399) == 0)
    #expect(CivilCalendar.days(ofUnixSeconds: 86_400) == 1)
    #expect(CivilCalendar.days(ofUnixSeconds: -1) == -1)
    #expect(CivilCalendar.days(ofUnixSeconds: -86_400) == -1)
    #expect(CivilCalendar.days(ofUnixSeconds: -86_401) == -2)
  }
}

import Foundation
import Testing

@testable import ArtistBrowser

@Suite struct ListeningTimeTests {
  static let now = Date(timeIntervalSince1970: 1_773_576_000)  // 2026-03-15 12:00:00 UTC

  @Test(arguments: [
    (0, "just now"), (59, "just now"), (60, "1 min ago"), (180, "3 min ago"), (3599, "59 min ago"),
    (3600, "1 h ago"), (86_399, "23 h ago"), (86_400, "14 Mar 2026"), (-30, "just now"),
  ])
  func relativeWithinADayThenADate(secondsAgo: Int, expected: String) {
    #expect(ListeningTime.relative(Self.now.addingTimeInterval(-Double(secondsAgo)), now: Self.now) == expected)
  }

  @Test func calendarDatesAcrossLeapYearsCenturiesAndBeforeTheEpoch() {
    // Given instants whose civil dates are known
    let cases: [(TimeInterval, String)] = [
      (0, "1 Jan 1970"), (951_782_400, "29 Feb 2000"), (1_325_548_800, "3 Jan 2012"),
      (4_107_542_399, "28 Feb 2100"), (4_107_542_400, "1 Mar 2100"), (-1, "31 Dec 1969"),
      (-2_208_988_800, "1 Jan 1900"),
    ]
    // Then each comes out as the Gregorian calendar has it
    for (seconds, expected) in cases {
      #expect(ListeningTime.calendarDate(Date(timeIntervalSince1970: seconds)) == expected)
    }
  }
}

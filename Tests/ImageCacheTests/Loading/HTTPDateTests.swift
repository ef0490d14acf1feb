import Foundation
import ImageCache
import ImageCacheSupport
import Testing

@Suite struct HTTPDateTests {
  @Test func imfFixdatesReadAtTheByteLevel() {
    #expect(HTTPDate.secondsSinceEpoch(imfFixdate: "Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    #expect(HTTPDate.secondsSinceEpoch(imfFixdate: "Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    #expect(HTTPDate.secondsSinceEpoch(imfFixdate: "Tue, 29 Feb 2028 23:59:59 GMT") == 1_835_481_599)
    // Not IMF-fixdate, or not a real date: left to the general parser.
    for text in [
      "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
      "Sun, 6 Nov 1994 08:49:37 GMT", "sun, 06 nov 1994 08:49:37 GMT", "Sun, 30 Feb 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:3x GMT", "", "0", "-1",
    ] {
      #expect(HTTPDate.secondsSinceEpoch(imfFixdate: text) == nil, "\(text)")
    }
  }

  @Test func theFastPathAgreesWithDateFormatter() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .gmt
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    var state: UInt64 = 3
    for _ in 0..<3000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let seconds = Int(state >> 32) % 4_102_444_800  // 1970...2099
      let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
      #expect(HTTPDate.secondsSinceEpoch(imfFixdate: text) == seconds, "\(text)")
    }
  }

  @Test func allThreeFormsParse() {
    let expected = Date(timeIntervalSince1970: 784_111_777)
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
    #expect(HTTPDate.parse(" \tSun, 06 Nov 1994 08:49:37 GMT\t ") == expected)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
    #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
    #expect(HTTPDate.parse("0") == nil)
    #expect(HTTPDate.parse("next Tuesday") == nil)
  }

  /// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years ahead belongs to the past century.
  @Test func rfc850TwoDigitYearsAreReadRelativeToNow() {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == Date(timeIntervalSince1970: 784_111_777))
    #expect(HTTPDate.parse("Monday, 06-Nov-28 08:49:37 GMT", now: now)?.timeIntervalSince1970 == 1_857_113_377)
    #expect(HTTPDate.parse("sunday, 06-nov-94 08:49:37 gmt", now: now) != nil)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 25:49:37 GMT", now: now) == nil)
    #expect(HTTPDate.parse("Sunday, 31-Nov-94 08:49:37 GMT", now: now) == nil)
  }
}

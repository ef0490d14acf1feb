import Foundation
import Testing

@testable import ToolOptions

@Suite struct ByteSizeTests {
  @Test(arguments: [
    ("64MB", 64 << 20), ("1G", 1 << 30), ("512k", 512 << 10), ("1.5GiB", 3 << 29), ("100", 100), ("7 mb", 7 << 20),
  ])
  func parsesWhatPeopleType(text: String, bytes: Int) {
    #expect(ByteSize.parse(text) == bytes)
  }

  @Test(arguments: ["", "MB", "-5MB", "12XB", "1.2.3M"])
  func refusesNonsense(text: String) {
    #expect(ByteSize.parse(text) == nil)
  }

  @Test func formatsForHumans() {
    #expect(ByteSize.format(512) == "512 B")
    #expect(ByteSize.format(70 << 10) == "70.0 KB")
    #expect(ByteSize.format(300 << 20) == "300 MB")
  }
}

@Suite struct PlainFormatTests {
  @Test func fixedMatchesPrintf() {
    // Ties that are exact in binary (0.25, 2.5) round to even in both. Decimal "ties" such as 0.15 are not exact in
    // binary, and printf rounds the exact value, so the random values stay clear of them.
    var values: [Double] = [0, 0.5, 1.5, 2.5, 0.25, 0.125, 0.375, 100, 1023.96, 3.999_999, 99.999, -1.25, -0.04]
    var state: UInt64 = 1
    for _ in 0..<2000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      values.append(Double(state >> 40) / 1000 + 0.000_1)
    }
    for value in values {
      for digits in 0...2 {
        #expect(PlainFormat.fixed(value, digits: digits) == String(format: "%.\(digits)f", value), "\(value) \(digits)")
      }
    }
  }

  @Test func trimmingWhitespace() {
    #expect(" \t 64MB \u{3000}".trimmingWhitespace() == "64MB")
    #expect("   ".trimmingWhitespace() == "")
    #expect("a b".trimmingWhitespace() == "a b")
  }

}

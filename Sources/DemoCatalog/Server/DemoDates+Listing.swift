import ImageCacheSupport

/// The `#text` of Last.fm's scrobble dates ("20 Oct 2020, 10:03", UTC), written without a date formatter.
extension DemoDates {
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  static func listingText(_ unixSeconds: Int) -> String {
    var bytes: [UInt8] = []
    writeListingText(unixSeconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `listingText` appended as UTF-8 (ASCII), digit by digit: a page of scrobbles writes 200 of them.
  static func writeListingText(_ unixSeconds: Int, to output: inout [UInt8]) {
    let days = CivilCalendar.days(ofUnixSeconds: unixSeconds)
    let secondOfDay = unixSeconds - days * 86_400
    let (year, month, day) = CivilCalendar.date(fromDays: days)
    func two(_ value: Int) {
      output.append(UInt8(ascii: "0") + UInt8(value / 10))
      output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
    two(day)
    output.append(UInt8(ascii: " "))
    output.append(contentsOf: months[month - 1].utf8)
    output.append(UInt8(ascii: " "))
    output.append(contentsOf: String(year).utf8)
    output.append(contentsOf: ", ".utf8)
    two(secondOfDay / 3600)
    output.append(UInt8(ascii: ":"))
    two(secondOfDay % 3600 / 60)
  }
}

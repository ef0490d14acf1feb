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
    let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    let secondOfDay = unixSeconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
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

  /// Days since 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// The www.last.fm page addresses that appear in API responses (`url` fields, "Read more" links).
enum LastFMURL {
  static let site = "https://www.last.fm"

  static func artist(_ name: String) -> String { "\(site)/music/\(encode(name))" }
  static func album(_ name: String, by artist: String) -> String { "\(self.artist(artist))/\(encode(name))" }
  static func track(_ name: String, by artist: String) -> String { "\(self.artist(artist))/_/\(encode(name))" }
  static func tag(_ name: String) -> String { "\(site)/tag/\(encode(name))" }
  static func wiki(_ artist: String) -> String { "https://last.fm/music/\(encode(artist))/+wiki" }

  /// Last.fm's path encoding: spaces become `+`, other bytes outside the unreserved set are percent-encoded.
  static func encode(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "): encoded += "+"
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return encoded
  }
}

/// Tells PNG from JPEG by their magic bytes alone (never by URL or Content-Type, which servers get wrong), and
/// explains anything else in a few words, because "not an image" is far more useful with "HTML page" attached.
enum ImageFormatSniffer {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// The most the format, a PNG header and any hint read: the first this many bytes say the same as all of them.
  static let hintByteCount = 512

  /// The format the bytes announce. Bytes that are nearly a PNG signature (a text-mode transfer mangled its
  /// CR/LF, a bit got flipped) are reported as a corrupt PNG rather than as some unknown format.
  static func format(of data: [UInt8]) throws(ImageDecodingError) -> ImageFormat {
    if data.starts(with: pngSignature) { return .png }
    if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if looksLikeDamagedPNGSignature(data) {
      throw .corrupt(format: .png, reason: "damaged PNG signature \(hexPrefix(of: data, count: 8))")
    }
    if data.starts(with: [0xFF, 0xD8]) {
      throw .corrupt(format: .jpeg, reason: "start of image not followed by a marker")
    }
    throw .unsupportedFormat(hint: hint(for: data))
  }

  /// A short human description of bytes that are neither PNG nor JPEG.
  static func hint(for data: [UInt8]) -> String {
    if data.isEmpty { return "empty body" }
    if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) { return "GIF image" }
    if data.count >= 12, data.starts(with: Array("RIFF".utf8)), Array(data[8..<12]) == Array("WEBP".utf8) {
      return "WebP image"
    }
    if data.count >= 12, Array(data[4..<8]) == Array("ftyp".utf8) { return "HEIF/AVIF image" }
    if data.starts(with: [0x42, 0x4D]) { return "BMP image" }
    if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return "TIFF image"
    }
    let text = leadingText(of: data)
    if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.contains("<html") { return "HTML page" }
    if text.contains("<svg") { return "SVG image" }
    if text.hasPrefix("<?xml") { return "XML document" }
    if text.hasPrefix("{") || text.hasPrefix("[") { return "JSON text" }
    if text.hasPrefix("<") { return "HTML or XML text" }
    if let quote = printableQuote(of: data) { return "text \(quote)" }
    return "unknown bytes \(hexPrefix(of: data, count: 8))"
  }

  private static func looksLikeDamagedPNGSignature(_ data: [UInt8]) -> Bool {
    guard data.count >= 8 else { return false }
    let name = data[1...3].map { $0 | 0x20 }  // ASCII lower case, to catch "PNg"
    return data[0] == 0x89 || name == Array("png".utf8)
  }

  /// The first bytes as lower-case text without leading whitespace or BOM, for markup and JSON checks.
  private static func leadingText(of data: [UInt8]) -> String {
    var bytes = data.prefix(hintByteCount)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let text = String(decoding: bytes, as: UTF8.self)
    return String(text.drop(while: { $0.isWhitespace })).lowercased()
  }

  /// The start of a plain-text body ("Forbidden", "Bad Gateway") in quotes, or nil if the bytes are binary.
  private static func printableQuote(of data: [UInt8]) -> String? {
    let head = data.prefix(40)
    guard head.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      return nil
    }
    let text = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return "\"" + text + (data.count > head.count ? "…" : "") + "\""
  }

  /// "3C 21 44 4F ..." — uppercase hex of up to `count` bytes, with an ellipsis when there are more.
  static func hexPrefix(of data: [UInt8], count: Int) -> String {
    let hex = data.prefix(count).map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return byte < 0x10 ? "0" + digits : digits
    }
    return (hex + (data.count > count ? ["..."] : [])).joined(separator: " ")
  }
}

import BlockArt
import Foundation
import ImageCache

/// One kitty graphics command as the terminal would parse it.
struct KittyCommand {
  /// The control data as written, `a=T,f=100,…`.
  var control: String
  var keys: [String: String]
  var payload: [UInt8]

  /// The command's bytes again.
  var bytes: [UInt8] {
    [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(control.utf8) + (payload.isEmpty ? [] : [UInt8(ascii: ";")])
      + payload + [0x1B, UInt8(ascii: "\\")]
  }
}

/// Reads protocol output back the way a terminal would, so tests check pixels, not just bytes.
enum ProtocolDecoding {
  static let escape: UInt8 = 0x1B

  /// Every `ESC _ G … ESC \` in `bytes`, in order.
  static func kittyCommands(_ bytes: [UInt8]) -> [KittyCommand] {
    var commands: [KittyCommand] = []
    var index = 0
    while let start = find([escape, UInt8(ascii: "_"), UInt8(ascii: "G")], in: bytes, from: index) {
      guard let end = find([escape, UInt8(ascii: "\\")], in: bytes, from: start + 3) else { break }
      let body = Array(bytes[(start + 3)..<end])
      let separator = body.firstIndex(of: UInt8(ascii: ";")) ?? body.endIndex
      let control = String(decoding: body[..<separator], as: UTF8.self)
      var keys: [String: String] = [:]
      for pair in control.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        keys[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
      }
      let payload = separator < body.endIndex ? Array(body[(separator + 1)...]) : []
      commands.append(KittyCommand(control: control, keys: keys, payload: payload))
      index = end + 2
    }
    return commands
  }

  /// The picture a chunked kitty transmission carries: the base64 payloads joined, decoded, then PNG-decoded.
  static func kittyPicture(_ commands: [KittyCommand]) throws -> ImageBitmap {
    try png(base64: commands.flatMap(\.payload))
  }

  /// The arguments and picture of the one iTerm2 inline image in `bytes`.
  static func itermImage(_ bytes: [UInt8]) throws -> (arguments: String, picture: ImageBitmap) {
    let introducer = Array("\u{1B}]1337;File=".utf8)
    guard let start = find(introducer, in: bytes, from: 0),
      let colon = bytes[(start + introducer.count)...].firstIndex(of: UInt8(ascii: ":")),
      let bell = bytes[colon...].firstIndex(of: 0x07)
    else { throw DecodingFailure("no complete OSC 1337 sequence") }
    let arguments = String(decoding: bytes[(start + introducer.count)..<colon], as: UTF8.self)
    return (arguments, try png(base64: Array(bytes[(colon + 1)..<bell])))
  }

  static func png(base64: [UInt8]) throws -> ImageBitmap {
    guard let data = Data(base64Encoded: Data(base64)) else { throw DecodingFailure("payload is not base64") }
    return try PNGDecoder().decode([UInt8](data), limits: .default)
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }

  /// PSNR over RGB between two same-sized regions of RGBA bitmaps.
  static func psnr(_ a: ImageBitmap, _ b: ImageBitmap) -> Double {
    BlockArtFidelity.psnr(SampleImage(a), reference: SampleImage(b))
  }

  /// The `width × height` rectangle at `x`,`y`.
  static func crop(_ bitmap: ImageBitmap, x: Int, y: Int, width: Int, height: Int) -> ImageBitmap {
    var pixels: [UInt8] = []
    for row in y..<(y + height) {
      let start = (row * bitmap.width + x) * 4
      pixels += bitmap.pixels[start..<(start + width * 4)]
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// Every pixel of the rectangle has alpha 0.
  static func isTransparent(_ bitmap: ImageBitmap) -> Bool {
    stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 0 }
  }
}

struct DecodingFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension SampleImage {
  /// The RGB of an RGBA bitmap, for the fidelity measure.
  init(_ bitmap: ImageBitmap) {
    var rgb: [UInt8] = []
    rgb.reserveCapacity(bitmap.width * bitmap.height * 3)
    for index in 0..<(bitmap.width * bitmap.height) { rgb += bitmap.pixels[(index * 4)..<(index * 4 + 3)] }
    self.init(width: bitmap.width, height: bitmap.height, rgb: rgb)
  }
}

internal import CImageShims

/// `cimg_png_check_structure`'s rules (signature, each chunk's CRC, IHDR first, IDAT consecutive, IEND after an
/// IDAT) followed as the bytes arrive, piece by piece, so a body streamed into its file need not be read back to
/// be checked. It only ever says "passed": anything else (a JPEG, a broken chunk, a body that ends early) leaves
/// the verdict open, and the whole-file check then runs and says what is wrong in its own words.
struct PNGStreamCheck {
  private enum Phase {
    case signature(seen: Int)
    case length(seen: Int, value: UInt32)
    case type(seen: Int, value: UInt32)
    case data(remaining: Int)
    case crc(seen: Int, value: UInt32)
    case ended
    case undecided
  }

  private var phase = Phase.signature(seen: 0)
  private var length = 0
  private var type: UInt32 = 0
  private var crc: UInt32 = 0
  private var chunks = 0
  private var sawIDAT = false
  private var idatEnded = false

  /// Whether everything so far is a PNG whose IEND chunk has been checked.
  var passed: Bool {
    if case .ended = phase { return true }
    return false
  }

  mutating func consume(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    while index < bytes.count {
      switch phase {
      case .ended, .undecided:
        return
      case .signature(let seen):
        guard bytes[index] == ImageFormatSniffer.pngSignature[seen] else { return phase = .undecided }
        phase = seen == 7 ? .length(seen: 0, value: 0) : .signature(seen: seen + 1)
        index += 1
      case .length(let seen, let value):
        let value = value << 8 | UInt32(bytes[index])
        index += 1
        guard seen == 3 else {
          phase = .length(seen: seen + 1, value: value)
          continue
        }
        guard value <= 0x7FFF_FFFF else { return phase = .undecided }
        length = Int(value)
        phase = .type(seen: 0, value: 0)
      case .type(let seen, let value):
        let value = value << 8 | UInt32(bytes[index])
        index += 1
        guard seen == 3 else {
          phase = .type(seen: seen + 1, value: value)
          continue
        }
        type = value
        var bigEndian = value.bigEndian
        crc = withUnsafeBytes(of: &bigEndian) { cimg_crc32(0, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4) }
        phase = length == 0 ? .crc(seen: 0, value: 0) : .data(remaining: length)
      case .data(let remaining):
        let count = min(remaining, bytes.count - index)
        crc = cimg_crc32(crc, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + index, count)
        index += count
        phase = count == remaining ? .crc(seen: 0, value: 0) : .data(remaining: remaining - count)
      case .crc(let seen, let value):
        let value = value << 8 | UInt32(bytes[index])
        index += 1
        guard seen == 3 else {
          phase = .crc(seen: seen + 1, value: value)
          continue
        }
        guard value == crc else { return phase = .undecided }
        endChunk()
      }
    }
  }

  private static let ihdr: UInt32 = 0x4948_4452
  private static let idat: UInt32 = 0x4944_4154
  private static let iend: UInt32 = 0x4945_4E44

  private mutating func endChunk() {
    if chunks == 0, type != Self.ihdr { return phase = .undecided }
    if type == Self.idat {
      if idatEnded { return phase = .undecided }
      sawIDAT = true
    } else if sawIDAT {
      idatEnded = true
    }
    chunks += 1
    if type == Self.iend {
      phase = sawIDAT ? .ended : .undecided
    } else {
      phase = .length(seen: 0, value: 0)
    }
  }
}

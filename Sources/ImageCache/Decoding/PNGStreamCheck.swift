internal import CImageShims

/// `cimg_png_check_structure`'s rules (signature, each chunk's CRC, IHDR first, IDAT consecutive, IEND after an
/// IDAT) followed as the bytes arrive, piece by piece, so a body streamed into its file need not be read back to
/// be checked. It only ever says "passed": anything else (a JPEG, a broken chunk, a body that ends early) leaves
/// the verdict open, and the whole-file check then runs and says what is wrong in its own words.
struct PNGStreamCheck {
  /// The three 4-byte big-endian fields around a chunk's data.
  private enum Field {
    case length, type, crc
  }

  private enum Phase {
    case signature(seen: Int)
    case field(Field, seen: Int, value: UInt32)
    case data(remaining: Int)
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
        phase = seen == 7 ? .field(.length, seen: 0, value: 0) : .signature(seen: seen + 1)
        index += 1
      case .field(let field, let seen, let value):
        let value = value << 8 | UInt32(bytes[index])
        index += 1
        if seen == 3 { read(value, as: field) } else { phase = .field(field, seen: seen + 1, value: value) }
      case .data(let remaining):
        let count = min(remaining, bytes.count - index)
        crc = cimg_crc32(crc, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + index, count)
        index += count
        phase = count == remaining ? .field(.crc, seen: 0, value: 0) : .data(remaining: remaining - count)
      }
    }
  }

  private mutating func read(_ value: UInt32, as field: Field) {
    switch field {
    case .length:
      guard value <= 0x7FFF_FFFF else { return phase = .undecided }
      length = Int(value)
      phase = .field(.type, seen: 0, value: 0)
    case .type:
      type = value
      var bigEndian = value.bigEndian
      crc = withUnsafeBytes(of: &bigEndian) { cimg_crc32(0, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4) }
      phase = length == 0 ? .field(.crc, seen: 0, value: 0) : .data(remaining: length)
    case .crc:
      guard value == crc else { return phase = .undecided }
      endChunk()
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
      phase = .field(.length, seen: 0, value: 0)
    }
  }
}

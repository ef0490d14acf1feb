/// Turns raw terminal input bytes into `Key`s. Pure and incremental: bytes can arrive split anywhere,
/// an incomplete sequence waits in `pending` for more bytes or for `flushPending()` after the escape timeout.
/// Understands both the CSI (`ESC [ A`) and SS3 (`ESC O A`, application cursor mode) forms, and a bracketed paste
/// (`ESC [ 200 ~` … `ESC [ 201 ~`) as one `.paste` carrying its text.
public struct KeyDecoder {
  private(set) public var pending: [UInt8] = []
  /// The paste whose start marker has arrived and whose end marker has not.
  private var paste: BracketedPaste?
  /// Bytes looked at so far, counted so tests can show decoding stays linear in the input (a paste of any size).
  private(set) var bytesExamined = 0

  /// The longest CSI sequence waited for. A key's sequence is a handful of bytes; an `ESC [` followed by a
  /// paste of digits would otherwise be rescanned from its start on every read.
  static let longestControlSequence = 32

  public init() {}

  /// Whether a lone ESC or a partial sequence is waiting; the reader then waits only the short escape timeout.
  /// Not while a paste is open: see `isInPaste`.
  public var hasPending: Bool { paste == nil && !pending.isEmpty }

  /// Whether a paste has begun and its end marker has not arrived: the reader waits for it up to its paste
  /// deadline, then `flushPending()` ends the paste with the text that came.
  public var isInPaste: Bool { paste != nil }

  public mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending.append(contentsOf: bytes)
    return decodePending(final: false)
  }

  /// Called when no more bytes came within the escape timeout: what is pending is taken as complete
  /// (a lone ESC is the Escape key; `ESC x` is Escape then `x`; a paste without its end marker ends with the text
  /// that came).
  public mutating func flushPending() -> [Key] {
    decodePending(final: true)
  }

  /// Decodes from the front of `pending`, then drops what was decoded in one go: removing each key's bytes
  /// as it is found would move the rest of a long paste once per key.
  private mutating func decodePending(final: Bool) -> [Key] {
    var keys: [Key] = []
    var start = pending.startIndex
    while start < pending.endIndex || (final && paste != nil) {
      let rest = pending[start...]
      if paste != nil {
        let (used, ended) = paste!.take(rest)
        bytesExamined += used
        start += used
        guard ended || final else { break }
        // Without its end marker (lost, or the terminal never sent it) the paste ends at the deadline: what came
        // is the text, a marker's beginning left waiting included.
        if !ended {
          paste!.append(pending[start...])
          bytesExamined += pending.endIndex - start
          start = pending.endIndex
        }
        keys.append(.paste(paste!.pastedText))
        paste = nil
        continue
      }
      guard let (key, length) = Self.decodeOne(rest, final: final) else {
        bytesExamined += rest.count
        break
      }
      bytesExamined += length
      start += length
      if case .unknown(let sequence) = key, sequence == BracketedPaste.start {
        paste = BracketedPaste()
        continue
      }
      keys.append(key)
    }
    pending.removeFirst(start - pending.startIndex)
    return keys
  }

  /// Decodes the key at the start of `bytes` and its byte length, or nil when more bytes are needed.
  static func decodeOne(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return decodeEscape(bytes, final: final)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x03: return (.controlC, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (.unknown([first]), 1)
    default: return decodeUTF8(bytes, final: final)
    }
  }

  private static func decodeEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return final ? (.escape, 1) : nil }
    let introducer = bytes[start + 1]
    switch introducer {
    case UInt8(ascii: "["):
      // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
      var index = start + 2
      let end = min(bytes.endIndex, start + longestControlSequence)
      while index < end {
        let byte = bytes[index]
        if (0x40...0x7E).contains(byte) {
          let sequence = Array(bytes[start...index])
          return (
            csiKey(parameters: Array(bytes[(start + 2)..<index]), final: byte) ?? .unknown(sequence),
            sequence.count
          )
        }
        guard (0x20...0x3F).contains(byte) else { return (.escape, 1) }  // not a CSI after all
        index += 1
      }
      // Too long for a key: Escape, and the rest is typed as it is.
      return final || bytes.count >= longestControlSequence ? (.escape, 1) : nil
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return final ? (.escape, 1) : nil }
      let key = ss3Key(bytes[start + 2]) ?? .unknown(Array(bytes[start...(start + 2)]))
      return (key, 3)
    case 0x1B:
      return (.escape, 1)
    default:
      // ESC followed by an ordinary key (Alt+key or a fast typist): Escape now, the key on the next round.
      return (.escape, 1)
    }
  }

  private static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      // `ESC [ n ~`, possibly with modifiers after a semicolon (`ESC [ 5 ; 5 ~`).
      let number = parameters.prefix { $0 != UInt8(ascii: ";") }
      switch String(decoding: number, as: UTF8.self) {
      case "1", "7": return .home
      case "3": return .delete
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  private static func ss3Key(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "M"): .enter  // keypad Enter in application keypad mode
    default: nil
    }
  }

  private static func decodeUTF8(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0x00..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0 else { return (.unknown([first]), 1) }
    // A byte that cannot continue the character (an Escape typed after a paste cut mid-character) ends it: the
    // lead alone is unknown, and that byte is decoded as the key it is.
    guard bytes.dropFirst().prefix(length - 1).allSatisfy({ $0 & 0xC0 == 0x80 }) else {
      return (.unknown([first]), 1)
    }
    guard bytes.count >= length else { return final ? (.unknown(Array(bytes)), bytes.count) : nil }
    let encoded = bytes.prefix(length)
    guard let text = String(validating: encoded, as: UTF8.self), let character = text.first else {
      return (.unknown([first]), 1)
    }
    return (.character(character), length)
  }
}

extension KeyDecoder: Sendable {}

/// Separates the terminal's answers to the detection query from anything else that arrives meanwhile (keys the
/// person typed), which is kept in order as `pending`.
struct TerminalReplyScanner {
  /// Set once the kitty probe was answered: true for `OK`, false for an error.
  private(set) var kittyAnswer: Bool?
  /// The attributes of the DA1 answer (`ESC [ ? 62 ; 4 ; … c`), once it arrived; it ends the query.
  private(set) var deviceAttributes: [Int]?
  /// From `ESC [ 6 ; height ; width t`, the answer to `CSI 16 t`.
  private(set) var cellSize: CellPixelSize?
  /// Bytes that were not part of any answer.
  private(set) var pending: [UInt8] = []
  private var unparsed: [UInt8] = []

  mutating func feed(_ bytes: [UInt8]) {
    unparsed += bytes
    var index = 0
    while index < unparsed.count {
      guard unparsed[index] == 0x1B else {
        pending.append(unparsed[index])
        index += 1
        continue
      }
      guard let length = sequenceLength(at: index) else { break }  // incomplete: wait for more
      consume(Array(unparsed[index..<(index + length)]))
      index += length
    }
    unparsed.removeFirst(index)
  }

  /// The query is over: an unfinished sequence was not an answer (a lone Escape key, say).
  mutating func finish() {
    pending += unparsed
    unparsed.removeAll()
  }

  /// The length of the escape sequence starting at `start`, or nil if it is not complete yet.
  private func sequenceLength(at start: Int) -> Int? {
    guard start + 1 < unparsed.count else { return nil }
    switch unparsed[start + 1] {
    case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):
      // APC / DCS / OSC strings end with ST (ESC \); OSC may also end with BEL.
      var index = start + 2
      while index < unparsed.count {
        if unparsed[index] == 0x07 && unparsed[start + 1] == UInt8(ascii: "]") { return index - start + 1 }
        if unparsed[index] == 0x1B {
          guard index + 1 < unparsed.count else { return nil }
          if unparsed[index + 1] == UInt8(ascii: "\\") { return index - start + 2 }
        }
        index += 1
      }
      return nil
    case UInt8(ascii: "["):
      var index = start + 2
      while index < unparsed.count {
        if (0x40...0x7E).contains(unparsed[index]) { return index - start + 1 }
        index += 1
      }
      return nil
    default:
      return 1  // ESC followed by something else: the Escape key (or Alt+key), kept as input
    }
  }

  private mutating func consume(_ sequence: [UInt8]) {
    let text = String(decoding: sequence, as: UTF8.self)
    if text.hasPrefix("\u{1B}_G") {
      let body = text.dropFirst(3).dropLast(2)
      let message = body.split(separator: ";", maxSplits: 1).dropFirst().first ?? ""
      kittyAnswer = message.hasPrefix("OK")
    } else if text.hasPrefix("\u{1B}[?") && text.hasSuffix("c") {
      deviceAttributes = text.dropFirst(3).dropLast().split(separator: ";").compactMap { Int($0) }
    } else if text.hasPrefix("\u{1B}[6;") && text.hasSuffix("t") {
      let numbers = text.dropFirst(4).dropLast().split(separator: ";").compactMap { Int($0) }
      if numbers.count == 2, numbers[0] > 0, numbers[1] > 0 {
        cellSize = CellPixelSize(width: numbers[1], height: numbers[0])
      }
    } else if text.hasPrefix("\u{1B}_") || text.hasPrefix("\u{1B}P") || text.hasPrefix("\u{1B}]") {
      // Some other terminal report: never a key, never shown.
    } else {
      pending += sequence
    }
  }
}

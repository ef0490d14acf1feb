import Testing

@testable import TerminalUI

/// A paste arrives as one long run of bytes. Decoding it and keeping it in a prompt must cost work in proportion to
/// its length, counted here in bytes looked at and characters kept, not in seconds.
@Suite struct PasteTests {
  static let pasteLength = 100_000

  /// 100 KB of text in the pieces a terminal read returns.
  static func paste() -> [UInt8] {
    let line = Array("Sigur Rós — Ágætis byrjun 東京事変 🎸 ".utf8)
    return Array((0..<(pasteLength / line.count + 1)).lazy.flatMap { _ in line }.prefix(pasteLength))
  }

  @Test func decodingAPasteLooksAtEachByteOnce() {
    // Given 100 KB fed in 4 KB reads, split anywhere (inside a character too)
    let bytes = Self.paste()
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + 4_096)
      keys += decoder.feed(Array(bytes[offset..<end]))
      offset = end
    }
    keys += decoder.flushPending()
    // Then every character came out, in order, and each byte was examined about once (a character split across
    // reads is looked at again when its end arrives)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(keys.count == text.unicodeScalars.count)
    #expect(keys.prefix(5) == [.character("S"), .character("i"), .character("g"), .character("u"), .character("r")])
    #expect(decoder.bytesExamined <= bytes.count + 3 * (bytes.count / 4_096 + 1))
    #expect(!decoder.hasPending)
  }

  @Test func anEscapeFollowedByALongRunIsNotRescannedOnEveryRead() {
    // Given ESC [ and then 10,000 digits, one byte per read: no key's sequence is that long
    let digits = [UInt8](repeating: UInt8(ascii: "1"), count: 10_000)
    var decoder = KeyDecoder()
    var keys = decoder.feed(Array("\u{1B}[".utf8))
    for digit in digits { keys += decoder.feed([digit]) }
    keys += decoder.flushPending()
    // Then the ESC is Escape once the sequence is too long, the rest is typed, and the work stays linear
    #expect(keys.first == .escape)
    #expect(keys.dropFirst().first == .character("["))
    #expect(keys.count == 2 + digits.count)
    #expect(decoder.bytesExamined <= KeyDecoder.longestControlSequence * (digits.count + 2))
  }

  @Test func anEscapeAfterAPasteCutMidCharacterIsStillEscape() {
    // Given a paste whose last read ends with the first byte of a four-byte character (🎸 is F0 9F 8E B8)
    var decoder = KeyDecoder()
    let first = decoder.feed(Array("Sigur ".utf8) + [0xF0])
    // When Escape arrives next, alone, and the escape timeout passes
    let second = decoder.feed([0x1B]) + decoder.flushPending()
    // Then the cut character is one unknown key and Escape is Escape, not swallowed into it
    #expect(first.count == 6)
    #expect(second == [.unknown([0xF0]), .escape])
    // And a character completed by a later read still decodes whole
    var split = KeyDecoder()
    #expect(split.feed([0xF0, 0x9F]).isEmpty)
    #expect(split.feed([0x8E, 0xB8]) == [.character("🎸")])
  }

  @Test func aReaderHandsOutAPasteKeyByKey() {
    // Given a device that delivers the paste in two reads
    let bytes = Self.paste()
    let terminal = ScriptedTerminal(script: [
      .bytes(Array(bytes.prefix(60_000))), .bytes(Array(bytes.dropFirst(60_000))),
    ])
    let reader = KeyReader(device: terminal)
    // Then every key comes out in order, then the end
    var text = ""
    while case .character(let character)? = reader.nextKey() { text.append(character) }
    #expect(text == String(decoding: bytes, as: UTF8.self))
    #expect(reader.isAtEnd)
  }

  @Test func aReaderHandsOutAPasteInBatchesOfOneReadEach() {
    // Given a device that delivers the paste in two reads
    let bytes = Self.paste()
    let terminal = ScriptedTerminal(script: [
      .bytes(Array(bytes.prefix(60_000))), .bytes(Array(bytes.dropFirst(60_000))),
    ])
    let reader = KeyReader(device: terminal)
    // Then two batches hold every key, so the app crosses threads twice, not once per key
    var batches: [[Key]] = []
    while case let keys = reader.nextKeys(timeout: nil), !keys.isEmpty { batches.append(keys) }
    #expect(batches.count == 2)
    #expect(batches.joined().count == String(decoding: bytes, as: UTF8.self).unicodeScalars.count)
  }

  @Test func aPromptKeepsItsLimitAndDropsTheRest() {
    // Given a prompt and a paste of 100,000 characters typed into it
    var prompt = PromptText()
    var accepted = 0
    for character in String(decoding: Self.paste(), as: UTF8.self).unicodeScalars.map(Character.init) {
      if prompt.append(character) { accepted += 1 }
    }
    // Then it holds the first 256 scalars and said no to every key after them
    #expect(PromptText.defaultLimit == 256)
    #expect(accepted == 256)
    #expect(prompt.isFull)
    #expect(prompt.text.unicodeScalars.count == 256)
    #expect(prompt.text.hasPrefix("Sigur Rós — Ágætis byrjun 東京事変 🎸 Sigur"))
    // And a backspace makes room again, for one character
    let removed = prompt.removeLast()
    let first = prompt.append("x")
    let second = prompt.append("y")
    #expect(removed && first && !second)
  }

  @Test func aPromptCountsScalarsAcrossCombiningMarks() {
    var prompt = PromptText("e\u{301}e", limit: 4)
    var accepted: [Bool] = []
    accepted.append(prompt.append("\u{301}"))  // joins the second e: one character, four scalars
    accepted.append(prompt.append("x"))
    accepted.append(prompt.removeLast())
    #expect(prompt.text == "e\u{301}")
    accepted.append(prompt.append("a"))
    accepted.append(prompt.append("b"))
    accepted.append(prompt.append("c"))
    #expect(accepted == [true, false, true, true, true, false])
    #expect(PromptText(String(repeating: "z", count: 300)).text.count == 256)
  }
}

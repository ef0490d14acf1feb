import Testing

@testable import TerminalUI

@Suite struct KeyDecodingTests {
  private func keys(_ bytes: [UInt8]) -> [Key] { KeyReader.keys(from: bytes) }

  @Test func arrowsInCSIForm() {
    #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
  }

  @Test func arrowsInSS3Form() {
    #expect(keys(Array("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD".utf8)) == [.up, .down, .right, .left])
  }

  @Test func pagingAndHomeEnd() {
    #expect(keys(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    #expect(
      keys(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF".utf8)) == [.home, .end, .home, .end, .home, .end])
    #expect(keys(Array("\u{1B}[5;5~\u{1B}[3~".utf8)) == [.pageUp, .delete])
  }

  @Test func loneEscapeIsTheEscapeKey() {
    #expect(keys([0x1B]) == [.escape])
    #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
  }

  @Test func escapeFollowedByALetterIsEscapeThenLetter() {
    #expect(keys([0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
  }

  @Test func controlKeys() {
    #expect(
      keys([0x7F, 0x08, 0x0D, 0x0A, 0x09, 0x03, 0x04]) == [
        .backspace, .backspace, .enter, .enter, .tab, .controlC, .control("d"),
      ])
  }

  @Test func utf8Characters() {
    #expect(keys(Array("qé東🎸".utf8)) == [.character("q"), .character("é"), .character("東"), .character("🎸")])
  }

  @Test func unknownSequenceIsReportedNotTyped() {
    #expect(keys(Array("\u{1B}[99zq".utf8)) == [.unknown(Array("\u{1B}[99z".utf8)), .character("q")])
  }

  @Test func sequenceSplitAcrossReadsWaitsForTheRest() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([UInt8(ascii: "[")]) == [])
    #expect(decoder.feed([UInt8(ascii: "6")]) == [])
    #expect(decoder.feed([UInt8(ascii: "~"), UInt8(ascii: "j")]) == [.pageDown, .character("j")])
    #expect(!decoder.hasPending)
    #expect(decoder.feed([0xE6, 0x9D]) == [])
    #expect(decoder.feed([0xB1]) == [.character("東")])
  }

  @Test func readerTurnsAPendingEscapeIntoEscapeOnTimeout() {
    // Given an ESC byte, then silence, then an arrow
    let terminal = ScriptedTerminal(script: [.bytes([0x1B]), .timedOut, .bytes(Array("\u{1B}[A".utf8))])
    let reader = KeyReader(device: terminal)
    // Then
    #expect(reader.nextKey() == .escape)
    #expect(reader.nextKey() == .up)
    #expect(reader.nextKey() == nil)
  }

  @Test func readerReportsResize() {
    let terminal = ScriptedTerminal(script: [.bytes(Array("j".utf8))])
    terminal.resize(to: TerminalSize(columns: 100, rows: 30))
    let reader = KeyReader(device: terminal)
    #expect(reader.nextKey() == .character("j"))
    #expect(reader.nextKey() == .resize)
    #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
  }

  @Test func untimedReadKeepsWaitingAfterASpuriousWakeUp() {
    // A signal interrupting the wait shows up as a timeout; without a deadline that is not the end of input.
    let terminal = ScriptedTerminal(script: [.timedOut, .bytes(Array("x".utf8))])
    let reader = KeyReader(device: terminal)
    #expect(reader.nextKey() == .character("x"))
  }

  @Test func timedReadGivesUpAtTheDeadline() {
    let terminal = ScriptedTerminal(script: [.timedOut, .bytes(Array("x".utf8))])
    let reader = KeyReader(device: terminal)
    #expect(reader.nextKey(timeout: .milliseconds(10)) == nil)
    #expect(reader.nextKey(timeout: .milliseconds(10)) == .character("x"))
  }

  @Test func keyStreamDeliversKeysThenFinishesAtEndOfInput() async {
    let terminal = ScriptedTerminal(script: [.bytes(Array("a\u{1B}[B".utf8)), .timedOut, .bytes([0x1B])])
    var keys: [Key] = []
    for await key in KeyReader.keyStream(device: terminal) { keys.append(key) }
    #expect(keys == [.character("a"), .down, .escape])
  }
}

@Suite struct PendingInputTests {
  @Test func bytesReadBeforeComeFirst() {
    let terminal = ScriptedTerminal(script: [.bytes(Array("k".utf8))])
    let reader = KeyReader(device: terminal, pendingInput: Array("j\u{1B}[B".utf8))
    #expect(reader.nextKey() == .character("j"))
    #expect(reader.nextKey() == .down)
    #expect(reader.nextKey() == .character("k"))
    #expect(reader.nextKey() == nil)
  }

  @Test func aPendingLoneEscapeIsTheEscapeKey() {
    let reader = KeyReader(device: ScriptedTerminal(script: [.timedOut]), pendingInput: [0x1B])
    #expect(reader.nextKey(timeout: .zero) == .escape)
  }
}

import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// A bracketed paste (`ESC [ 200 ~` text `ESC [ 201 ~`) comes out as one `.paste` with its text, line breaks
/// included, however the reads cut it, and ends at a deadline when its end marker never comes.
@Suite struct BracketedPasteTests {
  static let pasted = Array("\u{1B}[200~first line\rsecond\r\nthird\u{1B}[A\u{1B}[201~".utf8)

  @Test func aPasteIsOneEventWithItsLineBreaksAsText() {
    #expect(
      KeyReader.keys(from: Array("a".utf8) + Self.pasted + Array("\r".utf8))
        == [.character("a"), .paste("first line\nsecond\nthird\u{1B}[A"), .enter])
  }

  @Test(arguments: 1...9)
  func markersSplitAcrossReadsAnywhereGiveTheSamePaste(pieceLength: Int) {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var offset = 0
    while offset < Self.pasted.count {
      let end = min(Self.pasted.count, offset + pieceLength)
      keys += decoder.feed(Array(Self.pasted[offset..<end]))
      offset = end
    }
    #expect(keys == [.paste("first line\nsecond\nthird\u{1B}[A")])
    #expect(!decoder.isInPaste && !decoder.hasPending)
  }

  @Test func anOpenPasteWaitsThroughPausesAndTheEscapeTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
    #expect(decoder.isInPaste && !decoder.hasPending)
    #expect(decoder.feed(Array("1~x".utf8)) == [.paste("abc"), .character("x")])
  }

  @Test func aPasteWithoutItsEndMarkerEndsAtTheDeadlineWithWhatCame() {
    // Given a paste whose end marker never comes, then a key typed after the pause
    let terminal = ScriptedTerminal(script: [
      .bytes(Array("\u{1B}[200~lost\nend\u{1B}[2".utf8)), .timedOut, .bytes(Array("q".utf8)),
    ])
    let reader = KeyReader(device: terminal, pasteTimeout: .milliseconds(10))
    // Then the paste ends with the text that came, and the next key is a key again
    #expect(reader.nextKey() == .paste("lost\nend\u{1B}[2"))
    #expect(reader.nextKey() == .character("q"))
  }

  @Test func aHugePasteKeepsItsFirstMegabyte() {
    var decoder = KeyDecoder()
    let text = [UInt8](repeating: UInt8(ascii: "x"), count: BracketedPaste.longestText + 10)
    let keys = decoder.feed(BracketedPaste.start + text + BracketedPaste.end)
    #expect(keys.count == 1)
    guard case .paste(let pasted) = keys.first else {
      Issue.record("expected one paste, got \(keys.count) keys")
      return
    }
    #expect(pasted.utf8.count == BracketedPaste.longestText)
    #expect(pasted.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
  }

  /// Turning it on writes `ESC [ ? 2004 h`; leaving the full screen writes `ESC [ ? 2004 l` before the terminal is
  /// handed back, as every way out (`atexit`, the signals, a crash) does through the same restore.
  @Test func leavingTheFullScreenTurnsBracketedPasteOff() throws {
    var controller: Int32 = -1
    var device: Int32 = -1
    guard openpty(&controller, &device, nil, nil, nil) == 0 else {
      Issue.record("openpty failed: \(errno)")
      return
    }
    defer {
      close(controller)
      close(device)
    }
    let terminal = Terminal(input: device, output: device)
    try terminal.enterFullScreen()
    terminal.enableBracketedPaste()
    terminal.restore()
    TerminalRestoration.bracketsPaste = 0
    // A pty hands the bytes over in pieces: read until the last thing restore writes, or the deadline.
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(600)  // a hang guard only: the suite may starve this test for minutes
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.suffix(8).elementsEqual("\u{1B}[?1049l".utf8) && ContinuousClock.now < deadline {
      var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 100) > 0 else { continue }
      let count = read(controller, &buffer, buffer.count)
      if count > 0 { received += buffer.prefix(count) }
    }
    let written = String(decoding: received, as: UTF8.self)
    let on = try #require(written.range(of: "\u{1B}[?2004h"))
    let off = try #require(written.range(of: "\u{1B}[?2004l"), "\(written.debugDescription)")
    #expect(on.upperBound <= off.lowerBound)
    #expect(written.hasSuffix("\u{1B}[?1049l"))
  }
}

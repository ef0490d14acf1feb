import Testing

@testable import TerminalUI

@Suite struct ScreenRendererTests {
  private let size = TerminalSize(columns: 10, rows: 3)

  private func frame(_ rows: [String]) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    for (row, text) in rows.enumerated() { buffer.setText(text, row: row) }
    return buffer
  }

  @Test func firstFrameClearsAndPaintsEveryRow() {
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    #expect(renderer.render(frame(["a", "b", "c"])) == 3)
    #expect(
      output.text
        == "\u{1B}[0m\u{1B}[2J"
        + "\u{1B}[1;1H\u{1B}[0ma\u{1B}[0m\u{1B}[K"
        + "\u{1B}[2;1H\u{1B}[0mb\u{1B}[0m\u{1B}[K"
        + "\u{1B}[3;1H\u{1B}[0mc\u{1B}[0m\u{1B}[K")
  }

  @Test func aOneRowChangeWritesOnlyThatRow() {
    // Given a painted frame
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["one", "two", "three"]))
    _ = output.take()
    // When only the middle row changes (a selection moved)
    let written = renderer.render(frame(["one", "TWO", "three"]))
    // Then exactly that row is written
    #expect(written == 1)
    #expect(output.take() == "\u{1B}[2;1H\u{1B}[0mTWO\u{1B}[0m\u{1B}[K")
  }

  @Test func anUnchangedFrameWritesNothing() {
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["x"]))
    _ = output.take()
    #expect(renderer.render(frame(["x"])) == 0)
    #expect(output.bytes.isEmpty)
  }

  @Test func resizeRepaintsEverything() {
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["x", "y", "z"]))
    var bigger = ScreenBuffer(size: TerminalSize(columns: 20, rows: 4))
    bigger.setText("x", row: 0)
    #expect(renderer.render(bigger) == 4)
    #expect(output.take().contains("\u{1B}[2J"))
    renderer.invalidate()
    #expect(renderer.render(bigger) == 4)
  }

  @Test func styledTextIsSanitisedAndClippedToTheWidth() {
    var line = ScreenLine("\u{1B}[2J東京事変 live", style: TextStyle(foreground: .ansi(11), bold: true))
    line.appendPreformatted("\u{1B}[31m▀\u{1B}[0m", columns: 1)  // does not fit any more: left out
    #expect(ScreenRenderer.draw(line, columns: 6) == "\u{1B}[0;1;93m東京 …\u{1B}[0m\u{1B}[K")
  }

  @Test func preformattedSegmentsAreWrittenAsIs() {
    var line = ScreenLine("ab")
    line.appendPreformatted("\u{1B}[38;5;196m▀\u{1B}[0m", columns: 1)
    #expect(ScreenRenderer.draw(line, columns: 3) == "\u{1B}[0mab\u{1B}[38;5;196m▀\u{1B}[0m\u{1B}[0m\u{1B}[K")
  }

  @Test func sgrForEachColourKind() {
    #expect(
      TextStyle(foreground: .rgb(1, 2, 3), background: .palette(17)).selectGraphicRendition
        == "\u{1B}[0;38;2;1;2;3;48;5;17m")
    #expect(TextStyle(background: .ansi(4), reverse: true).selectGraphicRendition == "\u{1B}[0;7;44m")
  }
}

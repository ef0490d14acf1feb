import Synchronization
import Testing

@testable import TerminalUI

/// Pictures in frames: sent once, left alone by the text beside them, erased when they leave.
@Suite struct ScreenRendererPictureTests {
  private let size = TerminalSize(columns: 10, rows: 3)
  private let box = CellRect(row: 0, column: 4, columns: 3, rows: 2)

  private func picture(_ key: String, at rect: CellRect? = nil, id: UInt32 = 1) -> PicturePlacement {
    PicturePlacement(
      id: id, rect: rect ?? box, contentKey: key,
      drawing: PictureDrawing(erase: Array("<erase \(id)>".utf8)) { Array("<\(key)>".utf8) })
  }

  private func frame(_ rows: [String], pictures: [PicturePlacement] = []) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    for (row, text) in rows.enumerated() { buffer.setText(text, row: row) }
    for picture in pictures { buffer.place(picture) }
    return buffer
  }

  private let row0 = "\u{1B}[1;1H\u{1B}[0mabcd\u{1B}[8Ghij\u{1B}[0m\u{1B}[K"
  private let row1 = "\u{1B}[2;1H\u{1B}[0mab\u{1B}[0m  \u{1B}[8G\u{1B}[K"

  @Test func aPictureIsSentAfterTheTextWhichStepsOverItsCells() {
    // Given a renderer
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    // When the first frame carries a picture over columns 4-6 of rows 0-1
    renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("A")]))
    // Then the rows skip those cells (filling the gap before them with spaces) and the picture follows
    #expect(
      output.take()
        == "\u{1B}[0m\u{1B}[2J" + row0 + row1 + "\u{1B}[3;1H\u{1B}[0mc\u{1B}[0m\u{1B}[K" + "\u{1B}[1;5H<A>")
  }

  @Test func anUnchangedPictureIsNotSentAgainWhenTextBesideItChanges() {
    // Given a frame with a picture on screen
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("A")]))
    _ = output.take()
    // When the same frame comes again, then one whose row beside the picture changed
    #expect(renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("A")])) == 0)
    #expect(output.take().isEmpty)
    renderer.render(frame(["abcdefghij", "xy", "c"], pictures: [picture("A")]))
    // Then only that row is written, around the picture, and the picture is not re-sent
    #expect(output.take() == "\u{1B}[2;1H\u{1B}[0mxy\u{1B}[0m  \u{1B}[8G\u{1B}[K")
  }

  @Test func aChangedPictureIsErasedAndSentAgain() {
    // Given a picture on screen
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("A")]))
    _ = output.take()
    // When the same place shows another picture (the cursor moved to another row)
    renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("B")]))
    // Then the old one is erased, the rows it covered repainted around the new one, and the new one sent
    #expect(output.take() == "<erase 1>" + row0 + row1 + "\u{1B}[1;5H<B>")
  }

  @Test func aMovedPictureIsSentAtItsNewPlace() {
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["", "", ""], pictures: [picture("A")]))
    _ = output.take()
    renderer.render(
      frame(["", "", ""], pictures: [picture("A", at: CellRect(row: 1, column: 0, columns: 2, rows: 2))]))
    #expect(
      output.take()
        == "<erase 1>" + "\u{1B}[1;1H\u{1B}[0m\u{1B}[0m\u{1B}[K" + "\u{1B}[2;1H\u{1B}[0m\u{1B}[3G\u{1B}[K"
        + "\u{1B}[3;1H\u{1B}[0m\u{1B}[3G\u{1B}[K" + "\u{1B}[2;1H<A>")
  }

  @Test func aPictureThatLeavesIsErasedAndItsCellsRepainted() {
    // Given a picture on screen
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["abcdefghij", "ab", "c"], pictures: [picture("A")]))
    _ = output.take()
    // When the next frame has the same text and no picture (another scene, a narrower layout)
    renderer.render(frame(["abcdefghij", "ab", "c"]))
    // Then it is erased and the rows it covered are drawn whole, which also removes a sixel or iTerm2 picture
    #expect(
      output.take()
        == "<erase 1>" + "\u{1B}[1;1H\u{1B}[0mabcdefghij\u{1B}[0m\u{1B}[K" + "\u{1B}[2;1H\u{1B}[0mab\u{1B}[0m\u{1B}[K")
  }

  @Test func resizeErasesThenRedrawsEveryPicture() {
    // Given a picture on screen
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame(["", "", ""], pictures: [picture("A")]))
    _ = output.take()
    // When the screen is invalidated (a resize) and the same frame comes
    renderer.invalidate()
    renderer.render(frame(["", "", ""], pictures: [picture("A")]))
    // Then the picture is erased before the clear and sent again after the rows
    let bytes = output.take()
    #expect(bytes.hasPrefix("<erase 1>\u{1B}[0m\u{1B}[2J"))
    #expect(bytes.hasSuffix("\u{1B}[1;5H<A>"))
  }

  @Test func removingPicturesErasesWhatIsOnScreen() {
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(
      frame(
        ["", "", ""],
        pictures: [picture("A"), picture("B", at: CellRect(row: 0, column: 0, columns: 2, rows: 1), id: 2)]))
    _ = output.take()
    renderer.removePictures()
    #expect(output.take() == "<erase 1><erase 2>")
    renderer.removePictures()
    #expect(output.take().isEmpty)
  }

  @Test func picturesThatDoNotFitOrOverlapAreLeftOut() {
    var buffer = ScreenBuffer(size: size)
    buffer.place(picture("A"))
    buffer.place(picture("B", at: CellRect(row: 1, column: 5, columns: 2, rows: 1), id: 2))  // overlaps A
    buffer.place(picture("C", at: CellRect(row: 2, column: 8, columns: 3, rows: 1), id: 3))  // past the edge
    #expect(buffer.pictures.map(\.contentKey) == ["A"])
    #expect(buffer.pictureColumns(row: 1) == [4..<7])
    #expect(buffer.pictureColumns(row: 2).isEmpty)
  }

  @Test func aPictureIsEncodedOnceHoweverOftenItIsSent() {
    let count = Counter()
    let drawing = PictureDrawing {
      count.increment()
      return [0x41]
    }
    #expect(drawing.bytes == [0x41])
    #expect(drawing.bytes == [0x41])
    #expect(count.value == 1)
  }
}

private final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

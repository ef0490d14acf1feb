import ImageCache
import TerminalUI
import TestSupport
import Testing

@testable import TerminalGraphics

/// kitty pictures inside tmux: the data through tmux's passthrough with a virtual placement, the picture itself
/// as placeholder text, decoded back cell by cell.
@Suite struct KittyPlaceholderTests {
  static let tmuxKitty = GraphicsCapabilities(
    protocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20), passthrough: true)
  let cover = TestPictures.smooth(width: 60, height: 60)

  func makeSUT() -> (any PicturePainting, KittyPictureStore) {
    let store = KittyPictureStore()
    return (SessionPictures.painter(for: Self.tmuxKitty, blockArt: nil, store: store)!, store)
  }

  /// The tile's bytes written with the cursor at (`row`, `column`), as the renderer writes them.
  func written(_ picture: PaintedPicture, row: Int, column: Int) -> ScreenDecoding {
    guard case .placed(let drawing) = picture else { return ScreenDecoding([], diacritics: []) }
    let bytes = Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) + drawing.bytes
    return ScreenDecoding(bytes, diacritics: KittyPlaceholders.diacritics)
  }

  @Test func everyCellOfATileNamesItsPictureRowAndColumn() throws {
    // Given a 6 × 3 tile at row 2, column 5
    let (painter, store) = makeSUT()
    // When it is painted and written
    let screen = written(painter.paint(cover, columns: 6, rows: 3, id: 1, key: "https://covers/a"), row: 2, column: 5)
    let id = store.id(for: "https://covers/a 6x3")
    // Then the data went through tmux's passthrough, then a virtual placement of the tile's size
    #expect(screen.commands.allSatisfy { $0.wrapped })
    #expect(screen.commands.first?.command.keys["a"] == "t")
    #expect(screen.commands.first?.command.keys["i"] == "\(id)")
    let virtual = screen.commands.filter { $0.command.keys["a"] == "p" }
    #expect(virtual.map(\.command.control) == ["a=p,U=1,i=\(id),c=6,r=3,q=2"])
    let picture = try ProtocolDecoding.kittyPicture(
      screen.commands.filter { $0.command.keys["a"] != "p" }.map(\.command))
    #expect(picture.width == 60 && picture.height == 60)
    // And every cell of the box holds a placeholder naming the picture, its row and its column
    var expected: Set<ScreenDecoding.Placeholder> = []
    for row in 0..<3 {
      for column in 0..<6 {
        expected.insert(.init(screenRow: 2 + row, screenColumn: 5 + column, imageID: id, row: row, column: column))
      }
    }
    #expect(Set(screen.placeholders) == expected)
    #expect(screen.placeholders.count == 18)
    #expect(screen.textCells.isEmpty)
  }

  @Test func theSamePictureInAnotherTileIsTextOnly() {
    let (painter, store) = makeSUT()
    _ = written(painter.paint(cover, columns: 4, rows: 2, id: 1, key: "https://covers/a"), row: 0, column: 0)
    let second = written(painter.paint(cover, columns: 4, rows: 2, id: 2, key: "https://covers/a"), row: 5, column: 20)
    #expect(second.commands.isEmpty)
    #expect(second.placeholders.count == 8)
    let id = store.id(for: "https://covers/a 4x2")
    #expect(second.placeholders.allSatisfy { $0.imageID == id })
    #expect(second.placeholders.contains(.init(screenRow: 6, screenColumn: 23, imageID: id, row: 1, column: 3)))
  }

  @Test func anIdAboveThreeBytesCarriesItsHighByteAsAThirdMark() {
    let row = KittyPlaceholders.row(1, columns: 2, imageID: 0x0512_3456)
    let screen = ScreenDecoding(Array(row.utf8), diacritics: KittyPlaceholders.diacritics)
    #expect(row.hasPrefix("\u{1B}[38;2;18;52;86m"))
    #expect(screen.placeholders.map(\.imageID) == [0x0512_3456, 0x0512_3456])
    #expect(screen.placeholders.map(\.column) == [0, 1])
  }

  @Test func theMarksAreKittysTable() {
    #expect(KittyPlaceholders.diacritics.count == 297)
    #expect(Array(KittyPlaceholders.diacritics.prefix(5)) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
    #expect(KittyPlaceholders.diacritics.last == 0x1D244)
    #expect(Set(KittyPlaceholders.diacritics).count == 297)
  }

  @Test func aTileThatLeavesIsOverwrittenAsTextAndNothingIsDeleted() {
    // Given a tile drawn by the renderer
    let (painter, _) = makeSUT()
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    var first = ScreenBuffer(size: TerminalSize(columns: 20, rows: 6))
    guard case .placed(let drawing) = painter.paint(cover, columns: 4, rows: 2, id: 1, key: "https://covers/a")
    else {
      Issue.record("kitty pictures are placed")
      return
    }
    first.place(
      PicturePlacement(id: 1, rect: CellRect(row: 1, column: 2, columns: 4, rows: 2), contentKey: "a", drawing: drawing)
    )
    renderer.render(first)
    _ = output.take()
    // When the next frame has no picture
    var second = ScreenBuffer(size: TerminalSize(columns: 20, rows: 6))
    second.setText("x", row: 1)
    renderer.render(second)
    // Then no kitty command is sent, and both rows the tile covered are written over as text
    let screen = ScreenDecoding(Array(output.take().utf8), diacritics: KittyPlaceholders.diacritics)
    #expect(screen.commands.isEmpty)
    #expect(screen.placeholders.isEmpty)
    #expect(screen.textCells.contains([1, 0]))
  }
}

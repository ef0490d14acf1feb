import Testing

@testable import TerminalGraphics

@Suite struct PictureLayoutTests {
  private let cell = CellPixelSize(width: 10, height: 20)

  @Test func aPictureOfTheBoxsShapeFillsIt() {
    let layout = PictureLayout(pictureWidth: 300, pictureHeight: 200, columns: 6, rows: 2, cell: cell)
    #expect(numbers(layout) == [60, 40, 0, 0, 60, 40])
  }

  @Test func widerPicturesAreCentredVertically() {
    let layout = PictureLayout(pictureWidth: 400, pictureHeight: 100, columns: 6, rows: 2, cell: cell)
    #expect(numbers(layout) == [60, 40, 0, 12, 60, 15])
  }

  @Test func tallerPicturesAreCentredHorizontally() {
    let layout = PictureLayout(pictureWidth: 100, pictureHeight: 400, columns: 6, rows: 2, cell: cell)
    #expect(numbers(layout) == [60, 40, 25, 0, 10, 40])
  }

  @Test func emptyPicturesAndBoxesGiveNothing() {
    #expect(PictureLayout(pictureWidth: 0, pictureHeight: 10, columns: 6, rows: 2, cell: cell).width == 0)
    #expect(PictureLayout(pictureWidth: 10, pictureHeight: 10, columns: 0, rows: 2, cell: cell).width == 0)
  }

  /// Box width and height, then the picture's x, y, width, height.
  private func numbers(_ layout: PictureLayout) -> [Int] {
    [layout.boxWidth, layout.boxHeight, layout.x, layout.y, layout.width, layout.height]
  }
}

import Foundation
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The wall's geometry: tiles per row at several widths, tile sizes, captions cut by display width, and where
/// each key takes the cursor at the edges.
@Suite struct WallLayoutTests {
  @Test(arguments: [
    (160, WallTileSize.medium, 8), (160, .small, 11), (160, .large, 5), (80, .medium, 4), (40, .medium, 2),
  ])
  func tilesPerRowAtWidth(width: Int, size: WallTileSize, columns: Int) {
    // When
    let layout = WallLayout(width: width, height: 41, preferred: size, cellAspect: 2)
    // Then
    #expect(layout.size == size)
    #expect(layout.columns == columns)
  }

  @Test func squarePicturesAtACellTwiceAsTallAsWide() {
    #expect(
      WallTileSize.allCases.map { WallLayout(width: 200, height: 50, preferred: $0, cellAspect: 2).pictureRows }
        == [6, 9, 13])
    // A protocol's measured cell (8 × 18 pixels) keeps the pictures square in pixels.
    #expect(WallLayout(width: 200, height: 50, preferred: .large, cellAspect: 2.25).pictureRows == 12)
  }

  @Test func rowsOfTilesThatFitTheBody() {
    // 13 picture rows, the frame's two and two caption lines: 17 a tile
    #expect(WallLayout(width: 160, height: 41, preferred: .large, cellAspect: 2).rows == 2)
    #expect(WallLayout(width: 160, height: 41, preferred: .small, cellAspect: 2).rows == 4)
    #expect(WallLayout(width: 160, height: 5, preferred: .small, cellAspect: 2).rows == 1)
  }

  @Test func narrowScreensGetTheLargestSizeThatFitsTwoTiles() {
    // Large tiles need 56 columns for two; medium 40; small 28.
    #expect(WallLayout(width: 50, height: 40, preferred: .large, cellAspect: 2).size == .medium)
    #expect(WallLayout(width: 30, height: 40, preferred: .large, cellAspect: 2).size == .small)
    #expect(WallLayout(width: 30, height: 40, preferred: .large, cellAspect: 2).columns == 2)
    // Narrower than two of the smallest: the smallest, one a row.
    #expect(WallLayout(width: 20, height: 40, preferred: .medium, cellAspect: 2).size == .small)
    #expect(WallLayout(width: 20, height: 40, preferred: .medium, cellAspect: 2).columns == 1)
  }

  @Test func aWallThatIsAPartOfAPageTakesTheLargestSizeThatShowsEveryTileWhole() {
    // 60 × 34 (the History page's wall at 120×40): medium shows 3 × 2, small 4 × 3.
    let wall = { (count: Int) in
      WallLayout(width: 60, height: 34, preferred: .large, cellAspect: 2, showingAll: count).size
    }
    #expect(wall(2) == .large)
    #expect(wall(6) == .medium)
    #expect(wall(12) == .small)
    // More than any size shows: the smallest, which shows the most.
    #expect(wall(50) == .small)
    // A size whose one row of tiles is taller than the body is not taken, however few the tiles.
    #expect(WallLayout(width: 80, height: 10, preferred: .medium, cellAspect: 2, showingAll: 2).size == .small)
    // Never larger than the preferred size (`+`, `-`).
    #expect(WallLayout(width: 160, height: 45, preferred: .small, cellAspect: 2, showingAll: 1).size == .small)
  }

  @Test func plusAndMinusStepThroughTheSizesAndStopAtTheEnds() {
    #expect(WallTileSize.small.larger == .medium)
    #expect(WallTileSize.medium.larger == .large)
    #expect(WallTileSize.large.larger == .large)
    #expect(WallTileSize.large.smaller == .medium)
    #expect(WallTileSize.small.smaller == .small)
  }

  @Test func captionsAreCutByDisplayWidthWithAnEllipsis() {
    // Given small tiles: 12 columns for the caption between one space either side
    let layout = WallLayout(width: 100, height: 40, preferred: .small, cellAspect: 2)
    // When
    let latin = layout.caption(WallTile(imageURL: nil, title: "The Rise and Fall of Ziggy", subtitle: "David Bowie"))
    let cjk = layout.caption(WallTile(imageURL: nil, title: "坂本龍一の戦場のメリークリスマス", subtitle: "坂本龍一"))
    // Then every line is exactly the tile's width
    for line in latin + cjk { #expect(TerminalText.displayWidth(line) == layout.tileWidth) }
    #expect(latin == [" The Rise an… ", " David Bowie  "])
    // Five CJK characters are 10 columns; the sixth would straddle the cut, so a space stands in before "…".
    #expect(cjk[0] == " 坂本龍一の … ")
    #expect(cjk[1] == " 坂本龍一     ")
  }

  @Test func captionsLoseControlCharacters() {
    let layout = WallLayout(width: 100, height: 40, preferred: .small, cellAspect: 2)
    let lines = layout.caption(WallTile(imageURL: nil, title: "Evil\u{1B}[2JName", subtitle: ""))
    #expect(lines[0] == " EvilName     ")
  }

  // MARK: Cursor

  /// 4 tiles a row (80 columns, medium), 2 rows on screen.
  let layout = WallLayout(width: 80, height: 26, preferred: .medium, cellAspect: 2)

  func target(_ key: BrowserKey, from selection: Int, count: Int = 10) -> Int? {
    WallMove.target(of: key, selection: selection, count: count, layout: layout)
  }

  @Test func leftAndRightMoveByOneAndHoldAtTheEnds() {
    #expect(layout.columns == 4 && layout.rows == 2)
    #expect(target(.right, from: 0) == 1)
    #expect(target(.character("l"), from: 3) == 4)  // on to the next row
    #expect(target(.left, from: 4) == 3)
    #expect(target(.character("h"), from: 0) == 0)
    #expect(target(.right, from: 9) == 9)
  }

  @Test func upAndDownKeepTheColumnAndHoldAtTheEdges() {
    #expect(target(.down, from: 1) == 5)
    #expect(target(.character("j"), from: 5) == 9)
    #expect(target(.character("k"), from: 5) == 1)
    #expect(target(.up, from: 2) == 2)  // top row: stays
    // The last row holds tiles 8 and 9: down from 6 lands on the last tile, down from 9 stays.
    #expect(target(.down, from: 6) == 9)
    #expect(target(.down, from: 9) == 9)
    #expect(target(.down, from: 8) == 8)
  }

  @Test func pagesMoveByAScreenOfTilesAndEndsJump() {
    #expect(target(.pageDown, from: 1, count: 30) == 9)
    #expect(target(.pageUp, from: 9, count: 30) == 1)
    #expect(target(.pageUp, from: 6, count: 30) == 2)  // stays in its column on the first row
    #expect(target(.pageDown, from: 25, count: 30) == 29)
    #expect(target(.character("G"), from: 3, count: 30) == 29)
    #expect(target(.character("g"), from: 17, count: 30) == 0)
    #expect(target(.enter, from: 3) == nil)
    #expect(target(.right, from: 0, count: 0) == nil)
  }

  @Test func scrollFollowsTheCursorByRowsOfTiles() {
    // Given 30 tiles, 2 rows of 4 on screen
    var scroll = WallScroll()
    // When the cursor goes to the third row
    scroll.follow(selection: 9, count: 30, layout: layout)
    // Then the screen starts one row down, and the next screen is the following 8 tiles
    #expect(scroll.firstRow == 1)
    #expect(scroll.visible(count: 30, layout: layout) == 4..<12)
    #expect(scroll.next(count: 30, layout: layout) == 12..<20)
    // When the cursor goes back up
    scroll.follow(selection: 0, count: 30, layout: layout)
    #expect(scroll.firstRow == 0)
    // When at the last tile: the last row at the bottom of the screen
    scroll.follow(selection: 29, count: 30, layout: layout)
    #expect(scroll.visible(count: 30, layout: layout) == 24..<30)
    #expect(scroll.next(count: 30, layout: layout).isEmpty)
  }
}

import ImageCache
import TerminalUI
import TestSupport
import Testing

@testable import TerminalGraphics

/// A wall of covers drawn by the real renderer with kitty's protocol and a picture store, its bytes decoded back:
/// each picture's data goes out once, every tile is a placement of its own, tiles that leave lose their placement,
/// and scrolling sends placements only.
@Suite struct KittyPlacementTests {
  static let cell = CellPixelSize(width: 10, height: 20)
  static let size = TerminalSize(columns: 40, rows: 12)
  let red = Self.solid([255, 0, 0, 255])
  let blue = Self.solid([0, 0, 255, 255])

  static func solid(_ pixel: [UInt8]) -> ImageBitmap {
    ImageBitmap(width: 2, height: 2, pixels: Array([[UInt8]](repeating: pixel, count: 4).joined()))
  }

  struct Tile {
    var placement: UInt32
    var url: String
    var row: Int
    var column: Int
  }

  func makeSUT(budget: Int = KittyPictureStore.defaultBudget) -> (any PicturePainting, KittyPictureStore) {
    let store = KittyPictureStore(budget: budget)
    let capabilities = GraphicsCapabilities(protocol: .kitty, cellSize: Self.cell)
    return (SessionPictures.painter(for: capabilities, blockArt: nil, store: store)!, store)
  }

  /// One frame of 8 × 4 cell tiles.
  func frame(_ tiles: [Tile], painter: any PicturePainting) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: Self.size)
    for tile in tiles {
      let picture = tile.url.hasSuffix("blue") ? blue : red
      guard case .placed(let drawing) = painter.paint(picture, columns: 8, rows: 4, id: tile.placement, key: tile.url)
      else { continue }
      buffer.place(
        PicturePlacement(
          id: tile.placement, rect: CellRect(row: tile.row, column: tile.column, columns: 8, rows: 4),
          contentKey: tile.url, drawing: drawing))
    }
    return buffer
  }

  func decoded(_ output: RecordingOutput) -> [ScreenDecoding.Command] {
    ScreenDecoding(Array(output.take().utf8), diacritics: KittyPlaceholders.diacritics).commands
  }

  @Test func eachPictureIsSentOnceAndEveryTileIsItsOwnPlacement() throws {
    // Given three tiles, two of them the same cover
    let (painter, store) = makeSUT()
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    let tiles = [
      Tile(placement: 1, url: "https://covers/red", row: 0, column: 0),
      Tile(placement: 2, url: "https://covers/blue", row: 0, column: 10),
      Tile(placement: 3, url: "https://covers/red", row: 4, column: 0),
    ]
    // When the wall is drawn
    renderer.render(frame(tiles, painter: painter))
    let commands = decoded(output)
    // Then each picture's data went out once, under its own id, before any placement of it
    let transmissions = commands.filter { $0.command.keys["a"] == "t" }
    let redID = store.id(for: "https://covers/red 8x4")
    let blueID = store.id(for: "https://covers/blue 8x4")
    #expect(redID != blueID)
    #expect(transmissions.map { $0.command.keys["i"] } == ["\(redID)", "\(blueID)"])
    #expect(try transmissions.map { try ProtocolDecoding.kittyPicture([$0.command]).width } == [80, 80])
    // And every tile is a placement of its picture with its own placement id and cell box, where the tile is
    let placements = commands.filter { $0.command.keys["a"] == "p" }
    #expect(placements.map { $0.command.keys["p"] } == ["1", "2", "3"])
    #expect(placements.map { $0.command.keys["i"] } == ["\(redID)", "\(blueID)", "\(redID)"])
    #expect(placements.allSatisfy { $0.command.keys["c"] == "8" && $0.command.keys["r"] == "4" })
    #expect(placements.map { [$0.row, $0.column] } == [[0, 0], [0, 10], [4, 0]])
    #expect(placements.allSatisfy { $0.command.payload.isEmpty })
  }

  @Test func scrollingMovesPlacementsSendsNoDataAndDeletesTilesThatLeft() {
    // Given a wall on the screen
    let (painter, store) = makeSUT()
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(
      frame(
        [
          Tile(placement: 1, url: "https://covers/red", row: 0, column: 0),
          Tile(placement: 2, url: "https://covers/blue", row: 0, column: 10),
          Tile(placement: 3, url: "https://covers/red", row: 4, column: 0),
        ], painter: painter))
    _ = output.take()
    // When it scrolls by a row of tiles: the first row leaves, the third tile moves up, a new blue tile appears
    renderer.render(
      frame(
        [
          Tile(placement: 3, url: "https://covers/red", row: 0, column: 0),
          Tile(placement: 4, url: "https://covers/blue", row: 4, column: 10),
        ], painter: painter))
    let commands = decoded(output)
    // Then no picture data is sent at all
    #expect(!commands.contains { $0.command.keys["a"] == "t" || $0.command.keys["a"] == "T" })
    #expect(commands.allSatisfy { $0.command.payload.isEmpty })
    // And the tiles that left (and the one that moved) lose their placement, keeping the data (d=i)
    let redID = store.id(for: "https://covers/red 8x4")
    let blueID = store.id(for: "https://covers/blue 8x4")
    let deletions = commands.filter { $0.command.keys["a"] == "d" }.map { $0.command.control }
    #expect(
      Set(deletions) == [
        "a=d,d=i,i=\(redID),p=1,q=2", "a=d,d=i,i=\(blueID),p=2,q=2", "a=d,d=i,i=\(redID),p=3,q=2",
      ])
    // And the moved tile and the new one are placed where they are now
    let placements = commands.filter { $0.command.keys["a"] == "p" }
    #expect(
      placements.map { $0.command.control } == [
        "a=p,i=\(redID),p=3,c=8,r=4,C=1,q=2", "a=p,i=\(blueID),p=4,c=8,r=4,C=1,q=2",
      ])
    #expect(placements.map { [$0.row, $0.column] } == [[0, 0], [4, 10]])
  }

  @Test func returningToAPictureAfterTheScreenWasClearedPlacesItWithoutData() {
    // Given a tile drawn, then the screen forgotten (a scene change, a resize, a return from suspension)
    let (painter, _) = makeSUT()
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    let tiles = [Tile(placement: 1, url: "https://covers/red", row: 0, column: 0)]
    renderer.render(frame(tiles, painter: painter))
    renderer.removePictures()
    _ = output.take()
    // When it is drawn again, repainted from scratch by a new painting of the same cover
    renderer.render(frame(tiles, painter: painter))
    // Then only the placement goes out
    let commands = decoded(output)
    #expect(commands.map { $0.command.keys["a"] } == ["p"])
  }

  @Test func overTheBudgetTheLeastRecentlyUsedPictureIsFreedAndSentAgainWhenShown() {
    // Given a budget of room for one 80 × 80 picture (25,600 bytes of pixels) and a half
    let (painter, store) = makeSUT(budget: 40_000)
    let output = RecordingOutput()
    let renderer = ScreenRenderer(output: output)
    renderer.render(frame([Tile(placement: 1, url: "https://covers/red", row: 0, column: 0)], painter: painter))
    _ = output.take()
    // When a second picture is shown
    renderer.render(frame([Tile(placement: 2, url: "https://covers/blue", row: 0, column: 0)], painter: painter))
    let second = decoded(output)
    // Then the first one's data is freed (d=I) and the store holds one picture
    let redID = store.id(for: "https://covers/red 8x4")
    #expect(second.contains { $0.command.control == "a=d,d=I,i=\(redID),q=2" })
    #expect(store.heldBytes == 80 * 80 * 4)
    // And showing the first again sends its data again
    renderer.render(frame([Tile(placement: 1, url: "https://covers/red", row: 0, column: 0)], painter: painter))
    #expect(decoded(output).contains { $0.command.keys["a"] == "t" && $0.command.keys["i"] == "\(redID)" })
  }

  @Test func leavingFreesEveryPictureOfTheStore() {
    let (painter, _) = makeSUT()
    let erase = String(decoding: painter.eraseAll, as: UTF8.self)
    #expect(erase == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}_Ga=d,d=R,x=256,y=16777215,q=2\u{1B}\\")
  }
}

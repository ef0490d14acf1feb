import ImageCache
import TestSupport
import Testing

@testable import TerminalGraphics

/// Sixel inside tmux stays under what tmux passes in one sequence (about 1 MB).
@Suite struct SixelTmuxTests {
  static let cell = CellPixelSize(width: 10, height: 20)

  @Test func aPictureOverOneMegabyteIsReducedInsideTmuxOnly() throws {
    // Given noise (which sixel cannot compress) filling 90 × 45 cells: 900 × 900 pixels
    let noise = noisyBitmap(11, side: 900)
    let outside = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .sixel, cellSize: Self.cell))
    let inside = PictureEncoder(
      capabilities: GraphicsCapabilities(protocol: .sixel, cellSize: Self.cell, insideTmux: true))
    // When it is encoded outside and inside tmux
    let big = outside.encode(noise, columns: 90, rows: 45, id: 1)
    let bounded = inside.encode(noise, columns: 90, rows: 45, id: 1)
    // Then outside it is over the limit (the case is real), inside under it and still a picture
    try #require(big.count > SixelBudget.tmuxLimit, "noise should need more than 1 MB of sixel")
    #expect(bounded.count < SixelBudget.tmuxLimit)
    let picture = try ProtocolDecoding.sixelPicture(bounded)
    #expect(picture.width >= 300 && picture.height >= 300)
  }

  @Test func aSmallPictureIsTheSameInsideTmux() {
    let cover = TestPictures.smooth(width: 80, height: 80)
    let outside = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .sixel, cellSize: Self.cell))
    let inside = PictureEncoder(
      capabilities: GraphicsCapabilities(protocol: .sixel, cellSize: Self.cell, insideTmux: true))
    #expect(outside.encode(cover, columns: 8, rows: 4, id: 1) == inside.encode(cover, columns: 8, rows: 4, id: 1))
  }
}

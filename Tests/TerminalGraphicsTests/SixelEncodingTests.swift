import ImageCache
import Testing

@testable import TerminalGraphics

@Suite struct SixelEncodingTests {
  private let encoder = PictureEncoder(
    capabilities: GraphicsCapabilities(protocol: .sixel, cellSize: CellPixelSize(width: 10, height: 20)))

  @Test func libsixelDecodesThePictureAtTheBoxsPixelSize() throws {
    // 480×240 into 24×6 cells of 10×20 = 240×120 pixels: half size.
    let source = TestPictures.smooth(width: 480, height: 240)
    let bytes = encoder.encode(source, columns: 24, rows: 6, id: 1)
    #expect(bytes.prefix(4) == [0x1B, UInt8(ascii: "7"), 0x1B, UInt8(ascii: "P")])
    #expect(bytes.suffix(4) == [0x1B, UInt8(ascii: "\\"), 0x1B, UInt8(ascii: "8")])
    let decoded = try ProtocolDecoding.sixelPicture(bytes)
    #expect(decoded.width == 240 && decoded.height == 120)
    // 256 colours with error diffusion: close, not exact (26.6 dB on this picture).
    #expect(ProtocolDecoding.psnr(decoded, TestPictures.boxShrunk(source, by: 2)) > 25)
  }

  @Test func aNarrowPictureIsMovedRightByWholeCells() throws {
    // 240×240 in a 240×120 box: 120 wide at x 60, so 6 cells to the right.
    let source = TestPictures.smooth(width: 240, height: 240)
    let bytes = encoder.encode(source, columns: 24, rows: 6, id: 1)
    #expect(Array(bytes.prefix(8)) == Array("\u{1B}7\u{1B}[6C\u{1B}P".utf8))
    let decoded = try ProtocolDecoding.sixelPicture(bytes)
    #expect(decoded.width == 120 && decoded.height == 120)
    #expect(ProtocolDecoding.psnr(decoded, TestPictures.boxShrunk(source, by: 2)) > 25)
  }

  @Test func aFlatPictureIsMovedDownByWholeCells() {
    // 480×60 in a 240×120 box: 30 high at y 45, so 2 rows down.
    let bytes = encoder.encode(TestPictures.smooth(width: 480, height: 60), columns: 24, rows: 6, id: 1)
    #expect(Array(bytes.prefix(8)) == Array("\u{1B}7\u{1B}[2B\u{1B}P".utf8))
  }

  @Test func insideTmuxTheSixelIsWrappedAndTheCursorMovesAreNot() {
    let tmux = PictureEncoder(
      capabilities: GraphicsCapabilities(
        protocol: .sixel, cellSize: CellPixelSize(width: 10, height: 20), passthrough: true))
    let source = TestPictures.smooth(width: 240, height: 240)
    let plain = encoder.encode(source, columns: 24, rows: 6, id: 1)
    let sixel = Array(plain.dropFirst(6).dropLast(2))
    #expect(
      tmux.encode(source, columns: 24, rows: 6, id: 1)
        == Array("\u{1B}7\u{1B}[6C".utf8) + TmuxPassthrough.wrap(sixel) + Array("\u{1B}8".utf8))
  }
}

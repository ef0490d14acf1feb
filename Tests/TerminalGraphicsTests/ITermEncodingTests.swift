import ImageCache
import Testing

@testable import TerminalGraphics

@Suite struct ITermEncodingTests {
  private let encoder = PictureEncoder(
    capabilities: GraphicsCapabilities(protocol: .iterm, cellSize: CellPixelSize(width: 8, height: 16)))

  @Test func oneInlineImageSequenceInTheCellBoxWithTheCursorKept() throws {
    let bytes = encoder.encode(TestPictures.smooth(width: 320, height: 160), columns: 20, rows: 5, id: 3)
    #expect(bytes.prefix(2) == [0x1B, UInt8(ascii: "7")])
    #expect(bytes.suffix(3) == [0x07, 0x1B, UInt8(ascii: "8")])
    let prefix = Array("\u{1B}7\u{1B}]1337;File=inline=1;width=20;height=5;preserveAspectRatio=1:".utf8)
    #expect(Array(bytes.prefix(prefix.count)) == prefix)
    // Only base64 between the colon and the BEL.
    let payload = bytes[prefix.count..<(bytes.count - 3)]
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
    #expect(payload.allSatisfy(alphabet.contains))
  }

  @Test func thePayloadDecodesToTheSourceAtTheBoxsPixelSize() throws {
    // 320×160 into 20×5 cells of 8×16 = 160×80 pixels: half size.
    let source = TestPictures.smooth(width: 320, height: 160)
    let (arguments, picture) = try ProtocolDecoding.itermImage(
      encoder.encode(source, columns: 20, rows: 5, id: 3))
    #expect(arguments == "inline=1;width=20;height=5;preserveAspectRatio=1")
    #expect(picture.width == 160 && picture.height == 80)
    #expect(ProtocolDecoding.psnr(picture, TestPictures.boxShrunk(source, by: 2)) > 45)
  }

  @Test func aTallPictureIsCentredBetweenTransparentBars() throws {
    let source = TestPictures.smooth(width: 80, height: 160)
    let (_, picture) = try ProtocolDecoding.itermImage(encoder.encode(source, columns: 20, rows: 5, id: 3))
    // 80 pixels high in a 160×80 box: 40 wide, at x 60.
    #expect(ProtocolDecoding.isTransparent(ProtocolDecoding.crop(picture, x: 0, y: 0, width: 60, height: 80)))
    #expect(ProtocolDecoding.isTransparent(ProtocolDecoding.crop(picture, x: 100, y: 0, width: 60, height: 80)))
    let middle = ProtocolDecoding.crop(picture, x: 60, y: 0, width: 40, height: 80)
    #expect(ProtocolDecoding.psnr(middle, TestPictures.boxShrunk(source, by: 2)) > 45)
  }

  @Test func nothingToEraseSinceOverwritingTheCellsDoesIt() {
    #expect(encoder.erase(id: 3).isEmpty && encoder.eraseAll().isEmpty)
  }
}

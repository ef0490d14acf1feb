import ImageCache
import TestSupport
import Testing

@testable import TerminalGraphics

@Suite struct KittyEncodingTests {
  private let cell = CellPixelSize(width: 10, height: 20)
  private var encoder: PictureEncoder {
    PictureEncoder(capabilities: GraphicsCapabilities(protocol: .kitty, cellSize: cell))
  }

  @Test func chunksAreAtMost4096BytesAndOnlyTheLastHasMZero() throws {
    // Noise does not compress: a 200×200 opaque picture is about 120 kB of PNG (three bytes a pixel), 39 chunks
    // of base64.
    let bytes = encoder.encode(noisyBitmap(3, side: 200), columns: 20, rows: 10, id: 7)
    let commands = ProtocolDecoding.kittyCommands(bytes)
    #expect(commands.count > 30)
    #expect(commands.allSatisfy { $0.payload.count <= 4096 && !$0.payload.isEmpty })
    #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" })
    #expect(commands.last?.keys["m"] == "0")
    #expect(commands.allSatisfy { $0.keys["q"] == "2" })
    // Nothing but the commands: no stray bytes between chunks.
    #expect(commands.flatMap(\.bytes) == bytes)
    #expect(commands.dropFirst().allSatisfy { $0.control == "m=1,q=2" || $0.control == "m=0,q=2" })
  }

  @Test func theFirstChunkDeclaresFormatIdAndCellBox() {
    let bytes = encoder.encode(TestPictures.smooth(width: 80, height: 60), columns: 12, rows: 5, id: 42)
    let first = ProtocolDecoding.kittyCommands(bytes)[0]
    #expect(first.keys["a"] == "T")
    #expect(first.keys["f"] == "100")
    #expect(first.keys["i"] == "42")
    #expect(first.keys["c"] == "12")
    #expect(first.keys["r"] == "5")
    #expect(first.keys["C"] == "1")
    #expect(first.keys["q"] == "2")
  }

  @Test func theDecodedPictureIsTheSourceExactlyWhenNoScalingIsNeeded() throws {
    let source = TestPictures.opaque(noisyBitmap(5, side: 200))
    let bytes = encoder.encode(source, columns: 20, rows: 10, id: 1)
    let decoded = try ProtocolDecoding.kittyPicture(ProtocolDecoding.kittyCommands(bytes))
    let identical = decoded == source  // (not inside #expect, which would print 160,000 numbers)
    #expect(identical)
  }

  @Test func aShrunkPictureFillsTheBoxCentredWithTransparentBars() throws {
    // 480×240 into 24×6 cells of 10×20 = 240×120 pixels: exactly half size, so a 2×2 box mean is the reference.
    let source = TestPictures.smooth(width: 480, height: 240)
    let bytes = encoder.encode(source, columns: 24, rows: 6, id: 9)
    let decoded = try ProtocolDecoding.kittyPicture(ProtocolDecoding.kittyCommands(bytes))
    #expect(decoded.width == 240 && decoded.height == 120)
    let reference = TestPictures.boxShrunk(source, by: 2)
    #expect(ProtocolDecoding.psnr(decoded, reference) > 45)

    // A square picture in the same box: 120×120 in the middle, 60-pixel transparent bars either side.
    let square = TestPictures.smooth(width: 240, height: 240)
    let placed = try ProtocolDecoding.kittyPicture(
      ProtocolDecoding.kittyCommands(encoder.encode(square, columns: 24, rows: 6, id: 9)))
    #expect(placed.width == 240 && placed.height == 120)
    #expect(ProtocolDecoding.isTransparent(ProtocolDecoding.crop(placed, x: 0, y: 0, width: 60, height: 120)))
    #expect(ProtocolDecoding.isTransparent(ProtocolDecoding.crop(placed, x: 180, y: 0, width: 60, height: 120)))
    let middle = ProtocolDecoding.crop(placed, x: 60, y: 0, width: 120, height: 120)
    #expect(ProtocolDecoding.psnr(middle, TestPictures.boxShrunk(square, by: 2)) > 45)
  }

  @Test func anEnlargedPictureKeepsItsContent() throws {
    // 60×30 up to 240×120: shrinking the result back by 4 must give the source again, closely.
    let source = TestPictures.smooth(width: 60, height: 30)
    let decoded = try ProtocolDecoding.kittyPicture(
      ProtocolDecoding.kittyCommands(encoder.encode(source, columns: 24, rows: 6, id: 2)))
    #expect(decoded.width == 240 && decoded.height == 120)
    #expect(ProtocolDecoding.psnr(TestPictures.boxShrunk(decoded, by: 4), source) > 30)
  }

  @Test func eraseDeletesByIdAndFreesTheData() {
    #expect(encoder.erase(id: 42) == Array("\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\".utf8))
    #expect(encoder.eraseAll() == Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8))
  }

  @Test func noProtocolMeansNoBytes() {
    let blocks = PictureEncoder(capabilities: .blocks())
    #expect(blocks.encode(TestPictures.smooth(width: 8, height: 8), columns: 4, rows: 2, id: 1).isEmpty)
    #expect(blocks.erase(id: 1).isEmpty && blocks.eraseAll().isEmpty)
    #expect(encoder.encode(TestPictures.smooth(width: 8, height: 8), columns: 0, rows: 2, id: 1).isEmpty)
  }
}

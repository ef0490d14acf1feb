import Foundation
import ImageCache
import TestSupport
import Testing

@Suite struct StructureValidationTests {
  let decoder = ImageDecoder()

  @Test func everyValidPngSuiteImagePassesWithItsHeaderDimensions() throws {
    let files = try Fixtures.files(in: "pngsuite", withExtension: "png").filter { !$0.lastPathComponent.hasPrefix("x") }
    #expect(files.count == 161)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let header = try decoder.validate(bytes, limits: .default)
      #expect(header == (try decoder.header(of: bytes)), "\(file.lastPathComponent)")
    }
  }

  @Test func everyCorruptPngSuiteImageIsRefused() throws {
    let files = try Fixtures.files(in: "pngsuite", withExtension: "png").filter { $0.lastPathComponent.hasPrefix("x") }
    #expect(files.count == 14)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      #expect(throws: ImageDecodingError.self, "\(file.lastPathComponent)") {
        try decoder.validate(bytes, limits: .default)
      }
    }
  }

  @Test func truncationAnywhereIsRefused() throws {
    let png = try Fixtures.bytes("pngsuite/basn6a08.png")
    let jpeg = try JPEGEncoder.encode(
      ImageBitmap(width: 16, height: 8, pixels: (0..<(16 * 8 * 4)).map { UInt8($0 % 251) }), quality: 80)
    for bytes in [png, jpeg] {
      #expect(throws: Never.self) { try decoder.validate(bytes, limits: .default) }
      for cut in [bytes.count - 1, bytes.count - 2, bytes.count / 2, 40] {
        #expect(throws: ImageDecodingError.self, "cut at \(cut)") {
          try decoder.validate(Array(bytes.prefix(cut)), limits: .default)
        }
      }
    }
  }

  @Test func aFlippedBitInsideImageDataFailsTheChecksum() throws {
    var png = try Fixtures.bytes("pngsuite/basn2c08.png")
    png[png.count / 2] ^= 0x10

    #expect(throws: ImageDecodingError.self) { try decoder.validate(png, limits: .default) }
  }

  @Test func pixelLimitIsCheckedFromTheHeader() throws {
    let png = try Fixtures.bytes("pngsuite/basn2c08.png")  // 32×32

    #expect(throws: ImageDecodingError.tooLarge(width: 32, height: 32, maxPixels: 1000)) {
      try decoder.validate(png, limits: DecodingLimits(maxPixels: 1000))
    }
  }
}

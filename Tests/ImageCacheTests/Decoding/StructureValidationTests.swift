import Foundation
import ImageCache
import ImageEncoding
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

  /// Noise at high quality: a scan full of 0xFF bytes, each stuffed with 0x00, so the check's jump from one 0xFF to
  /// the next is exercised over a hundred times (a wrong jump fails the whole file). Cuts inside the scan, and
  /// every cut next to a 0xFF (the edge of the search window), must be refused as truncated.
  @Test func aNoisyJPEGPassesAndEveryCutInsideItsScanIsRefused() throws {
    let jpeg = try JPEGEncoder.encode(noisyBitmap(7, side: 160), quality: 98)
    let stuffed = zip(jpeg, jpeg.dropFirst()).filter { $0 == 0xFF && $1 == 0x00 }.count
    #expect(stuffed > 100)
    #expect(try decoder.validate(jpeg, limits: .default).width == 160)
    #expect(try decoder.decode(jpeg, limits: .default).width == 160)
    let nextToMarkers = (jpeg.count / 4..<jpeg.count).filter { jpeg[$0 - 1] == 0xFF || jpeg[$0 - 2] == 0xFF }
    #expect(nextToMarkers.count > 200)
    for cut in Array(stride(from: jpeg.count / 4, to: jpeg.count, by: 97)) + nextToMarkers {
      do {
        _ = try decoder.validate(Array(jpeg.prefix(cut)), limits: .default)
        Issue.record("cut at \(cut) of \(jpeg.count) passed")
      } catch {
        #expect("\(error)".contains("truncated"), "cut at \(cut): \(error)")
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

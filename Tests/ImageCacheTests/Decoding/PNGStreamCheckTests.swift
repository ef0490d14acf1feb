import Foundation
import ImageEncoding
import TestSupport
import Testing

@testable import ImageCache

/// The PNG structure check that runs as a body streams in may only ever say "passed" where the whole-file check
/// (`cimg_png_check_structure`) would, however the bytes are cut into pieces.
@Suite struct PNGStreamCheckTests {
  private static func passes(_ bytes: [UInt8], inPiecesOf size: Int) -> Bool {
    var check = PNGStreamCheck()
    var start = 0
    bytes.withUnsafeBytes { all in
      while start < all.count {
        let end = min(start + size, all.count)
        check.consume(UnsafeRawBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
    return check.passed
  }

  /// What the whole-file check says, and what the pipeline says of a body whose streamed check passed (nil when it
  /// did not, and the whole-file check runs instead).
  private static func verdicts(_ bytes: [UInt8]) -> (whole: String, streamed: String?) {
    func said(_ check: () throws(ImageDecodingError) -> ImageHeader) -> String {
      do { return "\(try check())" } catch { return error.description }
    }
    let whole = said { () throws(ImageDecodingError) in try ImageDecoder().validate(bytes, limits: .default) }
    guard passes(bytes, inPiecesOf: 7) else { return (whole, nil) }
    let head = Array(bytes.prefix(ImageFormatSniffer.hintByteCount))
    return (
      whole,
      said { () throws(ImageDecodingError) in
        try ImageDecoder().validate(streamedPNGHead: head, limits: .default)
      }
    )
  }

  @Test(arguments: [1, 3, 12, 4096, 16384, 1 << 20])
  func everyValidPngSuiteImagePassesHoweverItIsCut(pieceSize: Int) throws {
    for name in PngSuite.validNames {
      #expect(Self.passes(try PngSuite.bytes(name), inPiecesOf: pieceSize), "\(name)")
    }
    #expect(Self.passes(noisyPNG(3, side: 120), inPiecesOf: pieceSize))
  }

  @Test func whatPassesAsItStreamsIsJudgedAsTheWholeFileIs() throws {
    for name in PngSuite.corruptNames + PngSuite.validNames {
      let (whole, streamed) = Self.verdicts(try PngSuite.bytes(name))
      #expect(streamed == nil || streamed == whole, "\(name)")
    }
    #expect(!Self.passes(try JPEGEncoder.encode(noisyBitmap(1, side: 16), quality: 80), inPiecesOf: 4096))
  }

  @Test func noFlippedBitAndNoCutPasses() {
    let png = Images.png(width: 6, height: 4)
    for index in png.indices {
      var flipped = png
      flipped[index] ^= 0x10
      #expect(!Self.passes(flipped, inPiecesOf: 5), "byte \(index) flipped")
      #expect(!Self.passes(Array(png[..<index]), inPiecesOf: 5), "cut at \(index)")
    }
  }
}

import ImageCache
import Testing

@Suite struct PngSuiteCorruptImageTests {
  let decoder = ImageDecoder()

  /// Every x*.png claims to be a PNG (some with a mangled signature), so each must be refused as a corrupt PNG.
  @Test(arguments: PngSuite.corruptNames)
  func corruptImageIsRefusedByDecode(name: String) throws {
    let data = try PngSuite.bytes(name)
    let error = #expect(throws: ImageDecodingError.self) { try decoder.decode(data, limits: .default) }
    guard case .corrupt(format: .png, let reason)? = error else {
      Issue.record("\(name): expected .corrupt(.png), got \(String(describing: error))")
      return
    }
    #expect(!reason.isEmpty)
  }

  /// Damage in the signature or IHDR is caught by the header check alone, before libpng is involved.
  @Test(arguments: [
    "xs1n0g01", "xs2n0g01", "xs4n0g01", "xs7n0g01", "xcrn0g04", "xlfn0g04",  // signature
    "xc1n0g08", "xc9n2c08", "xd0n2c08", "xd3n2c08", "xd9n2c08", "xhdn0g08",  // IHDR fields and CRC
  ])
  func headerDamageIsRefusedByHeader(name: String) throws {
    let data = try PngSuite.bytes(name)
    #expect(throws: ImageDecodingError.self) { try decoder.header(of: data) }
  }

  /// Damage past IHDR (missing IDAT, bad IDAT CRC) needs the full decode; the header still reads.
  @Test(arguments: ["xdtn0g01", "xcsn0g01"])
  func dataDamageLeavesHeaderReadable(name: String) throws {
    let header = try decoder.header(of: try PngSuite.bytes(name))
    #expect(header == ImageHeader(format: .png, width: 32, height: 32))
  }

  @Test func reasonsExplainTheDamage() throws {
    func reason(_ name: String) throws -> String {
      do {
        _ = try decoder.decode(try PngSuite.bytes(name), limits: .default)
        return "decoded"
      } catch { return "\(error)" }
    }
    #expect(try reason("xhdn0g08") == "corrupt PNG image: IHDR CRC mismatch")
    #expect(try reason("xc9n2c08") == "corrupt PNG image: invalid colour type 9")
    #expect(try reason("xd3n2c08") == "corrupt PNG image: bit depth 3 is invalid for colour type 2")
    #expect(try reason("xs2n0g01") == "corrupt PNG image: damaged PNG signature 89 51 4E 47 0D 0A 1A 0A ...")
  }
}

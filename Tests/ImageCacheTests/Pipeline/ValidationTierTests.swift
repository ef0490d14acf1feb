import Foundation
import ImageCache
import TestSupport
import Testing

/// Prefetching checks structure; showing decodes. A PNG whose checksums are right but whose deflate stream is
/// garbage passes the first and must never be shown, nor stay cached once it was found out.
@Suite struct ValidationTierTests {
  /// basn2c08 with its IDAT payload scrambled and the chunk CRC recomputed.
  static func pngWithBadDeflateButGoodCRC() throws -> [UInt8] {
    var png = try Fixtures.bytes("pngsuite/basn2c08.png")
    var offset = 8
    while offset + 8 <= png.count {
      let length =
        Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "IDAT" {
        for index in (offset + 10)..<(offset + 8 + length) { png[index] = UInt8(truncatingIfNeeded: index &* 31) }
        let crc = crc32(png[(offset + 4)..<(offset + 8 + length)])
        png.replaceSubrange(
          (offset + 8 + length)..<(offset + 12 + length),
          with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return png
      }
      offset += 12 + length
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  @Test func prefetchStoresItButShowingRefusesAndRemovesIt() async throws {
    // Given a server sending a PNG that only a full decode can catch
    let bad = try Self.pngWithBadDeflateButGoodCRC()
    #expect(throws: Never.self) { try ImageDecoder().validate(bad, limits: .default) }
    #expect(throws: ImageDecodingError.self) { try ImageDecoder().decode(bad, limits: .default) }
    let loader = ScriptedLoader(fallback: Images.ok(bad))
    let manager = try makeManager(loader: loader, directory: temporaryDirectory())

    // When it is prefetched, then shown
    let prefetched = try await manager.data(for: Images.url)
    await #expect(throws: ImageManagerError.self) { try await manager.image(for: Images.url) }

    // Then the prefetch kept it, the display refused it, and it is gone from the cache
    #expect(prefetched.tier == .network)
    #expect(try #require(manager.disk as? DiskStore).statistics().entryCount == 0)
    #expect(manager.memory.statistics.count == 0)
  }

  @Test func showingFirstNeverStoresIt() async throws {
    let loader = ScriptedLoader(fallback: Images.ok(try Self.pngWithBadDeflateButGoodCRC()))
    let manager = try makeManager(loader: loader, directory: temporaryDirectory())

    await #expect(throws: ImageManagerError.self) { try await manager.image(for: Images.url) }

    #expect(try #require(manager.disk as? DiskStore).statistics().entryCount == 0)
    #expect(loader.requestCount == 1)
  }
}

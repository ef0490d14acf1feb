import Foundation
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

/// The measurement behind the blob-storage choice in cache/README.md. Prints figures and asserts only
/// correctness; opt in with IMAGECACHE_BENCHMARK=1 (it writes ~140 MB).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["IMAGECACHE_BENCHMARK"] == "1"))
struct BlobStorageBenchmark {
  static let count = 1000
  static let size = 70_000

  static func payload(_ index: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: size)
    bytes[0] = 0x42
    return bytes
  }

  static func report(_ label: String, _ duration: Duration) {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    let perItem = seconds / Double(count) * 1e6
    print("BENCH \(label): \(String(format: "%.3f", seconds)) s total, \(String(format: "%.0f", perItem)) µs each")
  }

  @Test func sqliteBlobs() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url, maxBytes: 1 << 30)
    let clock = ContinuousClock()

    let writeTime = try clock.measure {
      for index in 0..<Self.count {
        try store.store("https://img.example/\(index).png", data: Self.payload(index), metadata: .init())
      }
    }
    var readBytes = 0
    let readTime = try clock.measure {
      for index in 0..<Self.count {
        readBytes += try #require(try store.lookup("https://img.example/\(index).png")).data.count
      }
    }
    let emptyReadTime = try clock.measure {
      for _ in 0..<Self.count { _ = try store.queryInteger("SELECT 1") }
    }
    try store.close()
    Self.report("sqlite empty read transaction", emptyReadTime)

    #expect(readBytes == Self.count * Self.size)
    Self.report("sqlite write (one IMMEDIATE transaction each, WAL)", writeTime)
    Self.report("sqlite read", readTime)
  }

  @Test(arguments: [false, true])
  func files(fsyncEach: Bool) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let clock = ContinuousClock()

    let writeTime = try clock.measure {
      for index in 0..<Self.count {
        let final = folder.appending("\(index).blob")
        let temporary = folder.appending("\(index).blob.tmp")
        let bytes = Self.payload(index)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == Self.size)
        if fsyncEach { fsync(descriptor) }
        close(descriptor)
        try #require(rename(temporary.path, final.path) == 0)
      }
    }
    var readBytes = 0
    let readTime = try clock.measure {
      for index in 0..<Self.count {
        readBytes += try Data(contentsOf: folder.appending("\(index).blob")).count
      }
    }

    #expect(readBytes == Self.count * Self.size)
    Self.report("files write (temp + rename\(fsyncEach ? " + fsync" : ""))", writeTime)
    Self.report("files read", readTime)
  }
}

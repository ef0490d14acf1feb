import BlockArt
import Foundation
import ImageCache
import ImageCacheSupport
import ImageEncoding

/// In-process benchmarks; the peers (python-diskcache, chafa, curl) are run by `Benchmarks/run`.
@main
enum Benchmarks {
  static func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "make-images":
      try makeImages(
        directory: arguments[1], count: Int(arguments[2])!, side: arguments.count > 3 ? Int(arguments[3])! : 174)
    case "memory": memoryHit()
    case "manager": managerHit()
    case "processed": processedHit(entries: arguments.count > 1 ? Int(arguments[1])! : 10_000)
    case "resize": try resize(peerInput: arguments.count > 1 ? arguments[1] : nil)
    case "disk": try disk(directory: arguments[1])
    case "open": try open(directory: arguments[1])
    case "header": try header()
    case "fidelity":
      try fidelity(
        directory: arguments[1], mode: ColorMode(rawValue: arguments[2])!,
        symbols: arguments.count > 3 ? SymbolSet(rawValue: arguments[3])! : .half)
    case "picture": try picture(symbols: SymbolSet(rawValue: arguments[1])!, output: arguments[2])
    case "screen": try ScreenShot.write(to: arguments[1])
    case "catalog": CatalogCost.run()
    case "history": try HistoryReading.run(archive: arguments[1], year: Int(arguments[2])!)
    case "chart-covers": try ChartCovers.write(to: arguments[1], count: Int(arguments[2])!)
    case "artist-covers": try ChartCovers.writeArtistAlbums(to: arguments[1], count: Int(arguments[2])!)
    case "wall":
      CursorMove.run(
        cacheDirectory: arguments[1], columns: Int(arguments[2])!, rows: Int(arguments[3])!,
        moves: arguments.count > 5 ? Int(arguments[5])! : 101, scenario: .wall(scrolling: arguments[4] == "scroll"))
    case "listener":
      CursorMove.run(
        cacheDirectory: arguments[1], columns: Int(arguments[2])!, rows: Int(arguments[3])!,
        moves: arguments.count > 5 ? Int(arguments[5])! : 101, scenario: .listener(periods: arguments[4] == "period"))
    case "cursor":
      CursorMove.run(
        cacheDirectory: arguments[1], columns: Int(arguments[2])!, rows: Int(arguments[3])!,
        moves: arguments.count > 4 ? Int(arguments[4])! : 101)
    case "now-server":
      NowBench.serve(port: Int(arguments[1])!, step: Int(arguments[2])!)
    case "now-screen":
      NowBench.screen(
        cacheDirectory: arguments[1], columns: Int(arguments[2])!, rows: Int(arguments[3])!,
        polls: arguments.count > 4 ? Int(arguments[4])! : 10_000)
    default:
      print(
        "usage: imgcache-bench make-images DIR COUNT [SIDE] | memory | manager | processed [ENTRIES] | resize | disk DIR | header | fidelity DIR MODE [SYMBOLS]"
          + " | picture SYMBOLS OUT.png < block-art | screen OUT.png < capture-pane -e | catalog | chart-covers DIR COUNT"
          + " | cursor CACHE-DIR COLUMNS ROWS [MOVES] | artist-covers DIR COUNT | wall CACHE-DIR COLUMNS ROWS move|scroll [MOVES]"
          + " | listener CACHE-DIR COLUMNS ROWS list|period [MOVES] | history ARCHIVE.sqlite YEAR | now-server PORT STEP"
          + " | now-screen CACHE-DIR COLUMNS ROWS [POLLS]"
      )
    }
  }

  static func makeImages(directory: String, count: Int, side: Int) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var total = 0
    for index in 0..<count {
      let png = try ThumbnailFactory.png(index: index, side: side)
      total += png.count
      try Data(png).write(
        to: URL(fileURLWithPath: directory).appendingPathComponent(String(format: "thumb-%05d.png", index)))
    }
    print("wrote \(count) PNGs, mean \(total / max(1, count) / 1024) KB")
  }

  /// Memory-tier hit with 10,000 entries of 64×64 thumbnails (16 KB of pixels each), in random order.
  /// Measured twice: with the `ImageCacheKey` a caller keeps (the hash worked out once, as a table cell keeps its
  /// request), and with a plain `String` key, which hashes the whole URL on every lookup.
  static func memoryHit() {
    let store = ImageMemoryStore(costLimit: 1 << 30, countLimit: 20_000)
    let bitmap = ImageBitmap(width: 64, height: 64, pixels: [UInt8](repeating: 7, count: 64 * 64 * 4))
    let strings = (0..<10_000).map { "https://lastfm.freetls.fastly.net/i/u/174s/\($0)abcdef0123456789.png" }
    let keys = strings.map(ImageCacheKey.init)
    for key in keys { store.setImage(bitmap, forKey: key) }
    var random = SplitMix64(seed: 42)
    let order = (0..<100_000).map { _ in Int(random.next() % 10_000) }
    // The loop is inside the timed batch (no closure call per lookup), as a caller's loop would be.
    let result = measureBatches("memory hit (10,000 entries, ImageCacheKey)", operations: order.count) {
      var found = 0
      for index in order where store.image(forKey: keys[index]) != nil { found += 1 }
      precondition(found == order.count)
    }
    print(result.line)
    let stringResult = measureBatches("memory hit (10,000 entries, String key)", operations: order.count) {
      var found = 0
      for index in order where store.image(forKey: strings[index]) != nil { found += 1 }
      precondition(found == order.count)
    }
    print(stringResult.line)
  }

  /// `ImageManager.image(for:)` answered by the memory tier: what a table cell pays per row (key, lock, LRU).
  static func managerHit() {
    struct Unreachable: DataLoading {
      func load(_ request: DataRequest) async throws(TransferError) -> DataResponse { throw .couldNotConnect("bench") }
    }
    let memory = ImageMemoryStore(costLimit: 1 << 30, countLimit: 20_000)
    let manager = ImageManager(loader: Unreachable(), memory: memory, disk: nil, decoder: ImageDecoder())
    let bitmap = ImageBitmap(width: 64, height: 64, pixels: [UInt8](repeating: 7, count: 64 * 64 * 4))
    let urls = (0..<10_000).map { URL(string: "https://lastfm.freetls.fastly.net/i/u/174s/\($0)abcdef0123456789.png")! }
    for url in urls { memory.setImage(bitmap, forKey: url.absoluteString) }
    var random = SplitMix64(seed: 7)
    let order = (0..<20_000).map { _ in urls[Int(random.next() % 10_000)] }
    let done = DispatchSemaphore(value: 0)
    Task {
      let result = await measureBatchesAsync(
        "ImageManager.image(for:) memory hit (10,000 entries)", operations: order.count
      ) {
        for url in order { _ = try? await manager.image(for: url) }
      }
      print(result.line)
      done.signal()
    }
    done.wait()
  }

  /// Disk-tier hit and set of a ~70 KB entry (the same bytes python-diskcache gets in `Benchmarks/run`).
  static func disk(directory: String) throws {
    let png = try ThumbnailFactory.png(index: 1)
    let store = try DiskStore(directory: URL(fileURLWithPath: directory), maxBytes: 1 << 30)
    let metadata = DiskEntryMetadata(contentType: "image/png", width: 174, height: 174, expiresAt: Date() + 3600)
    for index in 0..<200 { try store.store("https://example.test/\(index).png", data: png, metadata: metadata) }
    var index = 0
    let hit = try measure("disk hit (\(png.count / 1024) KB entry)", operations: 200) {
      let found = try store.lookup("https://example.test/\(index % 200).png")
      precondition(found != nil)
      index += 1
    }
    var next = 1000
    let set = try measure("disk set (\(png.count / 1024) KB entry)", batches: 11, operations: 100) {
      try store.store("https://example.test/new-\(next).png", data: png, metadata: metadata)
      next += 1
    }
    // What `warm` does: the pipeline's group commit hands the store up to 64 new entries at a time.
    let batch = try measureBatches("disk set in batches of 64, per entry", batches: 11, operations: 5 * 64) {
      for _ in 0..<5 {
        let writes = (0..<64).map { offset in
          DiskWrite(key: "https://example.test/batch-\(next + offset).png", data: png, metadata: metadata)
        }
        next += 64
        try store.store(batch: writes)
      }
    }
    try store.close()
    print(hit.line)
    print(set.line)
    print(batch.line)
  }

  /// Opening the disk tier: a new cache (folder, database file, WAL, schema) and an existing one. In-process and
  /// repeated, so SQLite's code is warm: a command's first open costs more (its pages fault in).
  static func open(directory: String) throws {
    let root = URL(fileURLWithPath: directory)
    var next = 0
    let fresh = try measure("open a new cache", batches: 11, operations: 20) {
      let folder = root.appendingPathComponent("new-\(next)")
      next += 1
      try DiskStore(directory: folder, maxBytes: 1 << 30).close()
    }
    let existing = root.appendingPathComponent("new-0")
    let reopen = try measure("open an existing cache", batches: 11, operations: 20) {
      try DiskStore(directory: existing, maxBytes: 1 << 30).close()
    }
    print(fresh.line)
    print(reopen.line)
  }

  static func header() throws {
    let png = try ThumbnailFactory.png(index: 3)
    let decoder = ImageDecoder()
    let result = try measure("PNG header-only dimensions (\(png.count / 1024) KB file)", operations: 100_000) {
      let header = try decoder.header(of: png)
      precondition(header.width == 174)
    }
    print(result.line)
    let decode = try measure("PNG full decode 174×174", batches: 11, operations: 50) {
      let bitmap = try decoder.decode(png, limits: .default)
      precondition(bitmap.width == 174)
    }
    print(decode.line)
    // What a prefetch runs instead of a decode: chunk framing and every chunk's CRC.
    let pngCheck = try measure("PNG structure check (\(png.count / 1024) KB file)", batches: 11, operations: 2_000) {
      _ = try decoder.validate(png, limits: .default)
    }
    print(pngCheck.line)
    // The same check on the same thumbnail encoded as JPEG.
    let jpeg = try JPEGEncoder.encode(try decoder.decode(png, limits: .default), quality: 92)
    let check = try measure("JPEG structure check (\(jpeg.count / 1024) KB file)", batches: 11, operations: 2_000) {
      _ = try decoder.validate(jpeg, limits: .default)
    }
    print(check.line)
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

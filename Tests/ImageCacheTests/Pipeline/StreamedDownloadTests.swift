import Foundation
import ImageEncoding
import TestSupport
import Testing

@testable import ImageCache

/// A prefetch's download goes from libcurl's buffer straight into an unnamed file in its blob folder, which the
/// disk writer names when the entry commits: the bytes on disk are the server's, every failure leaves no file and
/// no open descriptor, and whoever joined the download still gets the image.
@Suite(.timeLimit(.minutes(20))) struct StreamedDownloadTests {
  private let folder = temporaryDirectory()
  private let store: DiskStore
  private let png = noisyPNG(1, side: 120)

  init() throws {
    store = try DiskStore(directory: folder, maxBytes: 1 << 26)
  }

  private func manager(maxBodyBytes: Int = 20 << 20) -> ImageManager {
    ImageManager(
      loader: RetryingDataLoader(
        wrapping: CurlDataLoader(configuration: .patient), policy: RetryPolicy(maxRetries: 1, sleep: { _ in })),
      memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100), disk: store, decoder: ImageDecoder(),
      maxBodyBytes: maxBodyBytes)
  }

  /// What a prefetch of `url` settles with (`PrefetchRun` subscribes the same way).
  private func prefetched(_ url: URL, by manager: ImageManager) async -> Result<DataResult, ImageManagerError> {
    await withCheckedContinuation { continuation in
      _ = manager.subscribeToData(
        url, key: manager.cacheKey(for: url), probed: .absent, priority: .low
      ) { continuation.resume(returning: $0) }
    }
  }

  /// Descriptors this process holds on files in the blob folder (an unnamed file reads "<shard>/#N (deleted)").
  private var descriptorsInBlobFolder: Int {
    let blobs = folder.resolvingSymlinksInPath().path + "/blobs/"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.count { descriptor in
      let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
      return target?.hasPrefix(blobs) == true
    }
  }

  private func expectNothingLeft(for url: URL, _ manager: ImageManager) async throws {
    try await waitUntil("the transfer's file to be closed") { descriptorsInBlobFolder == 0 }
    #expect(store.blobFileNames == [])
    #expect(try store.lookup(manager.cacheKey(for: url)) == nil)
  }

  @Test func aPrefetchedBodyIsTheServersBytesInItsFileWithoutPassingThroughMemory() async throws {
    let server = try HTTPTestServer { [png] _ in .ok(png, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = manager()
    #expect(descriptorsInBlobFolder == 0)

    let result = try await prefetched(server.url("/a.png"), by: manager).get()
    let report = await manager.prefetch([server.url("/b.png")])

    #expect(result.bytesLeftOnDisk && result.bytes.isEmpty && result.byteCount == png.count)
    #expect(result.storeError == nil && result.tier == .network)
    #expect(report.fetched == 1 && report.bytesDownloaded == png.count)
    #expect(manager.networkStatistics.bytesDownloaded == 2 * png.count)
    for path in ["/a.png", "/b.png"] {
      #expect(try store.lookup(manager.cacheKey(for: server.url(path)))?.data == png)
    }
    #expect(store.blobFileNames.count == 2)
    #expect(descriptorsInBlobFolder == 0)
  }

  @Test func aJPEGIsCheckedOverItsMappedFile() async throws {
    let jpeg = try JPEGEncoder.encode(noisyBitmap(2, side: 96), quality: 90)
    let server = try HTTPTestServer { _ in .ok(jpeg, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = manager()
    let url = server.url("/a.jpg")

    let result = try await prefetched(url, by: manager).get()

    #expect(result.bytesLeftOnDisk && result.header == ImageHeader(format: .jpeg, width: 96, height: 96))
    #expect(try store.lookup(manager.cacheKey(for: url))?.data == jpeg)
    #expect(descriptorsInBlobFolder == 0)
  }

  @Test func aRetryStartsAgainWithANewFile() async throws {
    let script = HTTPTestReplyScript([.reset(afterBodyBytes: 30_000)], then: .ok(png))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let manager = manager()

    let report = await manager.prefetch([server.url("/a.png")])

    #expect(report.fetched == 1 && report.failed == 0 && server.requestCount == 2)
    #expect(try store.lookup(manager.cacheKey(for: server.url("/a.png")))?.data == png)
    #expect(store.blobFileNames.count == 1)
    #expect(descriptorsInBlobFolder == 0)
  }

  enum Failure: CaseIterable, Sendable {
    case cutOff, htmlPage, errorStatus, corruptImage, overTheCap
  }

  private func reply(_ failure: Failure) -> HTTPTestServer.Reply {
    switch failure {
    case .cutOff: .reset(afterBodyBytes: 30_000)
    case .htmlPage: .text(Self.htmlPage, contentType: "text/html")
    case .errorStatus: .text(Self.htmlPage, status: 500, contentType: "text/html")
    case .corruptImage: .ok(corrupted)
    case .overTheCap: .endlessBody
    }
  }

  private static let htmlPage = "<!doctype html><html><body>" + String(repeating: "Not here. ", count: 500) + "</html>"

  /// `png` with a byte in its image data flipped: the sniffer and the header accept it, the chunk's CRC does not.
  private var corrupted: [UInt8] {
    var bytes = png
    bytes[bytes.count / 2] ^= 0x40
    return bytes
  }

  /// The line the same failure gives with the body in memory.
  private func expectedMessage(_ failure: Failure, _ url: URL) -> String {
    let shown = ImageManagerError.redacted(url)
    func checked(_ body: [UInt8]) -> String {
      do {
        _ = try ImageDecoder().validate(body, limits: .default)
        return "valid"
      } catch {
        return ImageManagerError.decoding(url: shown, error).description
      }
    }
    return switch failure {
    case .cutOff: "(any transfer interruption)"
    case .htmlPage: checked(Array(Self.htmlPage.utf8))
    case .errorStatus: ImageManagerError.httpStatus(url: shown, code: 500).description
    case .corruptImage: checked(corrupted)
    case .overTheCap: ImageManagerError.transfer(url: shown, .bodyTooLarge(limit: 100_000)).description
    }
  }

  @Test(arguments: Failure.allCases)
  func aFailedDownloadLeavesNoFileAndNoDescriptorAndSaysWhatFailed(failure: Failure) async throws {
    let server = try HTTPTestServer { [reply = reply(failure)] _ in reply }
    defer { server.stop() }
    let manager = manager(maxBodyBytes: 100_000)
    let url = server.url("/a.png")

    let report = await manager.prefetch([url])

    #expect(report.failed == 1 && report.fetched == 0)
    let message = try #require(report.failures.first?.message)
    if failure == .cutOff {
      #expect(message.contains("transfer interrupted"), "\(message)")
    } else {
      #expect(message == expectedMessage(failure, url))
    }
    if failure == .htmlPage { #expect(message.contains("HTML page")) }
    try await expectNothingLeft(for: url, manager)
  }

  @Test func aCancelledDownloadClosesItsFile() async throws {
    let server = try HTTPTestServer { [png] _ in .drip(body: png, every: .milliseconds(5)) }
    defer { server.stop() }
    let manager = manager()
    let url = server.url("/a.png")

    let prefetch = Task { await manager.prefetch([url]) }
    try await waitUntil("the body to stream into its file") { descriptorsInBlobFolder == 1 }
    prefetch.cancel()

    #expect(await prefetch.value.cancelled)
    try await expectNothingLeft(for: url, manager)
  }

  @Test func aFullDiskKeepsTheDownloadInMemoryAndSaysSoAsAStoreWould() async throws {
    let server = try HTTPTestServer { [png] _ in .ok(png, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = manager()
    let url = server.url("/a.png")
    store.simulateFreeSpace(20_000)

    let result = try await prefetched(url, by: manager).get()
    let report = await manager.prefetch([server.url("/b.png")])

    #expect(result.bytes == png && !result.bytesLeftOnDisk)
    #expect(result.storeError == .diskFull(path: folder.path))
    #expect(report.failures.map(\.message) == [ImageManagerError.disk(.diskFull(path: folder.path)).description])
    try await expectNothingLeft(for: url, manager)
  }

  @Test func anImageRequestThatJoinsTheDownloadGetsItsPixels() async throws {
    let gate = DispatchSemaphore(value: 0)
    let server = try HTTPTestServer { [png] _ in
      gate.wait()
      return .ok(png, headers: ["Cache-Control": "max-age=600"])
    }
    defer {
      gate.signal()
      server.stop()
    }
    let manager = manager()
    let url = server.url("/a.png")
    let prefetch = Task { await manager.prefetch([url]) }
    try await server.waitForRequests(1)

    let shown = Task { try await manager.image(for: url) }
    try await waitUntil("the request to join the prefetch's download") {
      manager.dataJobs.waiterCount(for: LoadJobKey(url: url, mode: .standard)) >= 2
    }
    gate.signal()

    #expect(try await shown.value.bitmap == noisyBitmap(1, side: 120))
    #expect(await prefetch.value.fetched == 1)
    #expect(server.requestCount == 1)
    #expect(descriptorsInBlobFolder == 0)
  }

  @Test func withoutUnnamedFilesTheBodyStaysInMemory() async throws {
    let server = try HTTPTestServer { [png] _ in .ok(png, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    store.blobs.unnamedFiles.refuseUnnamedFiles()
    let manager = manager()
    let url = server.url("/a.png")

    let result = try await prefetched(url, by: manager).get()

    #expect(result.bytes == png && !result.bytesLeftOnDisk)
    #expect(try store.lookup(manager.cacheKey(for: url))?.data == png)
  }
}

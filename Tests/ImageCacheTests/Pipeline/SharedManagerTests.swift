import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// `ImageManager.shared` keeps its disk tier in the documented default folder.
@Suite(.timeLimit(.minutes(20))) struct SharedManagerTests {
  @Test func theSharedManagerStoresInXDGCacheHome() async throws {
    // Given XDG_CACHE_HOME naming an empty folder and a server with one image
    let root = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let image = Images.png(width: 5, height: 3, seed: 9)
    let server = try HTTPTestServer { _ in .ok(image, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }

    // When the shared manager is made in that environment and fetches the image
    let manager = ImageManager.makeShared(environment: ["XDG_CACHE_HOME": root.path, "HOME": "/nonexistent"])
    let url = server.url("/cover.png")
    let response = try await manager.data(for: url)
    try manager.close()

    // Then its disk tier is $XDG_CACHE_HOME/imgcache, and the image is there for the next process
    let folder = root.appendingPathComponent("imgcache", isDirectory: true)
    #expect((manager.disk as? DiskStore)?.directory.standardizedFileURL == folder.standardizedFileURL)
    #expect(response.tier == .network)
    let disk = try DiskStore(directory: folder)
    defer { try? disk.close() }
    #expect(try disk.lookup(manager.cacheKey(for: url))?.data == image)
  }

  @Test func anUnusableFolderLeavesTheSharedManagerInMemory() async throws {
    // Given IMGCACHE_DIR naming a regular file, where no folder can be made
    let root = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: file)

    // When the shared manager is made there
    let manager = ImageManager.makeShared(environment: ["IMGCACHE_DIR": file.path])

    // Then it has no disk tier, and the file is untouched
    #expect(manager.disk == nil)
    #expect(try Data(contentsOf: file) == Data("x".utf8))
  }
}

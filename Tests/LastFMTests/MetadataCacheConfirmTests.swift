import Foundation
import LastFM
import TestSupport
import Testing

/// `MetadataCache.confirm`: a poller's unchanged answer moves the stored time alone; an answer the row does not
/// hold (another one, or none) is stored.
@Suite struct MetadataCacheConfirmTests {
  let key = LastFMRequest.nowPlaying(user: "RJ").cacheKey
  let method = "user.getRecentTracks"
  let then = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theSameAnswerKeepsItsBodyAndTakesTheNewTime() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let body = Array(#"{"recenttracks":{"track":[]}}"#.utf8)
    await cache.store(body, for: key, method: method, at: then)

    await cache.confirm(body, for: key, method: method, at: then + 30)

    #expect(await cache.storedAnswer(for: key) == StoredAnswer(body: body, storedAt: then + 30))
  }

  @Test func anotherAnswerOrNoneIsStored() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let first = Array(#"{"recenttracks":{"track":[1]}}"#.utf8)
    let second = Array(#"{"recenttracks":{"track":[2]}}"#.utf8)

    // Nothing stored yet
    await cache.confirm(first, for: key, method: method, at: then)
    #expect(await cache.storedAnswer(for: key) == StoredAnswer(body: first, storedAt: then))

    // Another process stored a newer answer meanwhile: the one confirmed replaces it, as a store would
    await cache.store(second, for: key, method: method, at: then + 5)
    await cache.confirm(first, for: key, method: method, at: then + 10)
    #expect(await cache.storedAnswer(for: key) == StoredAnswer(body: first, storedAt: then + 10))
  }
}

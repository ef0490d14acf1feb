import Foundation
import ImageCache
import LastFM
import Synchronization
import TestSupport
import Testing

/// Stored-then-network semantics with a real `metadata.sqlite` in a temporary folder and controllable fakes.
@Suite struct MetadataCacheTests {
  let key = LastFMRequest.artistInfo("U2").cacheKey
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func collect<Value>(_ stream: MetadataStream<Value>) async throws -> [MetadataResult<Value>] {
    var results: [MetadataResult<Value>] = []
    for try await result in stream { results.append(result) }
    return results
  }

  func cachedClient(_ loader: any DataLoading, store: any MetadataStoring, apiKey: String? = "test-key")
    -> CachedLastFMClient
  {
    let now = self.now
    return CachedLastFMClient(client: makeClient(loader, apiKey: apiKey), store: store, now: { now })
  }

  @Test func cacheKeyIsMethodAndSortedParametersWithoutKey() {
    #expect(key == "artist.getInfo?artist=U2&autocorrect=1")
    #expect(
      LastFMRequest.albumInfo(artist: "A & B", album: "C").cacheKey
        == "album.getInfo?album=C&artist=A%20%26%20B&autocorrect=1")
  }

  @Test func storedAnswerFirstThenNetworkReplacesIt() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    // Given a two-day-old stored answer (stale for artist info, fresh for 1 day)
    await cache.store(
      try fixtureBytes("docs.artist.getInfo.ok0.json"), for: key, method: "artist.getInfo", at: now - 2 * 86_400)
    let loader = GatedLoader([.fixture("recorded.artist.getinfo.json")])
    let client = cachedClient(loader, store: cache)

    // When
    var iterator = client.artistInfo("U2").makeAsyncIterator()
    let first = try #require(try await iterator.next())
    loader.gate.open()  // the network answers only after the stored answer was delivered
    let second = try #require(try await iterator.next())
    let end = try await iterator.next()

    // Then
    #expect(first.source == .cache && first.isStale && first.value.name == "The Weeknd")
    #expect(first.fetchedAt == now - 2 * 86_400)
    #expect(second.source == .network && !second.isStale && second.value.name == "U2" && second.networkError == nil)
    #expect(end == nil)
    let stored = try #require(await cache.storedAnswer(for: key))
    #expect(stored.body == (try fixtureBytes("recorded.artist.getinfo.json")))
    #expect(stored.storedAt == now)
  }

  @Test func freshStoredAnswerIsNotFlaggedStale() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    await cache.store(
      try fixtureBytes("recorded.artist.getinfo.json"), for: key, method: "artist.getInfo", at: now - 3600)
    let results = try await collect(cachedClient(ScriptedLoader([]), store: cache).artistInfo("U2", policy: .offline))
    #expect(results.map(\.source) == [.cache])
    #expect(results.map(\.isStale) == [false], "1 h old, fresh for a day")
  }

  @Test func freshStoredAnswerIsDeliveredWithoutAskingTheNetwork() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    // Given an answer stored an hour ago (artist info stays fresh for a day)
    await cache.store(
      try fixtureBytes("recorded.artist.getinfo.json"), for: key, method: "artist.getInfo", at: now - 3600)
    let loader = ScriptedLoader([.fixture("docs.artist.getInfo.ok0.json")])

    // When
    let results = try await collect(cachedClient(loader, store: cache).artistInfo("U2"))

    // Then only the stored answer, and no request at all
    #expect(results.map(\.source) == [.cache])
    #expect(results.map(\.isStale) == [false])
    #expect(results.map(\.value.name) == ["U2"])
    #expect(loader.requestCount == 0)
  }

  @Test func freshnessIsPerMethod() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let chartKey = LastFMRequest.topArtists(page: 1, limit: 10).cacheKey
    // Given both answers stored two hours ago: past the chart's hour, within artist info's day
    await cache.store(
      try fixtureBytes("docs.chart.getTopArtists.ok0.json"), for: chartKey, method: "chart.getTopArtists",
      at: now - 7200)
    await cache.store(
      try fixtureBytes("recorded.artist.getinfo.json"), for: key, method: "artist.getInfo", at: now - 7200)
    let loader = ScriptedLoader([.fixture("docs.chart.getTopArtists.ok0.json")])
    let client = cachedClient(loader, store: cache)

    // When
    let chart = try await collect(client.topArtists(page: 1, limit: 10))
    let info = try await collect(client.artistInfo("U2"))

    // Then only the chart was asked for again
    #expect(chart.map(\.source) == [.cache, .network])
    #expect(chart.map(\.isStale) == [true, false])
    #expect(info.map(\.source) == [.cache])
    #expect(loader.methods == ["chart.getTopArtists"])
  }

  @Test func customFreshnessDecides() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    await cache.store(
      try fixtureBytes("docs.artist.getInfo.ok0.json"), for: key, method: "artist.getInfo", at: now - 120)
    let loader = ScriptedLoader([.fixture("recorded.artist.getinfo.json")])
    let now = self.now
    let client = CachedLastFMClient(
      client: makeClient(loader), store: cache, freshness: MetadataFreshness(lifetimes: [.artistInfo: 60]),
      now: { now })

    let results = try await collect(client.artistInfo("U2"))

    #expect(results.map(\.source) == [.cache, .network])
    #expect(results.map(\.value.name) == ["The Weeknd", "U2"])
    #expect(loader.requestCount == 1)
  }

  @Test func networkFailureLeavesStoredAnswerStandingStaleWithTheError() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    // Given a stale stored answer (two days old)
    await cache.store(
      try fixtureBytes("recorded.artist.getinfo.json"), for: key, method: "artist.getInfo", at: now - 2 * 86_400)
    let loader = ScriptedLoader([.failure(.tls("certificate expired"))])

    let results = try await collect(cachedClient(loader, store: cache).artistInfo("U2"))

    #expect(results.map(\.source) == [.cache, .cache])
    #expect(results.map(\.isStale) == [true, true])
    #expect(results.map(\.networkError) == [nil, .transport(.tls("certificate expired"))])
    #expect(results.allSatisfy { $0.value.name == "U2" })
  }

  @Test func networkFailureWithNothingStoredFails() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let loader = ScriptedLoader([.json(#"{"error":6,"message":"not found"}"#), .failure(.tls("x"))])
    await #expect(throws: LastFMError.notFound(what: "artist \"U2\"", suggestions: [])) {
      try await collect(cachedClient(loader, store: cache).artistInfo("U2"))
    }
    #expect(await cache.keys() == [], "failures are not stored")
  }

  @Test func nothingStoredMeansJustTheNetworkAnswer() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let client = cachedClient(ScriptedLoader([.fixture("docs.chart.getTopArtists.ok0.json")]), store: cache)
    let results = try await collect(client.topArtists(page: 1, limit: 10))
    #expect(results.map(\.source) == [.network])
    #expect(results.first?.value.items.count == 10)
    #expect(await cache.keys() == ["chart.getTopArtists?limit=10&page=1"])
  }

  @Test func undecodableStoredAnswerCountsAsMissing() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    await cache.store(Array("<html>".utf8), for: key, method: "artist.getInfo", at: now)
    let client = cachedClient(ScriptedLoader([]), store: cache)
    await #expect(throws: LastFMError.notCachedOffline(what: "artist \"U2\"")) {
      try await collect(client.artistInfo("U2", policy: .offline))
    }
  }

  @Test func offlineWithNothingStoredSaysSo() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let loader = ScriptedLoader([.fixture("recorded.artist.getinfo.json")])
    let client = cachedClient(loader, store: try MetadataCache(folder: folder.url))
    let error = await #expect(throws: LastFMError.self) { try await collect(client.artistInfo("U2", policy: .offline)) }
    #expect(error == .notCachedOffline(what: "artist \"U2\""))
    #expect(String(describing: error!) == "offline and artist \"U2\" is not in the metadata cache")
    #expect(loader.requestCount == 0)
  }

  @Test func refreshSkipsTheStoredAnswer() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    await cache.store(try fixtureBytes("docs.artist.getInfo.ok0.json"), for: key, method: "artist.getInfo", at: now)
    let counting = GatedStore(cache)
    let client = cachedClient(ScriptedLoader([.fixture("recorded.artist.getinfo.json")]), store: counting)

    let results = try await collect(client.artistInfo("U2", policy: .refresh))

    #expect(results.map(\.source) == [.network])
    #expect(results.map(\.value.name) == ["U2"])
    #expect(counting.reads == 0)
    #expect(await cache.storedAnswer(for: key)?.body == (try fixtureBytes("recorded.artist.getinfo.json")))
  }

  @Test func finalResultIsTheNetworkAnswerOrTheStandIn() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let cache = try MetadataCache(folder: folder.url)
    let clock = SettableClock(now)
    let client = CachedLastFMClient(
      client: makeClient(ScriptedLoader([.fixture("recorded.artist.getsimilar.json"), .failure(.tls("down"))])),
      store: cache, now: { clock.now })
    let online = try await client.similarArtists(artist: "U2").finalResult()
    #expect(online.source == .network && online.value.count == 2)
    clock.advance(by: 2 * 86_400)  // the stored answer is stale by now
    let offline = try await client.similarArtists(artist: "U2").finalResult()
    #expect(offline.source == .cache && offline.isStale && offline.networkError == .transport(.tls("down")))
  }

  @Test func apiKeyNeverReachesTheDatabaseFiles() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let secret = "SECRETKEY-9f8e7d6c5b4a"
    let cache = try MetadataCache(folder: folder.url)
    let loader = ScriptedLoader([
      .fixture("recorded.artist.getinfo.json"), .fixture("docs.chart.getTopArtists.ok0.json"),
      .fixture("docs.artist.search.ok0.json"), .fixture("docs.album.getInfo.ok0.json"),
    ])
    let client = cachedClient(loader, store: cache, apiKey: secret)
    _ = try await client.artistInfo("U2").finalResult()
    _ = try await client.topArtists(page: 1, limit: 10).finalResult()
    _ = try await client.searchArtists("rammstein").finalResult()
    _ = try await client.albumInfo(artist: "Metallica", album: "Metallica").finalResult()
    #expect(loader.requests.allSatisfy { $0.url.absoluteString.contains(secret) }, "the key was sent")
    #expect(await cache.keys().count == 4)

    let files = try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
    #expect(files.contains { $0.lastPathComponent == "metadata.sqlite" })
    var databaseBytes = 0
    for file in files {
      let bytes = try Data(contentsOf: file)
      databaseBytes += bytes.count
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent) contains the key")
    }
    #expect(databaseBytes > 20_000, "the answers themselves were written")
  }

  @Test func createdFolderIsPrivateAndFilesAreOwnerOnly() throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    let nested = folder.url.appendingPathComponent("cache")
    let cache = try MetadataCache(folder: nested)
    func mode(_ path: String) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
    #expect(try mode(nested.path) == 0o700)
    #expect(try mode(cache.fileURL.path) == 0o600)
    #expect(cache.fileURL.lastPathComponent == "metadata.sqlite")
    for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: cache.fileURL.path + suffix) {
      #expect(try mode(cache.fileURL.path + suffix) == 0o600)
    }
  }

  @Test func answersSurviveReopening() async throws {
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    do {
      let cache = try MetadataCache(folder: folder.url)
      await cache.store(Array("{}".utf8), for: "k", method: "m", at: now)
    }
    let reopened = try MetadataCache(folder: folder.url)
    #expect(await reopened.storedAnswer(for: "k") == StoredAnswer(body: Array("{}".utf8), storedAt: now))
  }
}

/// The browser and imgcache may create `metadata.sqlite` together on a fresh machine; threads with a cache each
/// stand in for them (SQLite's locks work the same between connections of one process).
@Suite struct MetadataCacheOpenRaceTests {
  @Test func cachesOpenedAtOnceOnAFreshFolderAllOpen() async throws {
    for round in 0..<25 {
      let folder = TemporaryFolder()
      defer { folder.cleanUp() }
      let url = folder.url
      let found = await runAtOnce(6) { _ in _ = try MetadataCache(folder: url) }
      #expect(found.isEmpty, "round \(round): \(found)")
      guard found.isEmpty else { return }
      let cache = try MetadataCache(folder: folder.url)
      await cache.store([1, 2, 3], for: "k", method: "artist.getInfo", at: Date(timeIntervalSince1970: 1))
      #expect(await cache.storedAnswer(for: "k")?.body == [1, 2, 3])
    }
  }
}

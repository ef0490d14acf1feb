import FoundationEssentials
import ImageCache

/// Answers, in delivery order: at most a stored one, then (unless it was fresh) the network's, or the stored
/// one again, flagged stale with the network's error. Fails with a `LastFMError` only when there is nothing to show.
public typealias MetadataStream<Value> = AsyncThrowingStream<MetadataResult<Value>, any Error>

/// `LastFMClient` with the metadata cache in front: every method streams the stored answer at once (if any),
/// asks the network only when that answer is missing or stale, and stores every successful answer.
public final class CachedLastFMClient: Sendable {
  public let client: LastFMClient
  public let freshness: MetadataFreshness
  /// Prefixes every stored key, so answers from different servers (Last.fm, a Libre.fm-compatible one, the
  /// demo catalog) never stand in for one another.
  public let namespace: String?
  let store: any MetadataStoring
  let now: @Sendable () -> Date

  public init(
    client: LastFMClient, store: any MetadataStoring, freshness: MetadataFreshness = .standard,
    namespace: String? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.client = client
    self.namespace = namespace
    self.store = store
    self.freshness = freshness
    self.now = now
  }

  /// The usual assembly: a client on `loader` and `metadata.sqlite` in `cacheFolder`.
  public convenience init(
    configuration: LastFMConfiguration, loader: any DataLoading, cacheFolder: URL,
    freshness: MetadataFreshness = .standard, namespace: String? = nil
  ) throws(MetadataCacheError) {
    self.init(
      client: LastFMClient(configuration: configuration, loader: loader),
      store: try MetadataCache(folder: cacheFolder), freshness: freshness, namespace: namespace)
  }

  public func topArtists(page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Artist>>
  {
    load(.topArtists(page: page, limit: limit), policy: policy, decode: LastFMDecoding.topArtists)
  }

  public func topAlbums(artist: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Album>>
  {
    load(.topAlbums(artist: artist, page: page, limit: limit), policy: policy, decode: LastFMDecoding.topAlbums)
  }

  public func topTracks(artist: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Track>>
  {
    load(.topTracks(artist: artist, page: page, limit: limit), policy: policy, decode: LastFMDecoding.topTracks)
  }

  public func similarArtists(artist: String, limit: Int = 30, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<[SimilarArtist]>
  {
    load(.similarArtists(artist: artist, limit: limit), policy: policy, decode: LastFMDecoding.similarArtists)
  }

  public func artistInfo(_ name: String, policy: CachePolicy = .cacheThenNetwork) -> MetadataStream<Artist> {
    load(.artistInfo(name), policy: policy, decode: LastFMDecoding.artistInfo)
  }

  public func searchArtists(_ query: String, page: Int = 1, limit: Int = 30, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Artist>>
  {
    load(.searchArtists(query, page: page, limit: limit), policy: policy, decode: LastFMDecoding.searchArtists)
  }

  public func albumInfo(artist: String, album: String, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Album>
  {
    load(.albumInfo(artist: artist, album: album), policy: policy, decode: LastFMDecoding.albumInfo)
  }

  /// The cache semantics for any request; the per-method functions above are thin wrappers.
  /// The store is read first: a fresh stored answer is all there is (no request, which keeps us far under
  /// Last.fm's rate limit); a stale one is delivered at once, flagged, while the network is asked.
  public func load<Value: Sendable>(
    _ request: LastFMRequest, policy: CachePolicy,
    decode: @escaping @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) -> MetadataStream<Value> {
    MetadataStream { continuation in
      let task = Task {
        var stored: MetadataResult<Value>?
        if policy != .refresh {
          stored = await self.storedResult(request, decode: decode)
          // A cancelled read looks like a miss: don't let it turn into a request nobody waits for.
          if Task.isCancelled { return continuation.finish() }
          if let stored { continuation.yield(stored) }
          if policy == .offline {
            guard stored != nil else {
              return continuation.finish(throwing: LastFMError.notCachedOffline(what: request.subject))
            }
            return continuation.finish()
          }
          if let stored, !stored.isStale { return continuation.finish() }
        }
        do throws(LastFMError) {
          let body = try await self.client.send(request)
          let value = try decode(body)
          let fetchedAt = self.now()
          continuation.yield(MetadataResult(value: value, source: .network, isStale: false, fetchedAt: fetchedAt))
          await self.storeIfSafe(body, request: request, at: fetchedAt)
          continuation.finish()
        } catch {
          // The stored answer stands, flagged stale, with the failure alongside.
          if var standIn = stored {
            standIn.isStale = true
            standIn.networkError = error
            continuation.yield(standIn)
            continuation.finish()
          } else {
            continuation.finish(throwing: error)
          }
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private func storedResult<Value>(
    _ request: LastFMRequest, decode: @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) async -> MetadataResult<Value>? {
    // A stored answer that no longer decodes (e.g. written by a buggy server) counts as missing.
    guard let answer = await store.storedAnswer(for: storageKey(request)), let value = try? decode(answer.body) else {
      return nil
    }
    let age = now().timeIntervalSince(answer.storedAt)
    return MetadataResult(
      value: value, source: .cache, isStale: age > freshness[request.kind], fetchedAt: answer.storedAt)
  }

  func storageKey(_ request: LastFMRequest) -> String {
    namespace.map { "\($0) \(request.cacheKey)" } ?? request.cacheKey
  }

  /// Belt and braces: the key never contains the API key, and neither may a body we write.
  /// Whether it was stored.
  @discardableResult
  func storeIfSafe(_ body: [UInt8], request: LastFMRequest, at date: Date) async -> Bool {
    if let key = client.configuration.apiKey, body.containsSubsequence(Array(key.utf8)) { return false }
    await store.store(body, for: storageKey(request), method: request.method, at: date)
    return true
  }
}

extension AsyncThrowingStream {
  /// The last answer of a metadata stream: the network's when it came, else the stored one standing in.
  public func finalResult<Value>() async throws(LastFMError) -> MetadataResult<Value>
  where Element == MetadataResult<Value> {
    var last: MetadataResult<Value>?
    do {
      for try await result in self { last = result }
    } catch let error as LastFMError {
      throw error
    } catch {
      throw .transport(.other(String(describing: error)))
    }
    guard let last else { throw .transport(.cancelled) }
    return last
  }
}

extension Array where Element == UInt8 {
  func containsSubsequence(_ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
    return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
  }
}

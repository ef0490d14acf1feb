import Foundation
import ImageCache
import Synchronization

/// Answers, in delivery order: at most a stored one, then the network's (or the stored one again,
/// flagged stale with the network's error). Fails with a `LastFMError` only when there is nothing to show.
public typealias MetadataStream<Value> = AsyncThrowingStream<MetadataResult<Value>, any Error>

/// `LastFMClient` with the metadata cache in front: every method streams the stored answer at once
/// (if any) while it asks the network, and stores every successful answer.
public final class CachedLastFMClient: Sendable {
  public let client: LastFMClient
  public let freshness: MetadataFreshness
  private let store: any MetadataStoring
  private let now: @Sendable () -> Date

  public init(
    client: LastFMClient, store: any MetadataStoring, freshness: MetadataFreshness = .standard,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.client = client
    self.store = store
    self.freshness = freshness
    self.now = now
  }

  /// The usual assembly: a client on `loader` and `metadata.sqlite` in `cacheFolder`.
  public convenience init(
    configuration: LastFMConfiguration, loader: any DataLoading, cacheFolder: URL,
    freshness: MetadataFreshness = .standard
  ) throws(MetadataCacheError) {
    self.init(
      client: LastFMClient(configuration: configuration, loader: loader),
      store: try MetadataCache(folder: cacheFolder), freshness: freshness)
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
  public func load<Value: Sendable>(
    _ request: LastFMRequest, policy: CachePolicy,
    decode: @escaping @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) -> MetadataStream<Value> {
    MetadataStream { continuation in
      let race = DeliveryRace()
      let stored: Task<MetadataResult<Value>?, Never>? =
        policy == .refresh
        ? nil
        : Task {
          guard let result = await self.storedResult(request, decode: decode) else { return nil }
          race.deliverStoredUnlessNetworkAnswered { continuation.yield(result) }
          return result
        }
      let network: Task<Void, Never>? =
        policy == .offline
        ? nil
        : Task {
          do throws(LastFMError) {
            let body = try await self.client.send(request)
            let value = try decode(body)
            race.deliverNetwork {
              continuation.yield(MetadataResult(value: value, source: .network, isStale: false, fetchedAt: self.now()))
            }
            await self.storeIfSafe(body, request: request)
            continuation.finish()
          } catch {
            // The stored answer stands, flagged stale, with the failure alongside.
            if var standIn = await stored?.value {
              standIn.isStale = true
              standIn.networkError = error
              continuation.yield(standIn)
              continuation.finish()
            } else {
              continuation.finish(throwing: error)
            }
          }
        }
      if policy == .offline, let stored {
        Task {
          if await stored.value == nil {
            continuation.finish(throwing: LastFMError.notCachedOffline(what: request.subject))
          } else {
            continuation.finish()
          }
        }
      }
      continuation.onTermination = { _ in
        stored?.cancel()
        network?.cancel()
      }
    }
  }

  private func storedResult<Value>(
    _ request: LastFMRequest, decode: @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) async -> MetadataResult<Value>? {
    // A stored answer that no longer decodes (e.g. written by a buggy server) counts as missing.
    guard let answer = await store.storedAnswer(for: request.cacheKey), let value = try? decode(answer.body) else {
      return nil
    }
    let age = now().timeIntervalSince(answer.storedAt)
    return MetadataResult(
      value: value, source: .cache, isStale: age > freshness[request.kind], fetchedAt: answer.storedAt)
  }

  /// Belt and braces: the key never contains the API key, and neither may a body we write.
  private func storeIfSafe(_ body: [UInt8], request: LastFMRequest) async {
    if let key = client.configuration.apiKey, body.containsSubsequence(Array(key.utf8)) { return }
    await store.store(body, for: request.cacheKey, method: request.method, at: now())
  }
}

/// Decides, atomically, whether the stored answer may still be delivered: not once the network answered.
private final class DeliveryRace: Sendable {
  private let networkAnswered = Mutex(false)

  func deliverStoredUnlessNetworkAnswered(_ deliver: () -> Void) {
    networkAnswered.withLock { answered in if !answered { deliver() } }
  }

  func deliverNetwork(_ deliver: () -> Void) {
    networkAnswered.withLock { answered in
      answered = true
      deliver()
    }
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

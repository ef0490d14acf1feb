import FoundationEssentials

/// Where raw answers are kept between runs. Failures inside a store are logged and read as misses:
/// a broken cache must never stop the browser.
public protocol MetadataStoring: Sendable {
  func storedAnswer(for key: String) async -> StoredAnswer?
  /// Replaces any answer stored for `key`.
  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async
  /// Says `body`, the answer stored for `key`, came again at `date`: a poller's unchanged answer. A store may
  /// move the stored time alone instead of writing the body again; one whose answer for `key` is another (a
  /// second process stored a newer one) stores `body`.
  func confirm(_ body: [UInt8], for key: String, method: String, at date: Date) async
}

extension MetadataStoring {
  /// A store without a cheaper way stores the answer again.
  public func confirm(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    await store(body, for: key, method: method, at: date)
  }
}

public struct StoredAnswer {
  /// The answer's JSON, exactly as the server sent it.
  public var body: [UInt8]
  public var storedAt: Date

  public init(body: [UInt8], storedAt: Date) {
    self.body = body
    self.storedAt = storedAt
  }
}

/// How long a stored answer counts as fresh, per kind of request.
public struct MetadataFreshness {
  public var lifetimes: [MetadataKind: TimeInterval]

  public init(lifetimes: [MetadataKind: TimeInterval] = [:]) {
    self.lifetimes = MetadataFreshness.defaultLifetimes.merging(lifetimes) { _, custom in custom }
  }

  public static let standard = MetadataFreshness()

  /// Charts and searches move hourly; artist, album and tag pages barely change within a day. Recent tracks change
  /// with every song a listener plays, so they are kept two minutes; what plays now is kept as long as the
  /// browser's shortest poll (10 s): a one-shot `imgcache now` right after another answers from the store, and a
  /// poll always asks the network (`CachePolicy.refresh`).
  public static let defaultLifetimes: [MetadataKind: TimeInterval] = [
    .chart: 3600, .search: 3600, .artistInfo: 86_400, .albumInfo: 86_400, .similarArtists: 86_400,
    .topAlbums: 86_400, .topTracks: 86_400, .recentTracks: 120, .listener: 3600, .lovedTracks: 3600,
    .listenerChart: 3600, .tagInfo: 86_400, .tagChart: 86_400, .trackInfo: 86_400, .nowPlaying: 10,
  ]

  public subscript(kind: MetadataKind) -> TimeInterval {
    get { lifetimes[kind] ?? 3600 }
    set { lifetimes[kind] = newValue }
  }
}

/// Which answers a cached call may use.
public enum CachePolicy {
  /// The stored answer at once (if any); the network's too unless the stored one is still fresh. The default.
  case cacheThenNetwork
  /// Only what is stored; `.notCachedOffline` when nothing is.
  case offline
  /// Only the network; the stored answer is skipped (and replaced on success).
  case refresh
}

public enum MetadataSource {
  case network
  /// The metadata cache ("offline cache" in the browser).
  case cache
}

/// One delivered answer and where it came from.
public struct MetadataResult<Value> {
  public var value: Value
  public var source: MetadataSource
  /// Stored past its freshness, or standing in for a failed network request.
  public var isStale: Bool
  /// When the answer was fetched from the network.
  public var fetchedAt: Date
  /// Set when the network failed and this stored answer stands in for it.
  public var networkError: LastFMError?

  public init(
    value: Value, source: MetadataSource, isStale: Bool, fetchedAt: Date, networkError: LastFMError? = nil
  ) {
    self.value = value
    self.source = source
    self.isStale = isStale
    self.fetchedAt = fetchedAt
    self.networkError = networkError
  }
}

extension StoredAnswer: Sendable, Equatable {}
extension MetadataFreshness: Sendable, Equatable {}
extension CachePolicy: Sendable, Equatable {}
extension MetadataSource: Sendable, Equatable {}
extension MetadataResult: Sendable where Value: Sendable {}
extension MetadataResult: Equatable where Value: Equatable {}

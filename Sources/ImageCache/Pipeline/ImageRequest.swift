import FoundationEssentials

/// What to load and how: a URL, the processors applied to the decoded image, a priority and options.
///
/// `ImageManager.image(for:)` and `data(for:)` take one; `image(for: URL)` is the short form for a request with
/// the defaults. A request worked out once and asked for many times (a table row redrawn) pays for its memory-tier
/// key once: the key is computed when the request is made, not on every lookup.
public struct ImageRequest: Sendable {
  /// The image's address (http or https).
  public var url: URL {
    get { storage.url }
    set { storage = Storage(url: newValue, processors: storage.processors) }
  }
  /// Applied in order to the decoded image; the result is what the memory tier keeps for this request.
  public var processors: [any ImageProcessing] {
    get { storage.processors }
    set { storage = Storage(url: storage.url, processors: newValue) }
  }
  /// How urgently the image is wanted: prefetches low, what is on screen high.
  public var priority: Priority
  /// Which tiers the request may read and write.
  public var options: Options

  /// The URL, the processors and their memory key in one immutable object: a request is copied on every hop
  /// through the pipeline (and by a caller's loop over its rows), and `URL` is a resilient type, copied through
  /// its value witnesses. Behind one reference a copy is one retain.
  private var storage: Storage

  /// The memory-tier key under the default credential parameters (`CredentialParameters.default`): the cache key,
  /// then the processors' identifiers. A manager with other credential parameters works its own out.
  var memoryKey: ImageCacheKey { storage.memoryKey }

  /// A request for `url`, processed by `processors` in order.
  public init(
    url: URL, processors: [any ImageProcessing] = [], priority: Priority = .normal, options: Options = []
  ) {
    storage = Storage(url: url, processors: processors)
    self.priority = priority
    self.options = options
  }

  /// A request for `url` with the defaults, whose memory key (under `CredentialParameters.default`) the caller
  /// has already worked out: `ImageManager.image(for: URL)` after a memory miss.
  init(url: URL, memoryKey: ImageCacheKey) {
    storage = Storage(url: url, processors: [], memoryKey: memoryKey)
    priority = .normal
    options = []
  }

  private final class Storage: Sendable {
    let url: URL
    let processors: [any ImageProcessing]
    let memoryKey: ImageCacheKey

    init(url: URL, processors: [any ImageProcessing], memoryKey: ImageCacheKey? = nil) {
      self.url = url
      self.processors = processors
      self.memoryKey = memoryKey ?? ImageRequest.memoryKey(url, processors)
    }
  }

  /// The memory-tier key for `url` processed by `processors`, its cache key (`CredentialParameters.cacheKey(for:)`) under
  /// `credentials`. An unprocessed image's key is its cache key, so `image(for: url)` and a request without
  /// processors share one entry. Identifiers follow a `#`, which a cache key never contains (fragments are dropped).
  static func memoryKey(
    _ url: URL, _ processors: [any ImageProcessing], credentials: CredentialParameters = .default
  ) -> ImageCacheKey {
    let key = credentials.cacheKey(for: url)
    guard !processors.isEmpty else { return ImageCacheKey(key) }
    return ImageCacheKey(key + "#" + processors.map(\.identifier).joined(separator: "|"))
  }

  /// How urgently a request is wanted, lowest first.
  public enum Priority: Int, Comparable, Sendable, CaseIterable {
    /// Work nobody waits for, e.g. warming a cache ahead of time.
    case veryLow
    /// Prefetching what is likely to be shown next.
    case low
    /// The default.
    case normal
    /// What is on screen now.
    case high
    /// What the user is looking at this moment, ahead of everything else.
    case veryHigh

    /// Orders priorities from `veryLow` to `veryHigh`.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Which tiers a request may read and write.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// Goes to the network without looking in either tier and without validators (no conditional request), then
    /// stores what arrives as usual.
    public static let reloadIgnoringCachedData = Options(rawValue: 1 << 0)
    /// Answers from the memory or disk tier only (a stale disk copy included, marked `isStale`); never makes a
    /// network request. An image in neither fails with `ImageManagerError.notCached`.
    public static let returnCacheDataDontLoad = Options(rawValue: 1 << 1)
    /// Neither reads nor writes the disk tier.
    public static let skipDiskTier = Options(rawValue: 1 << 2)
    /// Neither reads nor writes the memory tier.
    public static let skipMemoryTier = Options(rawValue: 1 << 3)
    /// For a request with processors: the disk tier keeps the processed image too (beside the original bytes,
    /// which it keeps as always), under the cache key and the processors' identifiers, as fresh as the original
    /// it was made from. A later manager asking the same request, in this process or another, reads it back
    /// without decoding the original or running the processors. Worth it where processing costs more than reading
    /// the pixels (`StoredBitmap`): a 64 × 64 thumbnail is 16 KiB on disk. It is written when the load read,
    /// downloaded or revalidated a fresh original, not when the original came from the memory tier, and not when
    /// the processors left the image as it was (a resize into a larger box): the original serves then. Ignored
    /// with `skipDiskTier`.
    public static let storeProcessedOnDisk = Options(rawValue: 1 << 4)
  }
}

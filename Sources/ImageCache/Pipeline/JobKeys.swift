import FoundationEssentials

/// Where a load may take its bytes from, as a request's options say.
struct LoadMode: Hashable, Sendable {
  /// No cached bytes read, no validators sent (`reloadIgnoringCachedData`).
  var reload = false
  /// Only cached bytes; never the network (`returnCacheDataDontLoad`).
  var cacheOnly = false
  /// The disk tier neither read nor written (`skipDiskTier`).
  var skipDisk = false
  /// A `stale-while-revalidate` refresh nobody waits for: loads, answered already, do not join it.
  var inBackground = false

  /// Disk, then network, as `image(for: URL)` does.
  static let standard = LoadMode()

  static let backgroundRevalidation = {
    var mode = LoadMode()
    mode.inBackground = true
    return mode
  }()

  init() {}

  init(_ options: ImageRequest.Options) {
    reload = options.contains(.reloadIgnoringCachedData)
    cacheOnly = options.contains(.returnCacheDataDontLoad)
    skipDisk = options.contains(.skipDiskTier)
  }
}

/// A load coalesced with others of the same URL and mode.
struct LoadJobKey: Hashable, Sendable {
  let url: URL
  let mode: LoadMode
  /// The URL's hash, worked out once: a job's key is looked up several times while it runs, and hashing a `URL`
  /// hashes its whole string each time (so does every entry a removal moves in the coalescer's table).
  private let urlHash: Int

  init(url: URL, mode: LoadMode) {
    self.url = url
    self.mode = mode
    self.urlHash = url.hashValue
  }

  static func == (lhs: LoadJobKey, rhs: LoadJobKey) -> Bool {
    lhs.urlHash == rhs.urlHash && lhs.mode == rhs.mode && lhs.url == rhs.url
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(urlHash)
    hasher.combine(mode)
  }
}

/// An image job: the memory key says which URL and processors, the options which tiers.
struct ImageJobKey: Hashable, Sendable {
  let memoryKey: ImageCacheKey
  let options: ImageRequest.Options
}

/// What `imageJobs` coalesces: a request's whole load, or the decode of an original that requests with other
/// processors share.
enum ImageJob: Hashable, Sendable {
  case request(ImageJobKey)
  case decode(LoadJobKey)
}

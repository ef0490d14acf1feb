import FoundationEssentials

extension ImageManager {
  /// Everything a user may tune; the defaults suit thumbnails.
  public struct Configuration {
    /// Where the disk tier lives; `nil` keeps images in memory only.
    public var cacheDirectory: URL?
    /// The disk tier's byte limit (512 MiB); least recently used entries are evicted beyond it.
    public var maxDiskBytes: Int = 512 << 20
    /// Pixel bytes the memory tier keeps (`ImageMemoryStore.defaultCostLimit`).
    public var memoryCostLimit: Int = ImageMemoryStore.defaultCostLimit
    /// Images the memory tier keeps (`ImageMemoryStore.defaultCountLimit`).
    public var memoryCountLimit: Int = ImageMemoryStore.defaultCountLimit
    /// Transfers running at once across all hosts (16); more wait their turn.
    public var maxConcurrentTransfers: Int = 16
    /// Connections to one host at once (6).
    public var maxConnectionsPerHost: Int = 6
    /// How long connecting may take (10 s).
    public var connectTimeout: Duration = .seconds(10)
    /// A transfer that receives nothing for this long is abandoned.
    public var stallTimeout: Duration = .seconds(15)
    /// The longest one transfer may take in all (60 s; `CurlDataLoader.Configuration.transferTimeout`).
    public var transferTimeout: Duration = .seconds(60)
    /// How long a disk-tier write waits for another process's lock on the index before it fails (5 s).
    public var diskLockTimeout: Duration = DiskStore.defaultLockTimeout
    /// Retries of a transient failure or a 408, 429 or 5xx answer, with backoff (2).
    public var maxRetries: Int = 2
    /// Used when a response says nothing about its freshness.
    public var defaultTTL: TimeInterval = 7 * 24 * 3600
    /// Query parameters left out of cache keys because they are credentials, per host.
    public var credentialParameters: CredentialParameters = .default
    /// Larger bodies are refused as they arrive (20 MiB).
    public var maxBodyBytes: Int = 20 << 20
    /// Images stating more pixels than this are refused before decoding.
    public var decodingLimits: DecodingLimits = .default
    /// PEM file of CA certificates trusted for https instead of libcurl's default bundle (a private CA); `nil` keeps
    /// the default. TLS verification stays on either way (`CurlDataLoader.Configuration.caBundlePath`).
    public var caBundlePath: String?
    /// A shared HTTP cache that many machines fetch images through (deploy/nginx-shared-cache.conf is one), e.g.
    /// `http://imgcache.internal:8080`; `nil` fetches from the origins. An image `SCHEME://HOST[:PORT]/PATH?QUERY`
    /// is requested as `<sharedCache>/SCHEME/HOST[:PORT]/PATH?QUERY`; it is still cached here under its own URL.
    /// While the shared cache is unreachable or answers 5xx, images come from their origins and one warning says so.
    /// Must be an http or https URL with a host and no user, query or fragment (`sharedCacheProblem`).
    public var sharedCache: URL?

    /// The defaults, with the disk tier in `cacheDirectory` (`nil`: memory only).
    public init(cacheDirectory: URL? = nil) {
      self.cacheDirectory = cacheDirectory
    }

    /// The cache folder to use when the user names none: `$IMGCACHE_DIR` if set, else `$XDG_CACHE_HOME/imgcache`
    /// (the XDG base directory specification), else `$HOME/.cache/imgcache`. Both tools and
    /// `ImageManager.shared` use it, so they share one cache.
    ///
    /// - Parameter environment: the variables to read; the process's own by default.
    public static func defaultCacheDirectory(
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
      if let dir = environment["IMGCACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir, isDirectory: true) }
      if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
        return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("imgcache", isDirectory: true)
      }
      let home =
        environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      return home.appendingPathComponent(".cache/imgcache", isDirectory: true)
    }
  }
}

extension ImageManager.Configuration {
  /// Why `url` cannot be a `sharedCache`, in words that fit after the name of the setting (e.g. "not an http or
  /// https URL"), or nil when it can. `ImageManager.init(configuration:)` refuses such a configuration with
  /// `ImageManagerError.invalidConfiguration`; tools call this to say so for their own option.
  public static func sharedCacheProblem(_ url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return "not an http or https URL"
    }
    guard let host = url.host, !host.isEmpty else { return "has no host" }
    // The shared cache serves everyone: no one's password belongs in its address (or in this process's logs).
    if url.user != nil || url.password != nil { return "must not carry a user name or password" }
    if url.query != nil || url.fragment != nil { return "must not carry a query or fragment" }
    return nil
  }
}

extension ImageManager.Configuration: Sendable {}

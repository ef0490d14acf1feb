import Foundation

extension ImageManager {
  /// Everything a user may tune; the defaults suit thumbnails.
  public struct Configuration {
    /// Where the disk tier lives; `nil` keeps images in memory only.
    public var cacheDirectory: URL?
    public var maxDiskBytes: Int = 512 << 20
    public var memoryCostLimit: Int = ImageMemoryStore.defaultCostLimit
    public var memoryCountLimit: Int = ImageMemoryStore.defaultCountLimit
    public var maxConcurrentTransfers: Int = 16
    public var maxConnectionsPerHost: Int = 6
    public var connectTimeout: Duration = .seconds(10)
    /// A transfer that receives nothing for this long is abandoned.
    public var stallTimeout: Duration = .seconds(15)
    public var maxRetries: Int = 2
    /// Used when a response says nothing about its freshness.
    public var defaultTTL: TimeInterval = 7 * 24 * 3600
    /// Query parameters left out of cache keys because they are credentials, per host.
    public var credentialParameters: CredentialParameters = .default
    public var maxBodyBytes: Int = 20 << 20
    public var decodingLimits: DecodingLimits = .default
    /// PEM file of CA certificates trusted for https instead of libcurl's default bundle (a private CA); `nil` keeps
    /// the default. TLS verification stays on either way (`CurlDataLoader.Configuration.caBundlePath`).
    public var caBundlePath: String?

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

extension ImageManager.Configuration: Sendable {}

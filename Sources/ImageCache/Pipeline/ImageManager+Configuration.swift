import Foundation

extension ImageManager {
  /// Everything a user may tune; the defaults suit thumbnails.
  public struct Configuration {
    /// Where the disk tier lives; `nil` keeps images in memory only.
    public var cacheDirectory: URL?
    public var maxDiskBytes: Int = 512 << 20
    public var memoryCostLimit: Int = 128 << 20
    public var memoryCountLimit: Int = 2000
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
  }
}

extension ImageManager.Configuration: Sendable {}

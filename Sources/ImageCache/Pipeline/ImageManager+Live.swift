import FoundationEssentials
import Logging

extension ImageManager {
  /// The production assembly: libcurl with retries (through `configuration.sharedCache` when set), the memory
  /// tier, the disk tier in `configuration.cacheDirectory`, libpng/libjpeg decoding.
  public convenience init(
    configuration: Configuration, transport: (any DataLoading)? = nil, logger: Logger = Logger(label: "imgcache")
  ) throws(ImageManagerError) {
    var policy = RetryPolicy()
    policy.maxRetries = configuration.maxRetries
    var base: any DataLoading = transport ?? Self.makeTransport(configuration)
    if let sharedCache = configuration.sharedCache {
      if let problem = Configuration.sharedCacheProblem(sharedCache) {
        throw .invalidConfiguration("shared cache \(ImageManagerError.redacted(sharedCache)): \(problem)")
      }
      // Below the retries: an unreachable shared cache costs one failed attempt, not a retried one, and a retry of
      // a failing origin does not wait for the shared cache again while it is out.
      base = SharedCacheDataLoader(
        wrapping: base, sharedCache: sharedCache, credentials: configuration.credentialParameters, logger: logger)
    }
    let loader = RetryingDataLoader(wrapping: base, policy: policy)
    var disk: DiskStore?
    if let directory = configuration.cacheDirectory {
      do {
        disk = try DiskStore(
          directory: directory, maxBytes: configuration.maxDiskBytes, lockTimeout: configuration.diskLockTimeout,
          logger: logger)
      } catch {
        throw .disk(error)
      }
    }
    self.init(
      loader: loader,
      memory: ImageMemoryStore(costLimit: configuration.memoryCostLimit, countLimit: configuration.memoryCountLimit),
      disk: disk, decoder: ImageDecoder(), limits: configuration.decodingLimits,
      maxBodyBytes: configuration.maxBodyBytes, defaultTTL: configuration.defaultTTL,
      credentialParameters: configuration.credentialParameters, logger: logger)
  }

  /// libcurl as configured, without retries: one multi handle that other clients (Last.fm, which retries by its
  /// own rules) may share.
  public static func makeTransport(_ configuration: Configuration) -> CurlDataLoader {
    var loaderConfiguration = CurlDataLoader.Configuration()
    loaderConfiguration.maxConcurrentTransfers = configuration.maxConcurrentTransfers
    loaderConfiguration.maxConnectionsPerHost = configuration.maxConnectionsPerHost
    loaderConfiguration.connectTimeout = configuration.connectTimeout
    loaderConfiguration.stallTimeout = configuration.stallTimeout
    loaderConfiguration.transferTimeout = configuration.transferTimeout
    loaderConfiguration.caBundlePath = configuration.caBundlePath
    return CurlDataLoader(configuration: loaderConfiguration)
  }
}

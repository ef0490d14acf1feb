import Foundation
import Logging

extension ImageManager {
  /// The production assembly: libcurl with retries, the memory tier, the disk tier in
  /// `configuration.cacheDirectory`, libpng/libjpeg decoding.
  public convenience init(
    configuration: Configuration, transport: (any DataLoading)? = nil, logger: Logger = Logger(label: "imgcache")
  ) throws(ImageManagerError) {
    var policy = RetryPolicy()
    policy.maxRetries = configuration.maxRetries
    let loader = RetryingDataLoader(wrapping: transport ?? Self.makeTransport(configuration), policy: policy)
    var disk: DiskStore?
    if let directory = configuration.cacheDirectory {
      do {
        disk = try DiskStore(directory: directory, maxBytes: configuration.maxDiskBytes)
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
    loaderConfiguration.caBundlePath = configuration.caBundlePath
    return CurlDataLoader(configuration: loaderConfiguration)
  }
}

import Foundation
import Logging

extension ImageManager {
  /// The production assembly: libcurl with retries, the memory tier, the disk tier in
  /// `configuration.cacheDirectory`, libpng/libjpeg decoding.
  public convenience init(configuration: Configuration, logger: Logger = Logger(label: "imgcache")) throws(ImageManagerError) {
    var loaderConfiguration = CurlDataLoader.Configuration()
    loaderConfiguration.maxConcurrentTransfers = configuration.maxConcurrentTransfers
    loaderConfiguration.maxConnectionsPerHost = configuration.maxConnectionsPerHost
    loaderConfiguration.connectTimeout = configuration.connectTimeout
    loaderConfiguration.stallTimeout = configuration.stallTimeout
    let curl = CurlDataLoader(configuration: loaderConfiguration)
    var policy = RetryPolicy()
    policy.maxRetries = configuration.maxRetries
    let loader = RetryingDataLoader(wrapping: curl, policy: policy)

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
      maxBodyBytes: configuration.maxBodyBytes, defaultTTL: configuration.defaultTTL, logger: logger)
  }
}

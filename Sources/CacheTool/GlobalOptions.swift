import ArgumentParser
import FoundationEssentials
import ImageCache
import LastFM
import ToolOptions

/// Options every subcommand takes: the cache options and `-v`, the browser's too (ToolOptions).
public struct GlobalOptions: ParsableArguments {
  @OptionGroup public var cache: CacheOptions
  @OptionGroup public var logging: LoggingOptions

  public init() {}

  var concurrency: Int { cache.concurrency }

  func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    cache.settings.cacheDirectory(environment: environment)
  }

  func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> ImageManager.Configuration
  {
    do {
      return try cache.settings.configuration(environment: environment)
    } catch {
      throw CommandFailure(error.description)
    }
  }

  func bootstrapLogging() {
    LoggingOptions.bootstrap(verbosity: logging.verbose)
  }

  func makeManager() throws -> ImageManager {
    bootstrapLogging()
    do {
      return try ImageManager(configuration: configuration())
    } catch let error as ImageManagerError {
      throw CommandFailure("\(error)")
    }
  }

  /// The cache folder's disk tier without a manager: the maintenance commands use it as `DiskCacheMaintenance`,
  /// `clear` as the store, since it also removes the indexes moved aside in its folder.
  func openDisk() throws -> DiskStore {
    bootstrapLogging()
    let configuration = try configuration()
    do {
      return try DiskStore(directory: configuration.cacheDirectory!, maxBytes: configuration.maxDiskBytes)
    } catch {
      throw CommandFailure("\(error)")
    }
  }
}

extension ImageSet.Size: ExpressibleByArgument {}

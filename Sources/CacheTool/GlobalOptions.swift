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

  init(cache: CacheOptions, logging: LoggingOptions) {
    self.cache = cache
    self.logging = logging
  }

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

  /// Opens the cache folder's disk tier (`openDisk`), runs `work` on it and closes it; what fails in between is
  /// the command's failure, in one line.
  func withDisk<Value>(_ work: (DiskStore) throws -> Value) throws -> Value {
    let disk = try openDisk()
    do {
      let value = try work(disk)
      try disk.close()
      return value
    } catch {
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

/// A subcommand that takes the global options. It declares the cache options and `-v` as two groups of its own
/// rather than one nested `GlobalOptions` group: ArgumentParser reflects every options type a command nests, and
/// the first look at each one (its conformances, its coding keys) is paid at every start.
protocol TakesGlobalOptions {
  var cache: CacheOptions { get }
  var logging: LoggingOptions { get }
}

extension TakesGlobalOptions {
  var global: GlobalOptions { GlobalOptions(cache: cache, logging: logging) }
}

extension ImageSet.Size: ExpressibleByArgument {}

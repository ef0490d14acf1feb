import FoundationEssentials
import Logging

extension ImageManager {
  /// A manager for programs that need only one: the default ``Configuration``, with its disk tier in
  /// ``Configuration/defaultCacheDirectory(environment:)`` (`$IMGCACHE_DIR`, else `$XDG_CACHE_HOME/imgcache`, else
  /// `~/.cache/imgcache`, the folder the `imgcache` and `artist-browser` tools use). Made on first use.
  ///
  /// If that folder cannot be opened (not writable, say), one warning is logged and images are kept in memory only.
  /// Programs that want their own folder or limits make their own manager with ``init(configuration:transport:logger:)``.
  public static let shared = makeShared(environment: ProcessInfo.processInfo.environment)

  /// `shared` as `environment` would make it.
  static func makeShared(environment: [String: String]) -> ImageManager {
    let logger = Logger(label: "imgcache")
    let configuration = Configuration(cacheDirectory: Configuration.defaultCacheDirectory(environment: environment))
    do {
      return try ImageManager(configuration: configuration, logger: logger)
    } catch {
      logger.warning("images are kept in memory only: \(error)")
      var memoryOnly = configuration
      memoryOnly.cacheDirectory = nil
      // Only opening the disk tier can fail.
      return try! ImageManager(configuration: memoryOnly, logger: logger)
    }
  }
}

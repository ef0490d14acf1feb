import FoundationEssentials
import ImageCache
import ImageCacheSupport
import TerminalUI

/// The cache options as values, apart from ArgumentParser so a tool can keep them in its own options and tests
/// can build them by hand. `CacheOptions` fills one from the command line.
public struct CacheSettings: Equatable, Sendable {
  /// `--cache-dir`, as given; nil or blank: the default folder (`cacheDirectory(environment:)`).
  public var cacheDirectory: String?
  public var maxDisk = "512MB"
  public var maxMemory = "128MB"
  public var concurrency = 16
  // 6, the browsers' rule, is the library's default too. Matching curl's 16 connections for `warm --per-host 16`
  // did not make a warm of 500 thumbnails from one nginx measurably faster (BENCHMARKS.md). Over HTTP/2 one
  // connection carries every transfer whatever this says.
  public var perHost = 6
  public var caBundle: String?
  /// `--shared-cache`, as given; nil: `IMGCACHE_SHARED_CACHE`, else none.
  public var sharedCache: String?
  /// `--transfer-timeout`: the longest one transfer (an image, a Last.fm answer) may take in all, in seconds.
  public var transferTimeoutSeconds = 60
  public var stallTimeoutSeconds: Int?
  public var maxBody: String?
  public var retries: Int?

  public init(cacheDirectory: String? = nil, sharedCache: String? = nil) {
    self.cacheDirectory = cacheDirectory
    self.sharedCache = sharedCache
  }

  /// The rule for the folder, written once for both tools: `--cache-dir`, else `$IMGCACHE_DIR`,
  /// `$XDG_CACHE_HOME/imgcache`, `~/.cache/imgcache`.
  public func cacheDirectory(environment: [String: String]) -> URL {
    if let cacheDirectory, !cacheDirectory.isEmpty { return URL(fileURLWithPath: cacheDirectory) }
    return ImageManager.Configuration.defaultCacheDirectory(environment: environment)
  }

  /// `--shared-cache`, else `IMGCACHE_SHARED_CACHE`; nil fetches from the origins.
  public func resolvedSharedCache(environment: [String: String]) throws(OptionFailure) -> URL? {
    try Self.sharedCache(option: sharedCache, environment: environment)
  }

  /// Every setting checked and applied, or one line naming the option at fault.
  public func configuration(environment: [String: String]) throws(OptionFailure) -> ImageManager.Configuration {
    guard let maxDiskBytes = ByteSize.parse(maxDisk), maxDiskBytes > 0 else {
      throw OptionFailure("--max-disk: cannot read \"\(TerminalText.sanitize(maxDisk))\" as a size; try 512MB or 2G")
    }
    guard let maxMemoryBytes = ByteSize.parse(maxMemory), maxMemoryBytes > 0 else {
      throw OptionFailure("--max-memory: cannot read \"\(TerminalText.sanitize(maxMemory))\" as a size; try 128MB")
    }
    guard (1...256).contains(concurrency) else { throw OptionFailure("--concurrency must be between 1 and 256") }
    guard (1...256).contains(perHost) else { throw OptionFailure("--per-host must be between 1 and 256") }
    var configuration = ImageManager.Configuration(cacheDirectory: cacheDirectory(environment: environment))
    configuration.sharedCache = try resolvedSharedCache(environment: environment)
    configuration.maxDiskBytes = maxDiskBytes
    configuration.memoryCostLimit = maxMemoryBytes
    configuration.maxConcurrentTransfers = concurrency
    configuration.maxConnectionsPerHost = min(perHost, concurrency)
    guard transferTimeoutSeconds >= 1 else { throw OptionFailure("--transfer-timeout must be at least 1 (seconds)") }
    configuration.transferTimeout = .seconds(transferTimeoutSeconds)
    if let stallTimeoutSeconds {
      guard stallTimeoutSeconds >= 1 else { throw OptionFailure("--stall-timeout must be at least 1 (seconds)") }
      configuration.stallTimeout = .seconds(stallTimeoutSeconds)
    }
    if let maxBody {
      guard let bytes = ByteSize.parse(maxBody), bytes > 0 else {
        throw OptionFailure("--max-body: cannot read \"\(TerminalText.sanitize(maxBody))\" as a size; try 2MB")
      }
      configuration.maxBodyBytes = bytes
    }
    if let caBundle {
      configuration.caBundlePath = try Self.checkedCABundle(caBundle)
    }
    if let retries {
      guard (0...10).contains(retries) else { throw OptionFailure("--retries must be between 0 and 10") }
      configuration.maxRetries = retries
    }
    return configuration
  }

  /// The path as given, once it names a readable regular file: libcurl would only say so per transfer, as a TLS
  /// failure on every URL.
  public static func checkedCABundle(_ path: String) throws(OptionFailure) -> String {
    let shown = TerminalText.sanitize(path)
    var isDirectory = false
    guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw OptionFailure("--ca-bundle: no such file: \(shown)")
    }
    guard !isDirectory else { throw OptionFailure("--ca-bundle: \(shown) is a folder, not a PEM file") }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw OptionFailure("--ca-bundle: cannot read \(shown) (permission denied)")
    }
    return path
  }

  /// The shared cache both tools use: `option` (their `--shared-cache`) when given, else the environment's
  /// `IMGCACHE_SHARED_CACHE`; blank counts as not given, and none means fetching from the origins. A value that
  /// cannot be a `sharedCache` is refused in one line naming where it came from and what to give instead (never
  /// echoing it: it might hold a password).
  public static func sharedCache(option: String?, environment: [String: String]) throws(OptionFailure) -> URL? {
    let given = { (value: String?) -> String? in
      guard let text = value?.trimmingWhitespace(), !text.isEmpty else { return nil }
      return String(text)
    }
    let text: String
    let source: String
    if let value = given(option) {
      (text, source) = (value, "--shared-cache")
    } else if let value = given(environment["IMGCACHE_SHARED_CACHE"]) {
      (text, source) = (value, "IMGCACHE_SHARED_CACHE")
    } else {
      return nil
    }
    let problem: String?
    if let url = URL(string: text) {
      problem = ImageManager.Configuration.sharedCacheProblem(url)
    } else {
      problem = "not a URL"
    }
    guard let problem else { return URL(string: text) }
    throw OptionFailure("\(source): \(problem); give http(s)://HOST[:PORT][/PATH], e.g. http://imgcache.internal:8080")
  }
}

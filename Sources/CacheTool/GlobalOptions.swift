import ArgumentParser
import Foundation
import ImageCache
import Logging
import TerminalUI

/// Options every subcommand takes: where the cache is, how big it may grow, how loud to be.
public struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("cache-dir"),
    help: "Cache folder (default: $IMGCACHE_DIR, $XDG_CACHE_HOME/imgcache, ~/.cache/imgcache).")
  var cacheDir: String?

  @Option(name: .customLong("max-disk"), help: "Disk tier limit, e.g. 512MB, 2G.")
  var maxDisk: String = "512MB"

  @Option(name: .customLong("max-memory"), help: "Memory tier limit (decoded pixels), e.g. 128MB.")
  var maxMemory: String = "128MB"

  @Option(help: "Transfers at once, in total.")
  var concurrency: Int = 16

  // 6, the browsers' rule, is the library's default too. Matching curl's 16 connections for `warm --per-host 16` did
  // not make a warm of 500 thumbnails from one nginx measurably faster (BENCHMARKS.md). Over HTTP/2 one
  // connection carries every transfer whatever this says.
  @Option(
    name: .customLong("per-host"),
    help: "Connections to one host at once (at most --concurrency).")
  var perHost: Int = 6

  @Option(
    name: .customLong("ca-bundle"),
    help: ArgumentHelp(
      "PEM file of CA certificates to trust for https (a private CA); verification stays on.", valueName: "file"))
  var caBundle: String?

  @Option(
    name: .customLong("shared-cache"),
    help: ArgumentHelp(
      "Shared HTTP cache to fetch images through, e.g. http://imgcache.internal:8080; origins are fetched directly "
        + "while it is out (default: $IMGCACHE_SHARED_CACHE).", valueName: "url"))
  var sharedCache: String?

  @Option(
    name: .customLong("transfer-timeout"),
    help: ArgumentHelp("Longest one transfer may take in all, in seconds.", valueName: "seconds"))
  var transferTimeoutSeconds: Int = 60

  @Flag(name: .shortAndLong, help: "Log what happens (repeat for more).")
  var verbose: Int

  // Hidden knobs for fault-injection tests: a stalled server must not take the default 15 s per attempt.
  @Option(name: .customLong("stall-timeout"), help: .hidden)
  var stallTimeoutSeconds: Int?

  @Option(name: .customLong("max-body"), help: .hidden)
  var maxBody: String?

  @Option(name: .customLong("retries"), help: .hidden)
  var retries: Int?

  public init() {}

  /// The folder, by the precedence the README documents.
  func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let cacheDir, !cacheDir.isEmpty { return URL(fileURLWithPath: cacheDir) }
    return ImageManager.Configuration.defaultCacheDirectory(environment: environment)
  }

  func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> ImageManager.Configuration
  {
    guard let maxDiskBytes = ByteSize.parse(maxDisk), maxDiskBytes > 0 else {
      throw CommandFailure("--max-disk: cannot read \"\(maxDisk)\" as a size; try 512MB or 2G")
    }
    guard let maxMemoryBytes = ByteSize.parse(maxMemory), maxMemoryBytes > 0 else {
      throw CommandFailure("--max-memory: cannot read \"\(maxMemory)\" as a size; try 128MB")
    }
    guard (1...256).contains(concurrency) else {
      throw CommandFailure("--concurrency must be between 1 and 256")
    }
    guard (1...256).contains(perHost) else {
      throw CommandFailure("--per-host must be between 1 and 256")
    }
    var configuration = ImageManager.Configuration(cacheDirectory: cacheDirectory(environment: environment))
    do {
      configuration.sharedCache = try ImageManager.Configuration.sharedCache(
        option: sharedCache, environment: environment)
    } catch {
      throw CommandFailure("\(error)")
    }
    configuration.maxDiskBytes = maxDiskBytes
    configuration.memoryCostLimit = maxMemoryBytes
    configuration.maxConcurrentTransfers = concurrency
    configuration.maxConnectionsPerHost = min(perHost, concurrency)
    guard transferTimeoutSeconds >= 1 else { throw CommandFailure("--transfer-timeout must be at least 1 (seconds)") }
    configuration.transferTimeout = .seconds(transferTimeoutSeconds)
    if let stallTimeoutSeconds {
      guard stallTimeoutSeconds >= 1 else { throw CommandFailure("--stall-timeout must be at least 1 (seconds)") }
      configuration.stallTimeout = .seconds(stallTimeoutSeconds)
    }
    if let maxBody {
      guard let bytes = ByteSize.parse(maxBody), bytes > 0 else {
        throw CommandFailure("--max-body: cannot read \"\(maxBody)\" as a size; try 2MB")
      }
      configuration.maxBodyBytes = bytes
    }
    if let caBundle {
      configuration.caBundlePath = try Self.checkedCABundle(caBundle)
    }
    if let retries {
      guard (0...10).contains(retries) else { throw CommandFailure("--retries must be between 0 and 10") }
      configuration.maxRetries = retries
    }
    return configuration
  }

  /// The path as given, once it names a readable regular file: libcurl would only say so per transfer, as a TLS
  /// failure on every URL.
  static func checkedCABundle(_ path: String) throws -> String {
    let shown = TerminalText.sanitize(path)
    var isDirectory: ObjCBool = false
    guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandFailure("--ca-bundle: no such file: \(shown)")
    }
    guard !isDirectory.boolValue else { throw CommandFailure("--ca-bundle: \(shown) is a folder, not a PEM file") }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw CommandFailure("--ca-bundle: cannot read \(shown) (permission denied)")
    }
    return path
  }

  func bootstrapLogging() {
    let level: Logger.Level = verbose >= 2 ? .trace : verbose == 1 ? .debug : .warning
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }

  func makeManager() throws -> ImageManager {
    bootstrapLogging()
    do {
      return try ImageManager(configuration: configuration())
    } catch let error as ImageManagerError {
      throw CommandFailure("\(error)")
    }
  }

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

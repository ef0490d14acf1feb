import ArgumentParser

/// The cache options both tools take: where the cache is, how big it may grow, how images are fetched.
public struct CacheOptions: ParsableArguments {
  @Option(
    name: .customLong("cache-dir"),
    help: ArgumentHelp(
      "Cache folder (default: $IMGCACHE_DIR, $XDG_CACHE_HOME/imgcache, ~/.cache/imgcache).", valueName: "dir"))
  var cacheDir: String?

  @Option(name: .customLong("max-disk"), help: ArgumentHelp("Disk tier limit, e.g. 512MB, 2G.", valueName: "size"))
  var maxDisk: String = CacheSettings().maxDisk

  @Option(
    name: .customLong("max-memory"),
    help: ArgumentHelp("Memory tier limit (decoded pixels), e.g. 128MB.", valueName: "size"))
  var maxMemory: String = CacheSettings().maxMemory

  @Option(help: ArgumentHelp("Transfers at once, in total.", valueName: "n"))
  public var concurrency: Int = CacheSettings().concurrency

  @Option(
    name: .customLong("per-host"),
    help: ArgumentHelp("Connections to one host at once (at most --concurrency).", valueName: "n"))
  var perHost: Int = CacheSettings().perHost

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
  var transferTimeoutSeconds: Int = CacheSettings().transferTimeoutSeconds

  // Hidden knobs for fault-injection tests: a stalled server must not take the default 15 s per attempt.
  @Option(name: .customLong("stall-timeout"), help: .hidden)
  var stallTimeoutSeconds: Int?

  @Option(name: .customLong("max-body"), help: .hidden)
  var maxBody: String?

  @Option(name: .customLong("retries"), help: .hidden)
  var retries: Int?

  public init() {}

  /// What was given, as values.
  public var settings: CacheSettings {
    var settings = CacheSettings(cacheDirectory: cacheDir, sharedCache: sharedCache)
    settings.maxDisk = maxDisk
    settings.maxMemory = maxMemory
    settings.concurrency = concurrency
    settings.perHost = perHost
    settings.caBundle = caBundle
    settings.transferTimeoutSeconds = transferTimeoutSeconds
    settings.stallTimeoutSeconds = stallTimeoutSeconds
    settings.maxBody = maxBody
    settings.retries = retries
    return settings
  }
}

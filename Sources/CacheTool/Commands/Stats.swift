import ArgumentParser
import FoundationEssentials
import ImageCache
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Stats: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "stats", abstract: "Show what the cache holds and how often it answered.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var cacheDirectory: String
    var entries: Int
    var bytes: Int
    var maxBytes: Int
    var diskHits: Int
    var diskMisses: Int
    var memoryLimitBytes: Int
    var oldestAccess: Date?
    var newestAccess: Date?
  }

  func run() async throws {
    try await reportingFailures {
      let stats = try global.withDisk { try $0.statistics() }
      let output = Output(
        cacheDirectory: global.cacheDirectory().path, entries: stats.entryCount, bytes: stats.totalBytes,
        maxBytes: stats.maxBytes, diskHits: stats.hits, diskMisses: stats.misses,
        memoryLimitBytes: try global.configuration().memoryCostLimit,
        oldestAccess: stats.oldestAccess, newestAccess: stats.newestAccess)
      if json {
        try Console.print(try Console.json(output))
        return
      }
      let percent = stats.maxBytes > 0 ? Double(stats.totalBytes) * 100 / Double(stats.maxBytes) : 0
      let lookups = stats.hits + stats.misses
      let hitRate =
        lookups > 0 ? " (\(PlainFormat.fixed(Double(stats.hits) * 100 / Double(lookups), digits: 0))% hits)" : ""
      try Console.print(
        "cache:       \(output.cacheDirectory)",
        "entries:     \(stats.entryCount)",
        "disk:        \(ByteSize.format(stats.totalBytes)) of \(ByteSize.format(stats.maxBytes)) "
          + "(\(PlainFormat.fixed(percent, digits: 1))%)",
        "disk hits:   \(stats.hits) hits, \(stats.misses) misses\(hitRate)",
        "memory:      limit \(ByteSize.format(output.memoryLimitBytes)) per process (decoded pixels)",
        "oldest use:  \(stats.oldestAccess.map(Self.format) ?? "-")",
        "newest use:  \(stats.newestAccess.map(Self.format) ?? "-")")
    }
  }

  /// `yyyy-MM-dd HH:mm:ss` in local time, by `localtime_r` (a `DateFormatter` would bring ICU into the binary).
  static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return "-" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }
}

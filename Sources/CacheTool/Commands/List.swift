import ArgumentParser
import FoundationEssentials
import ImageCache
import TerminalUI
import ToolOptions

struct List: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "ls", abstract: "List cached entries, most recently used first.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  @Option(help: "Show at most this many entries.")
  var limit: Int?

  @Flag(help: "Print as JSON.")
  var json = false

  struct Row: Codable {
    var url: String
    var bytes: Int
    var width: Int?
    var height: Int?
    var contentType: String?
    var fresh: Bool
    var expiresAt: Date?
    var lastAccess: Date
    var created: Date
  }

  func run() async throws {
    try await reportingFailures {
      let entries = try global.withDisk { try $0.entries(limit: limit) }
      let now = Date()
      let rows = entries.map { entry in
        Row(
          url: entry.key, bytes: entry.byteSize, width: entry.metadata.width, height: entry.metadata.height,
          contentType: entry.metadata.contentType, fresh: entry.isFresh(at: now), expiresAt: entry.metadata.expiresAt,
          lastAccess: entry.lastAccessAt, created: entry.createdAt)
      }
      if json {
        try Console.print(try Console.json(rows))
        return
      }
      let lines = rows.map { row in
        let size = ByteSize.format(row.bytes).fixedWidth(9)
        let dims = "\(row.width.map(String.init) ?? "?")×\(row.height.map(String.init) ?? "?")"
        let state = row.fresh ? "fresh" : "stale"
        return "\(Stats.format(row.lastAccess))  \(size) \(dims.fixedWidth(10)) "
          + "\(state)  " + TerminalText.sanitize(row.url)
      }
      try Console.print(rows.isEmpty ? "(cache is empty)" : lines.joined(separator: "\n"))
    }
  }
}

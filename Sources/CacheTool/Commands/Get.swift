import ArgumentParser
import FoundationEssentials
import ImageCache
import TerminalUI
import ToolOptions

struct Get: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "get",
    abstract: "Fetch one image through the cache; print which tier answered, its dimensions and size.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  @Argument(help: "Image URL (http or https).")
  var url: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Also write the image bytes here: a file (replaced atomically, its mode kept), through a symbolic link, or "
        + "into a device or FIFO such as /dev/stdout (the summary then goes to stderr).", valueName: "path"))
  var output: String?

  @Flag(help: "Print the result as JSON.")
  var json = false

  struct Result: Codable {
    var url: String
    var tier: String
    var format: String
    var width: Int
    var height: Int
    var bytes: Int
    var stale: Bool
  }

  func run() async throws {
    try await reportingFailures {
      guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme)
      else {
        throw CommandFailure("\(url) is not an http(s) URL")
      }
      let manager = try global.makeManager()
      let result: ImageDataResponse
      do {
        result = try await manager.data(for: parsed)
      } catch {
        try? manager.close()
        throw CommandFailure("\(error)")
      }
      try? manager.close()
      if let output { try OutputFile.write(result.bytes, to: output) }
      // With the image on stdout (`-o /dev/stdout`), the summary keeps out of its bytes.
      let summaryToStderr = output.map(OutputFile.isStandardOutput) ?? false
      let say = { (text: String) throws(OutputFailure) in
        if summaryToStderr { Console.note(text) } else { try Console.print(text) }
      }
      let summary = Result(
        url: ImageManagerError.redactedURL(parsed), tier: result.tier.rawValue, format: result.header.format.rawValue,
        width: result.header.width, height: result.header.height, bytes: result.bytes.count, stale: result.isStale)
      if json {
        try say(try Console.json(summary))
      } else {
        let stale = result.isStale ? " (stale: network unavailable)" : ""
        try say(
          "\(summary.tier)\(stale)  \(summary.format.uppercased()) \(summary.width)×\(summary.height)  "
            + "\(ByteSize.format(summary.bytes))  \(summary.url)")
      }
    }
  }
}

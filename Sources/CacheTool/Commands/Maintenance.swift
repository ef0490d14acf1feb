import ArgumentParser
import FoundationEssentials
import ImageCache
import ImageCacheSupport
import TerminalUI
import ToolOptions

struct Trim: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "trim",
    abstract: "Evict least recently used entries down to a size (default: 90% of --max-disk).")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  @Option(name: .customLong("max-size"), help: "Target size, e.g. 100MB.")
  var maxSize: String?

  func run() async throws {
    try await reportingFailures {
      var target: Int?
      if let maxSize {
        guard let bytes = ByteSize.parse(maxSize) else {
          throw CommandFailure("--max-size: cannot read \"\(maxSize)\" as a size; try 100MB")
        }
        target = bytes
      }
      let report = try global.withDisk { try $0.trim(toBytes: target) }
      try Console.print(
        "removed \(report.removedEntries) entries (\(ByteSize.format(report.removedBytes))); "
          + "\(ByteSize.format(report.remainingBytes)) remain")
    }
  }
}

struct Clear: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "clear", abstract: "Remove every cached image.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  func run() async throws {
    try await reportingFailures {
      let (before, directory) = try global.withDisk { disk in
        let before = try disk.statistics()
        try disk.removeAll()
        return (before, disk.directory)
      }
      // Indexes moved aside as damaged are nobody's cache any more; left, they would only grow the folder.
      let damaged = DamagedDatabase.removeMovedAside(in: directory.path)
      let copies =
        damaged.copies == 0
        ? ""
        : ", and \(damaged.copies) damaged \(damaged.copies == 1 ? "copy" : "copies") of an index moved aside "
          + "(\(ByteSize.format(damaged.bytes)))"
      try Console.print("removed \(before.entryCount) entries (\(ByteSize.format(before.totalBytes)))" + copies)
    }
  }
}

struct Verify: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check that every entry has its bytes, of the right size, and decodes; --fix removes what is broken.")

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  @Flag(help: "Remove broken entries and orphaned files.")
  var fix = false

  @Flag(help: "Print the report as JSON.")
  var json = false

  struct Output: Codable {
    var checked: Int
    var broken: [String]
    var orphans: Int
    var notFolders: [String]
    var fixed: Bool
    var clean: Bool
  }

  func run() async throws {
    try await reportingFailures {
      let decoder = ImageDecoder()
      // Processed images (`storeProcessedOnDisk`) are kept as checksummed pixels, not PNG or JPEG.
      let report = try global.withDisk { disk in
        try disk.verify(fix: fix) { bytes in
          StoredBitmap.decode(bytes) != nil || (try? decoder.decode(bytes, limits: .default)) != nil
        }
      }
      let output = Output(
        checked: report.checked, broken: report.brokenKeys, orphans: report.orphans,
        notFolders: report.strayShardFolders, fixed: report.fixed, clean: report.isClean)
      if json {
        try Console.print(try Console.json(output))
      } else {
        var lines = [
          "checked \(report.checked) entries: \(report.brokenKeys.count) broken, \(report.orphans) orphaned files"
        ]
        lines += report.brokenKeys.prefix(20).map { "broken: \(TerminalText.sanitize($0))" }
        lines += report.strayShardFolders.prefix(20).map {
          "not a folder (a link, a pipe or a device, never followed): \(TerminalText.sanitize($0))"
        }
        if !report.isClean {
          lines.append(
            report.fixed
              ? "fixed: broken entries, orphans and what was not a folder removed"
              : "run `imgcache verify --fix` to remove them")
        }
        try Console.print(lines.joined(separator: "\n"))
      }
      if !report.isClean && !report.fixed { throw ExitCode.failure }
    }
  }
}

import ArgumentParser
import Foundation
import ImageCache

struct Warm: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Prefetch images into the cache: from a URL list, or an artist's covers.")

  @OptionGroup var global: GlobalOptions

  @Option(help: "File with one URL a line ('-' for standard input; blank lines and # comments skipped).")
  var urls: String?

  @Flag(help: "Print the summary as JSON.")
  var json = false

  func run() async throws {
    try await reportingFailures {
      guard let urls else {
        throw CommandFailure("give --urls FILE (or - for standard input)")
      }
      let list = try URLList.read(urls)
      let manager = try global.makeManager()
      let report = await WarmRun.prefetch(list.urls, with: manager, concurrency: global.concurrency, json: json)
      try WarmRun.finish(report, invalid: list.invalid, manager: manager, json: json)
    }
  }
}

/// What `warm --urls` and `warm <artist>` share: the prefetch with its bar, and the summary.
enum WarmRun {
  static func prefetch(_ urls: [URL], with manager: ImageManager, concurrency: Int, json: Bool) async -> PrefetchReport {
    let bar = ProgressBar(enabled: Console.stderrIsTerminal)
    let work = Task { () -> PrefetchReport in
      await manager.prefetch(urls, maxInFlight: concurrency * 2) { bar.update($0) }
    }
    // Signals cancel the whole prefetch; finished entries stay cached.
    let interrupts = InterruptHandler { work.cancel() }
    let report = await work.value
    withExtendedLifetime(interrupts) {}
    bar.finish()
    return report
  }

  static func finish(_ report: PrefetchReport, invalid: [String], manager: ImageManager, json: Bool) throws {
    do {
      try manager.close()
    } catch {
      // Closing only writes bookkeeping (access times, hit counts); when the disk is full that fails too, and
      // the summary below already says so: one line about a full disk, not two.
      if !report.failures.contains(where: { $0.message == "\(error)" }) { throw CommandFailure("\(error)") }
    }
    var report = report
    for line in invalid {
      report.total += 1
      report.failed += 1
      report.failures.append(.init(url: line, message: "not an http(s) URL"))
    }
    if json {
      print(try Console.json(report))
    } else {
      print(summary(report))
      // The same message for many URLs (a full disk, an unwritable folder) is said once, with a count.
      let grouped = groupedFailures(report.failures)
      for (message, count) in grouped.prefix(20) {
        print("failed: \(message)" + (count > 1 ? " (\(count) URLs)" : ""))
      }
      if grouped.count > 20 { print("… and \(grouped.count - 20) more failures") }
    }
    if report.cancelled { throw ExitCode(130) }
    if report.failed > 0 { throw ExitCode.failure }
  }

  /// Distinct failure messages in first-seen order, each with how many URLs gave it.
  static func groupedFailures(_ failures: [PrefetchReport.Failure]) -> [(message: String, count: Int)] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for failure in failures {
      if counts[failure.message] == nil { order.append(failure.message) }
      counts[failure.message, default: 0] += 1
    }
    return order.map { ($0, counts[$0]!) }
  }

  static func summary(_ report: PrefetchReport) -> String {
    var parts = [
      "\(report.fetched) fetched", "\(report.alreadyFresh) already fresh", "\(report.revalidated) revalidated",
    ]
    if report.stale > 0 { parts.append("\(report.stale) stale (network failed)") }
    parts.append("\(report.failed) failed")
    let verb = report.cancelled ? "interrupted after" : "warmed"
    return "\(verb) \(report.total) URLs in \(String(format: "%.2f", report.seconds)) s: "
      + parts.joined(separator: ", ") + "; \(ByteSize.format(report.bytesDownloaded)) downloaded"
  }
}

/// One URL a line; what is not an http(s) URL is reported, not silently dropped.
struct URLList {
  var urls: [URL] = []
  var invalid: [String] = []

  static func read(_ path: String) throws -> URLList {
    let text: String
    if path == "-" {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandFailure("cannot read URL list \(path); check the path")
      }
      text = String(decoding: data, as: UTF8.self)
    }
    return parse(text)
  }

  static func parse(_ text: String) -> URLList {
    var list = URLList()
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if let url = URL(string: line), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.host != nil
      {
        list.urls.append(url)
      } else {
        list.invalid.append(line)
      }
    }
    return list
  }
}

import Foundation
import ScrobbleArchive
import TestSupport
import Testing

@testable import CacheTool

/// The history commands as parsed from their arguments, run against a small archive in Berlin's time: each `--json`
/// output against its schema in docs/schemas, the text's numbers, names from the archive made safe, and the one-line
/// failures.
@Suite struct HistoryCommandTests {
  static let zone = LocalZone(name: "Europe/Berlin")
  /// 2024-06-15 12:00 in Berlin.
  static let now = zone.start(of: LocalDate(year: 2024, month: 6, day: 15)) + 12 * 3600
  static let context = HistoryContext(environment: [:], zone: zone, now: now)

  static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> Int64 {
    zone.start(of: LocalDate(year: year, month: month, day: day)) + Int64(hour * 3600)
  }

  static let hostile = "Evil\u{1B}[2J\u{07}Band"

  static func archive() throws -> ScratchArchive {
    let archive = try ScratchArchive(listener: "ada")
    try archive.add([
      .init(at(2023, 6, 15, 9), "Old", album: "O", track: "o"),
      .init(at(2024, 1, 1, 0), "Bea", album: "B", track: "x"),
      .init(at(2024, 1, 1, 0) + 200, "Bea", album: "B", track: "y"),
      // 22 hours after the midnight of this 23-hour day is 23:00.
      .init(at(2024, 3, 31, 22), "Cy", album: "C", track: "z"),
      .init(at(2024, 3, 31, 22) + 200, "Cy", album: "C", track: "z"),
      .init(at(2024, 4, 1, 1), hostile, album: "H", track: "h"),
      .init(at(2024, 4, 2, 1), "Bea", album: "B", track: "x"),
    ])
    try archive.setDuration(artist: "Bea", track: "x", seconds: 180)
    return archive
  }

  func run(_ command: any ArchiveReading.Type, _ arguments: [String], in archive: ScratchArchive) throws -> String {
    let parsed = try command.parseAsRoot(["ada"] + arguments + archive.arguments)
    return try #require(parsed as? any ArchiveReading).output(context: Self.context)
  }

  static let commands: [(any ArchiveReading.Type, String, [String])] = [
    (HistoryTop.self, "imgcache-history-top", ["--year", "2024"]),
    (HistoryTop.self, "imgcache-history-top", ["--by", "album", "--from", "2024-03", "--to", "2024-04-01"]),
    (HistoryTop.self, "imgcache-history-top", ["--by", "track"]),
    (HistoryFirstListens.self, "imgcache-history-new", ["--year", "2024"]),
    (HistoryFirstListens.self, "imgcache-history-new", ["--by", "album", "--month", "2024-04"]),
    (HistoryStreak.self, "imgcache-history-streak", ["--year", "2024"]),
    (HistoryStreak.self, "imgcache-history-streak", ["--year", "2001"]),
    (HistoryListeningTime.self, "imgcache-history-time", []),
    (HistoryOnThisDay.self, "imgcache-history-on-this-day", []),
    (HistoryHeatmap.self, "imgcache-history-heatmap", ["--year", "2024"]),
    (HistoryClock.self, "imgcache-history-clock", ["--from", "2024"]),
    (HistoryMonths.self, "imgcache-history-months", ["--to", "2024-12-31"]),
  ]

  @Test(
    .enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"),
    arguments: commands.indices)
  func everyJSONOutputMatchesItsSchema(index: Int) throws {
    let (command, schema, arguments) = Self.commands[index]
    let archive = try Self.archive()
    defer { archive.remove() }
    let output = try run(command, arguments + ["--json"], in: archive)
    let problems = try JSONSchemaValidator.problems(in: output, schema: JSONSchemaValidator.schema(schema))
    #expect(problems == [], "\(output)")
    #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "no control characters in the JSON")
  }

  @Test func topCountsTheLocalYearAndCleansNamesForTheTerminal() throws {
    let archive = try Self.archive()
    defer { archive.remove() }
    let text = try run(HistoryTop.self, ["--year", "2024"], in: archive)
    #expect(
      text.split(separator: "\n") == [
        "Top artists of ada, 2024-01-01 to 2024-12-31: 6 plays", "1. 3  Bea", "2. 2  Cy", "3. 1  EvilBand",
      ])
    let json = try JSONSerialization.jsonObject(
      with: Data(try run(HistoryTop.self, ["--year", "2024", "--json"], in: archive).utf8))
    let entries = try #require((json as? [String: Any])?["entries"] as? [[String: Any]])
    #expect(entries.map { $0["artist"] as? String } == ["Bea", "Cy", "EvilBand"], "escape sequences go whole")
  }

  @Test func theChartsAndTheOtherStatsSayWhatTheArchiveHolds() throws {
    let archive = try Self.archive()
    defer { archive.remove() }
    let streak = try run(HistoryStreak.self, ["--year", "2024"], in: archive)
    #expect(streak.contains("longest streak 3 days, 2024-03-31 to 2024-04-02 (4 plays)"), "\(streak)")
    let time = try run(HistoryListeningTime.self, ["--year", "2024"], in: archive)
    #expect(time.contains("6 plays; 4 estimated (1 from the gap to the next play, 3 as a typical 180 s)"), "\(time)")
    let onThisDay = try run(HistoryOnThisDay.self, [], in: archive)
    #expect(onThisDay.split(separator: "\n").last == "2023: 1 plays: Old (1)")
    let heatmap = try run(HistoryHeatmap.self, ["--plain"], in: archive).split(separator: "\n")
    #expect(heatmap.first == "ada, 2024: 6 plays")
    // 2024-01-01 was a Monday: the first cell of the Monday row, 2 plays, the most of any day.
    #expect(heatmap[2].hasPrefix("Mon █"))
    let months = try run(HistoryMonths.self, ["--year", "2024", "--plain"], in: archive).split(separator: "\n")
    #expect(months.count == 5 && months[1].hasSuffix(" 2") && months[2] == "2024-02 0" && months[4].hasSuffix(" 2"))
  }

  @Test func badRangesAndMissingArchivesFailInOneLine() throws {
    let archive = try Self.archive()
    defer { archive.remove() }
    let failures: [[String]] = [
      ["--year", "2024", "--month", "2024-03"], ["--from", "2024-02-30"], ["--from", "2024-03", "--to", "2024-02"],
      ["--year", "\u{1B}[31m24"], ["--limit", "0"],
    ]
    for arguments in failures {
      #expect(throws: CommandFailure.self, "\(arguments)") { try run(HistoryTop.self, arguments, in: archive) }
    }
    do {
      _ = try HistoryTop.parse(["nobody"] + archive.arguments).output(context: Self.context)
      Issue.record("a missing archive must fail")
    } catch let failure as CommandFailure {
      #expect(failure.description == "no archive of nobody yet: run `imgcache history sync nobody` first")
    }
    #expect(!FileManager.default.fileExists(atPath: archive.folder.appendingPathComponent("nobody.sqlite").path))
    do {
      _ = try HistoryTop.parse(["../etc"] + archive.arguments).output(context: Self.context)
      Issue.record("a name that is not a listener's must fail")
    } catch let failure as CommandFailure {
      #expect(failure.description.hasPrefix("\"../etc\" is not a Last.fm listener name"))
    }
  }
}

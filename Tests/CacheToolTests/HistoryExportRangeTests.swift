import Foundation
import ScrobbleArchive
import TestSupport
import Testing

@testable import CacheTool

/// `history export NAME [--csv|--json] [RANGE]`: the range given as for every other history command, its days
/// whole in the listener's zone (Berlin here, with its 23-hour day).
@Suite struct HistoryExportRangeTests {
  func export(_ arguments: [String], in archive: ScratchArchive) throws -> [String] {
    let command = try HistoryExport.parse(["ada", "--csv"] + arguments + archive.arguments)
    var bytes: [UInt8] = []
    try command.export(context: HistoryCommandTests.context) { bytes += $0 }
    // The rows' track names, newest first, without the header.
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().map {
      String($0.split(separator: ",", omittingEmptySubsequences: false)[4])
    }
  }

  @Test func aRangeExportsTheWholeLocalDaysOfItOnly() throws {
    let archive = try HistoryCommandTests.archive()
    defer { archive.remove() }
    #expect(try export([], in: archive).count == 7)
    #expect(try export(["--year", "2023"], in: archive) == ["o"])
    // April's first hour in Berlin is still March 31 in UTC.
    #expect(try export(["--month", "2024-04"], in: archive) == ["x", "h"])
    // The 23-hour day of the clock change holds both plays at 23:00.
    #expect(try export(["--from", "2024-03-31", "--to", "2024-03-31"], in: archive) == ["z", "z"])
    #expect(try export(["--from", "2024-04-02"], in: archive) == ["x"])
    #expect(try export(["--to", "2023-12"], in: archive) == ["o"])
  }

  @Test func badRangesFailInOneLineAndOldPositionalRangesAreGone() throws {
    let archive = try HistoryCommandTests.archive()
    defer { archive.remove() }
    for arguments in [["--year", "2024", "--month", "2024-03"], ["--from", "2024-03", "--to", "2024-02"]] {
      #expect(throws: CommandFailure.self, "\(arguments)") { try export(arguments, in: archive) }
    }
    #expect(throws: (any Error).self) { try HistoryExport.parse(["ada", "2023"]) }
    let both = try HistoryExport.parse(["ada", "--csv", "--json"] + archive.arguments)
    #expect(throws: CommandFailure.self) { try both.export(context: HistoryCommandTests.context) { _ in } }
  }
}

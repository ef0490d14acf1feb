import Foundation
import Testing

@testable import CacheTool

@Suite struct GlobalOptionsTests {
  private func connections(_ arguments: [String]) throws -> (total: Int, perHost: Int) {
    let configuration = try GlobalOptions.parse(arguments + ["--cache-dir", "/tmp/unused"]).configuration()
    return (configuration.maxConcurrentTransfers, configuration.maxConnectionsPerHost)
  }

  @Test func sixPerHostAndSixteenInTotalByDefault() throws {
    // Given no connection options, when the configuration is made, then the browsers' rule holds.
    let (total, perHost) = try connections([])
    #expect(total == 16)
    #expect(perHost == 6)
  }

  @Test func perHostIsItsOwnSettingButNeverAboveTheTotal() throws {
    #expect(try connections(["--per-host", "16"]) == (16, 16))
    #expect(try connections(["--concurrency", "32", "--per-host", "2"]) == (32, 2))
    #expect(try connections(["--concurrency", "4"]) == (4, 4))
    #expect(try connections(["--concurrency", "4", "--per-host", "12"]) == (4, 4))
  }

  @Test(arguments: ["0", "257"])
  func refusesPerHostOutOfRange(value: String) throws {
    let options = try GlobalOptions.parse(["--per-host", value])
    #expect(throws: CommandFailure.self) { try options.configuration() }
  }
}

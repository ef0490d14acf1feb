import Foundation
import LastFM
import Testing

/// The client stays under 5 requests per second; asserted on the injected clock, never wall time.
@Suite struct PacingTests {
  @Test func sequentialRequestsAreSpaced200msApart() async throws {
    let clock = ManualClock()
    let loader = ScriptedLoader(Array(repeating: .fixture("recorded.artist.getsimilar.json"), count: 6), clock: clock)
    let client = makeClient(loader, clock: clock)
    for _ in 0..<6 { _ = try await client.similarArtists(artist: "U2") }
    #expect(loader.times == (0..<6).map { .milliseconds(200 * $0) })
  }

  @Test func concurrentRequestsQueueForSlots() async throws {
    // Time stands still: each caller must wait for its own, later slot.
    let clock = ManualClock(advancesOnSleep: false)
    let loader = ScriptedLoader(Array(repeating: .fixture("recorded.artist.getsimilar.json"), count: 4), clock: clock)
    let client = makeClient(loader, clock: clock)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 { group.addTask { try await client.similarArtists(artist: "U2").count } }
      for try await count in group { #expect(count == 2) }
    }
    #expect(clock.sleeps.sorted() == [.milliseconds(200), .milliseconds(400), .milliseconds(600)])
  }

  @Test func slowCallersDoNotWait() async throws {
    let clock = ManualClock()
    let loader = ScriptedLoader(Array(repeating: .fixture("recorded.artist.getsimilar.json"), count: 2), clock: clock)
    let client = makeClient(loader, clock: clock)
    _ = try await client.similarArtists(artist: "U2")
    try await clock.timing.sleep(.seconds(1))
    _ = try await client.similarArtists(artist: "U2")
    #expect(loader.times == [.zero, .seconds(1)])
    #expect(clock.sleeps == [.seconds(1)], "only the test's own sleep")
  }

  @Test func allPagesFollowsTotalPagesUpToTheCap() async throws {
    func page(_ number: Int, of total: Int) -> String {
      #"{"artists":{"artist":[{"name":"A\#(number)"}],"@attr":{"page":"\#(number)","perPage":"1","totalPages":"\#(total)","total":"\#(total)"}}}"#
    }
    let three = ScriptedLoader((1...3).map { .json(page($0, of: 3)) })
    let client = makeClient(three)
    let all = try await LastFMClient.allPages(maxPages: 10) { (number) async throws(LastFMError) in
      try await client.topArtists(page: number, limit: 1)
    }
    #expect(all.map(\.name) == ["A1", "A2", "A3"])
    #expect(three.requests.map { query($0.url)["page"] } == ["1", "2", "3"])

    let many = ScriptedLoader((1...5).map { .json(page($0, of: 100)) })
    let capped = makeClient(many)
    let firstTwo = try await LastFMClient.allPages(maxPages: 2) { (number) async throws(LastFMError) in
      try await capped.topArtists(page: number, limit: 1)
    }
    #expect(firstTwo.map(\.name) == ["A1", "A2"])
    #expect(many.requestCount == 2)
  }
}

import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

@testable import LastFM

/// `CachedLastFMClient.poll`: an answer that repeats the last one byte for byte is not decoded, and is not
/// written to the metadata cache again; its stored time alone is confirmed, once it is half its lifetime old.
@Suite struct PollingTests {
  /// Counts what reaches the store.
  final class SpyStore: MetadataStoring {
    let stores = Mutex<[Date]>([])
    let confirms = Mutex<[Date]>([])

    func storedAnswer(for key: String) async -> StoredAnswer? { nil }

    func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
      stores.withLock { $0.append(date) }
    }

    func confirm(_ body: [UInt8], for key: String, method: String, at date: Date) async {
      confirms.withLock { $0.append(date) }
    }
  }

  let start = Date(timeIntervalSince1970: 1_800_000_000)
  let request = LastFMRequest.nowPlaying(user: "RJ")

  /// Polls once per step of `loader`'s script, `step` seconds apart; returns how many answers were decoded and
  /// which polls brought a value.
  func poll(_ steps: [ScriptedLoader.Step], store: SpyStore, step: TimeInterval = 2) async throws -> (
    decoded: Int, values: [Bool]
  ) {
    let clock = Mutex(start)
    let loader = ScriptedLoader(steps)
    let client = CachedLastFMClient(
      client: makeClient(loader, apiKey: "test-key"), store: store, now: { clock.withLock { $0 } })
    let decoded = Atomic(0)
    var last: PolledAnswer?
    var values: [Bool] = []
    for _ in steps {
      let value = try await client.poll(request, last: &last) { bytes throws(LastFMError) in
        decoded.add(1, ordering: .relaxed)
        return try LastFMDecoding.recentTracks(bytes)
      }
      values.append(value != nil)
      clock.withLock { $0 += step }
    }
    return (decoded.load(ordering: .relaxed), values)
  }

  @Test func aRepeatedAnswerIsNeitherDecodedNorStoredAgain() async throws {
    let store = SpyStore()
    // Given the same answer five times, then another, then that one again
    let same = ScriptedLoader.Step.fixture("docs.user.getRecentTracks.ok0.json")
    let other = ScriptedLoader.Step.fixture("docs.user.getRecentTracks.ok1.json")
    let run = try await poll([same, same, same, same, same, other, other], store: store)

    // Then only the two new answers were decoded and stored
    #expect(run.values == [true, false, false, false, false, true, false])
    #expect(run.decoded == 2)
    #expect(store.stores.withLock { $0 } == [start, start + 10])
    // And the first answer, stored at 0 s, was confirmed once it was 5 s old (now playing lives 10 s): at 6 s,
    // then not again before 11 s; the second, stored at 10 s, not at 12 s
    #expect(store.confirms.withLock { $0 } == [start + 6])
  }

  @Test func everyPollAsksForItsRequestsURLAndAnotherRequestForItsOwn() async throws {
    let same = ScriptedLoader.Step.fixture("docs.user.getRecentTracks.ok0.json")
    let loader = ScriptedLoader([same, same, same])
    let client = CachedLastFMClient(client: makeClient(loader, apiKey: "test-key"), store: SpyStore())
    var last: PolledAnswer?
    _ = try await client.pollNowPlaying(user: "RJ", last: &last)
    _ = try await client.pollNowPlaying(user: "RJ", last: &last)
    var other: PolledAnswer?
    _ = try await client.pollNowPlaying(user: "someone else", last: &other)
    #expect(
      loader.requests.map(\.url) == [
        client.client.url(for: request), client.client.url(for: request),
        client.client.url(for: .nowPlaying(user: "someone else")),
      ])
  }

  @Test func anAnswerHoldingTheAPIKeyIsNeitherStoredNorConfirmed() async throws {
    let store = SpyStore()
    let leaky = ScriptedLoader.Step.json(#"{"recenttracks":{"track":[],"@attr":{"user":"test-key"}}}"#)
    let run = try await poll([leaky, leaky, leaky, leaky, leaky], store: store)
    #expect(run.values == [true, false, false, false, false])
    #expect(store.stores.withLock { $0 }.isEmpty && store.confirms.withLock { $0 }.isEmpty)
  }

  @Test func anErrorPayloadAfterAGoodAnswerIsThrown() async throws {
    let store = SpyStore()
    let same = ScriptedLoader.Step.fixture("docs.user.getRecentTracks.ok0.json")
    let clock = Mutex(start)
    let loader = ScriptedLoader([same, .json(#"{"error":6,"message":"User not found"}"#)])
    let client = CachedLastFMClient(
      client: makeClient(loader, apiKey: "test-key"), store: store, now: { clock.withLock { $0 } })
    var last: PolledAnswer?
    #expect(try await client.pollNowPlaying(user: "RJ", last: &last) != nil)
    await #expect(throws: LastFMError.unknownUser("RJ")) { try await client.pollNowPlaying(user: "RJ", last: &last) }
    #expect(last?.body == (try fixtureBytes("docs.user.getRecentTracks.ok0.json")), "the last good answer stays")
  }
}

import Foundation
import LastFM
import TestSupport
import Testing

/// Answers from the demo catalog must never stand in for Last.fm's (nor one server's for another's), even though
/// both are filed in the same `metadata.sqlite`.
@Suite struct MetadataNamespaceTests {
  @Test func answersStoredUnderOneNamespaceAreNotServedUnderAnother() async throws {
    // Given the demo catalog's chart stored in the cache folder
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ns-\(UUID().uuidString)")
    let demoLoader = RoutedLoader(["chart.getTopArtists": .json(LastFMAnswers.chart([("Demo Band", 10)]))])
    let demo = try CachedLastFMClient(
      configuration: LastFMConfiguration(apiKey: nil, baseURL: URL(string: "http://127.0.0.1:47380/2.0/")!),
      loader: demoLoader, cacheFolder: folder, namespace: "demo")
    _ = try await demo.topArtists(page: 1, limit: 5).finalResult()

    // When the live client asks for the same chart, offline (only what is stored)
    let liveLoader = RoutedLoader(["chart.getTopArtists": .json(LastFMAnswers.chart([("Real Band", 99)]))])
    let live = try CachedLastFMClient(
      configuration: LastFMConfiguration(apiKey: "k"), loader: liveLoader, cacheFolder: folder,
      namespace: LastFMConfiguration.defaultBaseURL.absoluteString)
    await #expect(throws: LastFMError.self) {
      _ = try await live.topArtists(page: 1, limit: 5, policy: .offline).finalResult()
    }

    // Then online it asks the network and gets its own answer, while the demo one stays where it was
    let liveChart = try await live.topArtists(page: 1, limit: 5).finalResult()
    let demoAgain = try await demo.topArtists(page: 1, limit: 5, policy: .offline).finalResult()
    #expect(liveChart.value.items.map(\.name) == ["Real Band"])
    #expect(demoAgain.value.items.map(\.name) == ["Demo Band"])
    #expect(liveLoader.asked == ["chart.getTopArtists"])
  }
}

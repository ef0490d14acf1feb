import Foundation
import LastFM
import Testing

@testable import ToolOptions

/// The one rule both tools follow to pick a catalog. Before it existed, imgcache and artist-browser disagreed on
/// four of these cases (an API base without a key, a blank `--api-key`, an unusable API base, the demo label).
@Suite struct CatalogChoiceRuleTests {
  let local = URL(string: "http://127.0.0.1:9000/2.0/")!

  func choice(
    key: String? = nil, base: String? = nil, demo: Bool = false, _ environment: [String: String] = [:]
  ) throws(CatalogChoiceError) -> CatalogChoice {
    try CatalogChoice.resolve(apiKey: key, apiBase: base, forcesDemo: demo, environment: environment)
  }

  @Test func neitherKeyNorBaseMeansTheEmbeddedDemoCatalog() throws {
    #expect(try choice() == .demo(.noAPIKey))
    #expect(try choice().notice == "demo catalog (no LASTFM_API_KEY set)")
  }

  @Test func aKeyMeansLastFMAndTheOptionBeatsTheEnvironment() throws {
    #expect(try choice(["LASTFM_API_KEY": "0123abcd"]) == .lastFM(baseURL: LastFMConfiguration.defaultBaseURL))
    #expect(try choice(key: "k") == .lastFM(baseURL: LastFMConfiguration.defaultBaseURL))
    #expect(CatalogChoice.apiKey(option: " fromflag ", environment: ["LASTFM_API_KEY": "fromenv"]) == "fromflag")
    #expect(CatalogChoice.apiKey(option: nil, environment: ["LASTFM_API_KEY": " fromenv\n"]) == "fromenv")
  }

  @Test func aBlankValueCountsAsNotGiven() throws {
    #expect(try choice(key: "  ") == .demo(.noAPIKey))
    #expect(try choice(["LASTFM_API_KEY": " \n"]) == .demo(.noAPIKey))
    // A blank option falls back to the environment, as `--api-key "$KEY"` with KEY unset should.
    #expect(CatalogChoice.apiKey(option: "", environment: ["LASTFM_API_KEY": "fromenv"]) == "fromenv")
    #expect(try choice(base: " ", ["LASTFM_API_BASE": local.absoluteString]) == .lastFM(baseURL: local))
    #expect(try choice(base: "", ["LASTFM_API_BASE": ""]) == .demo(.noAPIKey))
    // …and an unusable environment value is still reported as the environment's.
    #expect(throws: CatalogChoiceError.invalidAPIBase("nope", source: "LASTFM_API_BASE")) {
      try choice(base: "", ["LASTFM_API_BASE": "nope"])
    }
  }

  @Test func anAPIBaseAloneMeansThatServerKeyless() throws {
    #expect(try choice(base: local.absoluteString) == .lastFM(baseURL: local))
    #expect(try choice(["LASTFM_API_BASE": " \(local.absoluteString) "]) == .lastFM(baseURL: local))
    #expect(try choice(key: "k", ["LASTFM_API_BASE": local.absoluteString]) == .lastFM(baseURL: local))
    #expect(
      try choice(base: "https://example.org/2.0/", ["LASTFM_API_BASE": local.absoluteString])
        == .lastFM(baseURL: URL(string: "https://example.org/2.0/")!))
  }

  @Test func demoWinsOverKeyAndBase() throws {
    let chosen = try choice(key: "k", base: local.absoluteString, demo: true, ["LASTFM_API_KEY": "k"])
    #expect(chosen == .demo(.requested))
    #expect(chosen.notice == "demo catalog (--demo)")
    #expect(try choice(demo: true, ["LASTFM_API_BASE": "not a url"]) == .demo(.requested))
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://example.org/", "example.org/2.0/", "http://", "http:///2.0/"])
  func anUnusableAPIBaseIsRefusedNotReplaced(text: String) {
    #expect(throws: CatalogChoiceError.invalidAPIBase(text, source: "--api-base")) {
      try choice(key: "k", base: text)
    }
    #expect(throws: CatalogChoiceError.invalidAPIBase(text, source: "LASTFM_API_BASE")) {
      try choice(["LASTFM_API_BASE": text])
    }
  }

  @Test func theRefusalIsOneSafeLine() {
    let error = CatalogChoiceError.invalidAPIBase("ftp://user:secret@host/\u{1B}[2J\n", source: "LASTFM_API_BASE")
    #expect(
      error.description
        == "LASTFM_API_BASE: ftp://…@host/ is not an http(s) URL; give a Last.fm-compatible API base such as "
        + "https://ws.audioscrobbler.com/2.0/, or leave it unset")
  }

  /// Whatever the shape, nothing before the last `@` of the authority and nothing of the query is shown.
  @Test(arguments: [
    ("http://u:p@ss@host/", "http://…@host/"),
    ("u:pw@host/2.0/", "…@host/2.0/"),
    ("http:/u:pw@host", "…@host"),
    ("//u:pw@host/x", "…@host/x"),
    ("http://u:p/w@host", "http://…@host"),
    ("htps://ws.audioscrobbler.com/2.0/?api_key=SECRET", "htps://ws.audioscrobbler.com/2.0/?…"),
    ("http://h/a#sig=SECRET@x", "http://h/a?…"),
    ("ftp://example.org/2.0/", "ftp://example.org/2.0/"),
  ])
  func credentialsAndQueriesAreNotEchoed(typed: String, shown: String) {
    #expect(CatalogChoiceError.printable(typed) == shown)
  }
}

@Suite(.timeLimit(.minutes(20))) struct CatalogSourceTests {
  @Test func anAPIBaseWithoutAKeyIsUsedAsIsWithNoDemoServerStarted() async throws {
    let source = try await CatalogSource.resolve(
      apiKey: nil, apiBase: nil, forceDemo: false, environment: ["LASTFM_API_BASE": "http://127.0.0.1:9/2.0/"])
    #expect(source.demoServer == nil)
    #expect(source.configuration.baseURL.absoluteString == "http://127.0.0.1:9/2.0/")
    #expect(source.configuration.apiKey == nil)
    #expect(source.label == "Last.fm-compatible API at 127.0.0.1")
  }

  @Test func aBlankKeyOptionStartsTheDemoCatalogAndSaysWhy() async throws {
    let source = try await CatalogSource.resolve(apiKey: " ", apiBase: nil, forceDemo: false, environment: [:])
    #expect(source.isDemo)
    #expect(source.configuration.apiKey == nil)
    #expect(source.configuration.baseURL.host == "127.0.0.1")
    #expect(source.label == "demo catalog (no LASTFM_API_KEY set)")
    await source.shutdown()
  }

  @Test func demoWithAKeySaysDemoNotNoKey() async throws {
    let source = try await CatalogSource.resolve(
      apiKey: "k", apiBase: nil, forceDemo: true, environment: ["LASTFM_API_KEY": "k"])
    #expect(source.label == "demo catalog (--demo)")
    #expect(source.configuration.apiKey == nil)
    await source.shutdown()
  }

  @Test func aKeyIsPassedOnTrimmed() async throws {
    let source = try await CatalogSource.resolve(
      apiKey: nil, apiBase: nil, forceDemo: false, environment: ["LASTFM_API_KEY": " k1 "])
    #expect(source.configuration.apiKey == "k1")
    #expect(source.configuration.baseURL == LastFMConfiguration.defaultBaseURL)
    #expect(source.label == "Last.fm API at ws.audioscrobbler.com")
  }
}

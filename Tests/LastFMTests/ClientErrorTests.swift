import Foundation
import ImageCache
import LastFM
import Testing

/// Error mapping and retries, against a scripted loader and a manual clock (no waiting, no network).
@Suite struct ClientErrorTests {
  let secret = "SECRET-api-key-5f3c9a"

  @Test func rateLimitedThenOKIsRetriedAfterBackoff() async throws {
    let clock = ManualClock()
    let loader = ScriptedLoader(
      [.json(#"{"error":29,"message":"Rate Limit Exceeded"}"#), .fixture("recorded.artist.getinfo.json")])
    let artist = try await makeClient(loader, clock: clock).artistInfo("U2")
    #expect(artist.name == "U2")
    #expect(loader.requestCount == 2)
    #expect(clock.sleeps == [.seconds(2)], "the rate-limit backoff; the 200 ms spacing is already over by then")
  }

  @Test func serverErrorThenOKIsRetried() async throws {
    let clock = ManualClock()
    let loader = ScriptedLoader(
      [.body("<html>503</html>", status: 500, contentType: "text/html"), .fixture("recorded.artist.getsimilar.json")])
    let similar = try await makeClient(loader, clock: clock).similarArtists(artist: "U2")
    #expect(similar.map(\.name) == ["Passengers", "INXS"])
    #expect(loader.requestCount == 2)
    #expect(clock.sleeps == [.milliseconds(500)])
  }

  @Test func transientErrorsBackOffExponentiallyThenGiveUp() async {
    let clock = ManualClock()
    let loader = ScriptedLoader([
      .json(#"{"error":16,"message":"There was a temporary error processing your request."}"#),
      .json(#"{"error":11,"message":"Service Offline"}"#, status: 503),
      .json(#"{"error":8,"message":"Operation failed"}"#),
      .fixture("recorded.artist.getinfo.json"),
    ])
    await #expect(throws: LastFMError.temporarilyUnavailable(detail: "error 8: Operation failed")) {
      try await makeClient(loader, clock: clock).artistInfo("U2")
    }
    #expect(loader.requestCount == 3, "bounded: 3 tries")
    #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
  }

  @Test func transientTransportErrorIsRetriedPermanentIsNot() async throws {
    let retried = ScriptedLoader([.failure(.timedOut("slow")), .fixture("recorded.artist.getsimilar.json")])
    #expect(try await makeClient(retried).similarArtists(artist: "U2").count == 2)
    #expect(retried.requestCount == 2)

    let refused = ScriptedLoader([.failure(.tls("bad certificate")), .fixture("recorded.artist.getsimilar.json")])
    await #expect(throws: LastFMError.transport(.tls("bad certificate"))) {
      try await makeClient(refused).similarArtists(artist: "U2")
    }
    #expect(refused.requestCount == 1)
  }

  @Test(arguments: [10, 26])
  func invalidKeyIsNotRetriedAndSaysHowToSetOne(code: Int) async {
    let loader = ScriptedLoader([.json(#"{"error":\#(code),"message":"Invalid API key"}"#, status: 403)])
    let error = await #expect(throws: LastFMError.self) { try await makeClient(loader).topArtists() }
    #expect(error == .invalidAPIKey)
    #expect(loader.requestCount == 1)
    let text = String(describing: error!)
    #expect(text.contains("set LASTFM_API_KEY or pass --api-key"))
    #expect(text.contains("https://www.last.fm/api/account/create"))
  }

  @Test func missingKeyForTheRealAPIFailsWithoutARequest() async {
    let loader = ScriptedLoader([])
    let client = makeClient(loader, apiKey: nil, baseURL: LastFMConfiguration.defaultBaseURL)
    await #expect(throws: LastFMError.invalidAPIKey) { try await client.topArtists() }
    #expect(loader.requestCount == 0)
  }

  @Test func notFoundArtistComesWithSuggestions() async {
    let search = #"""
      {"results":{"opensearch:totalResults":"3","opensearch:itemsPerPage":"5","artistmatches":{"artist":[
        {"name":"Metallica"},{"name":"metalica"},{"name":"Metallica Tribute"},{"name":"metallica"}]}}}
      """#
    let loader = ScriptedLoader([
      .json(#"{"error":6,"message":"The artist you supplied could not be found","links":[]}"#), .json(search),
    ])
    await #expect(
      throws: LastFMError.notFound(what: "artist \"Metalica\"", suggestions: ["Metallica", "Metallica Tribute"])
    ) { try await makeClient(loader).artistInfo("Metalica") }
    #expect(loader.methods == ["artist.getInfo", "artist.search"])
    #expect(query(loader.requests[1].url)["artist"] == "Metalica")
    #expect(query(loader.requests[1].url)["limit"] == "5")
  }

  @Test func errorDescriptionsAreOneReadableLine() {
    #expect(
      LastFMError.notFound(what: "artist \"Metalica\"", suggestions: ["Metallica", "Metallica Tribute"]).description
        == "Last.fm has no artist \"Metalica\"; did you mean: Metallica, Metallica Tribute?")
    #expect(
      LastFMError.notFound(what: "album \"X\" by \"Y\"", suggestions: []).description
        == "Last.fm has no album \"X\" by \"Y\"")
    #expect(
      LastFMError.invalidAPIKey.description
        == "Last.fm refused the API key (missing, invalid or suspended): set LASTFM_API_KEY or pass --api-key; "
        + "get one at https://www.last.fm/api/account/create")
    #expect(LastFMError.api(code: 4, message: "line one\nline two").description == "Last.fm error 4: line one line two")
    #expect(
      LastFMError.malformedResponse(detail: "see http://h/?api_key=abc&format=json").description
        == "unexpected answer from Last.fm: see http://h/?api_key=REDACTED&format=json")
  }

  @Test func notFoundWithFailingSuggestionSearchStillReportsNotFound() async {
    let loader = ScriptedLoader([.json(#"{"error":6,"message":"not found"}"#), .failure(.tls("no"))])
    await #expect(throws: LastFMError.notFound(what: "artist \"X\"", suggestions: [])) {
      try await makeClient(loader).topAlbums(artist: "X")
    }
  }

  @Test func otherErrorCodesAreAPIErrors() async {
    let loader = ScriptedLoader([.json(#"{"error":3,"message":"Invalid Method - No method with that name"}"#)])
    await #expect(throws: LastFMError.api(code: 3, message: "Invalid Method - No method with that name")) {
      try await makeClient(loader).topArtists()
    }
  }

  @Test func malformedAnswersAreReported() async {
    let html = ScriptedLoader([.body("<!DOCTYPE html><html>Maintenance</html>", status: 200, contentType: "text/html")])
    await #expect(
      throws: LastFMError.malformedResponse(
        detail: "chart.getTopArtists answer is not JSON (text/html): \"<!DOCTYPE html><html>Maintenance</html>\"")
    ) { try await makeClient(html).topArtists() }

    let truncated = ScriptedLoader([.json(#"{"artists":{"artist":[{"name":"#)])
    await #expect(throws: LastFMError.self) { try await makeClient(truncated).topArtists() }
    #expect(truncated.requestCount == 1, "not retried")

    let wrongShape = ScriptedLoader([.json(#"{"toptracks":{}}"#)])
    await #expect(throws: LastFMError.malformedResponse(detail: "chart.getTopArtists answer has no \"artists\" object"))
    {
      try await makeClient(wrongShape).topArtists()
    }
  }

  @Test func requestsCarryMethodKeyFormatAndAutocorrect() async throws {
    let loader = ScriptedLoader([.fixture("docs.album.getInfo.ok0.json")])
    _ = try await makeClient(loader, apiKey: secret).albumInfo(artist: "Simon & Garfunkel", album: "Bookends+1")
    let url = try #require(loader.requests.first?.url)
    #expect(
      url.absoluteString
        == "http://127.0.0.1:9/2.0/?method=album.getInfo&album=Bookends%2B1&artist=Simon%20%26%20Garfunkel"
        + "&autocorrect=1&api_key=\(secret)&format=json")
    #expect(loader.requests.first?.headers["User-Agent"]?.isEmpty == false)
  }

  @Test func apiKeyNeverAppearsInErrorText() async {
    let cases: [ScriptedLoader.Step] = [
      .failureQuotingURL,
      .body("Forbidden", status: 404, contentType: "text/plain"),
      .json(#"{"error":10,"message":"Invalid API key - You must be granted a valid key by last.fm"}"#),
      .json(#"{"error":4,"message":"bad"}"#),
      .body("nope", status: 200, contentType: "text/plain"),
    ]
    for step in cases {
      let loader = ScriptedLoader([step])
      let error = await #expect(throws: LastFMError.self) {
        try await makeClient(loader, apiKey: secret).artistInfo("Cher")
      }
      let text = String(describing: error!)
      #expect(!text.contains(secret), "\(text)")
      #expect(!text.contains("\n"))
      #expect(loader.requests.first?.url.absoluteString.contains(secret) == true, "the key is sent")
    }
  }

  @Test func transportErrorQuotingTheURLIsRedacted() async {
    let loader = ScriptedLoader([.failureQuotingURL, .failureQuotingURL, .failureQuotingURL])
    let error = await #expect(throws: LastFMError.self) {
      try await makeClient(loader, apiKey: secret).searchArtists("Cher")
    }
    #expect(
      error
        == .transport(
          .couldNotConnect(
            "connection refused for http://127.0.0.1:9/2.0/?method=artist.search&artist=Cher&limit=30&page=1"
              + "&api_key=REDACTED&format=json")))
  }

  @Test func notFoundStatusWithoutPayloadRedactsTheURL() async {
    let loader = ScriptedLoader([.body("Not Found", status: 404, contentType: "text/plain")])
    await #expect(
      throws: LastFMError.unexpectedStatus(
        code: 404,
        url: "http://127.0.0.1:9/2.0/?method=chart.getTopArtists&limit=50&page=1&api_key=REDACTED&format=json")
    ) { try await makeClient(loader, apiKey: secret).topArtists() }
  }
}

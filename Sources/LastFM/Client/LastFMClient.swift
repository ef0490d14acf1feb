import FoundationEssentials
import ImageCache
import Logging
import Synchronization

/// Talks to the Last.fm API 2.0 (or a server speaking its JSON) through any `DataLoading`.
/// Retries rate-limited and transient failures with exponential backoff and keeps under the request rate.
public final class LastFMClient: Sendable {
  public let configuration: LastFMConfiguration
  private let loader: any DataLoading
  private let timing: LastFMTiming
  private let spacer: RequestSpacer
  private let logger: Logger
  /// The last request sent and its URL: a poller asks the same question all day, and building the URL (sorting,
  /// escaping, parsing it back) was a twentieth of a poll's CPU.
  private let lastURL = Mutex<(request: LastFMRequest, url: URL)?>(nil)

  public init(
    configuration: LastFMConfiguration, loader: any DataLoading, timing: LastFMTiming = .live,
    logger: Logger = Logger(label: "LastFM")
  ) {
    self.configuration = configuration
    self.loader = loader
    self.timing = timing
    self.spacer = RequestSpacer(maxRequestsPerSecond: configuration.maxRequestsPerSecond, timing: timing)
    self.logger = logger
  }

  // MARK: Methods

  /// `chart.getTopArtists`.
  public func topArtists(page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Artist> {
    try LastFMDecoding.topArtists(await send(.topArtists(page: page, limit: limit)))
  }

  /// `artist.getTopAlbums`.
  public func topAlbums(artist: String, page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Album> {
    try LastFMDecoding.topAlbums(await send(.topAlbums(artist: artist, page: page, limit: limit)))
  }

  /// `artist.getTopTracks`.
  public func topTracks(artist: String, page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Track> {
    try LastFMDecoding.topTracks(await send(.topTracks(artist: artist, page: page, limit: limit)))
  }

  /// `artist.getSimilar`, most similar first.
  public func similarArtists(artist: String, limit: Int = 30) async throws(LastFMError) -> [SimilarArtist] {
    try LastFMDecoding.similarArtists(await send(.similarArtists(artist: artist, limit: limit)))
  }

  /// `artist.getInfo`.
  public func artistInfo(_ name: String) async throws(LastFMError) -> Artist {
    try LastFMDecoding.artistInfo(await send(.artistInfo(name)))
  }

  /// `artist.search`.
  public func searchArtists(_ query: String, page: Int = 1, limit: Int = 30) async throws(LastFMError) -> Page<Artist> {
    try LastFMDecoding.searchArtists(await send(.searchArtists(query, page: page, limit: limit)))
  }

  /// `album.getInfo`.
  public func albumInfo(artist: String, album: String) async throws(LastFMError) -> Album {
    try LastFMDecoding.albumInfo(await send(.albumInfo(artist: artist, album: album)))
  }

  /// Fetches pages 1, 2, … until the last page, an empty page, or `maxPages`, and concatenates their items.
  public static func allPages<Item>(
    maxPages: Int, _ fetchPage: (_ page: Int) async throws(LastFMError) -> Page<Item>
  ) async throws(LastFMError) -> [Item] {
    var items: [Item] = []
    var page = 1
    while page <= maxPages {
      let answer = try await fetchPage(page)
      items += answer.items
      guard !answer.items.isEmpty, answer.page < answer.totalPages else { break }
      page += 1
    }
    return items
  }

  // MARK: Transport

  /// The request's URL with `api_key` and `format=json` added.
  public func url(for request: LastFMRequest) -> URL {
    var items = request.parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    items.insert(("method", request.method), at: 0)
    if let key = configuration.apiKey { items.append(("api_key", key)) }
    items.append(("format", "json"))
    var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)!
    components.percentEncodedQuery = QueryEncoding.query(items)
    return components.url!
  }

  private func memoizedURL(for request: LastFMRequest) -> URL {
    if let last = lastURL.withLock({ $0 }), last.request == request { return last.url }
    let url = url(for: request)
    lastURL.withLock { $0 = (request, url) }
    return url
  }

  /// Sends `request` (paced, retried) and returns the raw JSON of a successful answer.
  /// A "not found" for an artist comes with up to 5 suggestions from `artist.search`.
  public func send(_ request: LastFMRequest) async throws(LastFMError) -> [UInt8] {
    try await sendParsing(request).bytes
  }

  /// `send`, with the JSON document the answer was checked as: for decoders that need not parse it again.
  func sendParsing(_ request: LastFMRequest) async throws(LastFMError) -> (bytes: [UInt8], json: JSONValue) {
    do throws(LastFMError) {
      return try await sendWithRetries(request)
    } catch .notFound(let what, _) where request.suggestionQuery != nil {
      throw .notFound(what: what, suggestions: await suggestions(for: request.suggestionQuery!))
    }
  }

  /// `send` for a poller: nil when the answer is a success whose bytes equal `previous` (the last answer the
  /// poller read), which is then neither parsed nor checked again: an error payload never equals a good answer.
  ///
  /// With `after`, the request goes that long from now. A transport that repeats polls itself
  /// (`RepeatingDataLoading`, libcurl's) then sends it again every `after` (never closer than the pacing allows)
  /// while the answer repeats, and this returns only with another answer: between two polls nothing wakes but the
  /// transport's thread. Another transport sends it once, and nil comes back when the answer repeats.
  func send(_ request: LastFMRequest, unlessEqualTo previous: [UInt8], after interval: Duration? = nil)
    async throws(LastFMError) -> [UInt8]?
  {
    try await sendWithRetries(request, unlessEqualTo: previous, after: interval)?.bytes
  }

  /// `send`, the request going `interval` from now: in the transport's own time when it can wait
  /// (`RepeatingDataLoading`), so the caller needs no timer of its own.
  func send(_ request: LastFMRequest, after interval: Duration) async throws(LastFMError) -> [UInt8] {
    try await sendWithRetries(request, unlessEqualTo: nil, after: interval)!.bytes
  }

  private func sendWithRetries(_ request: LastFMRequest) async throws(LastFMError) -> (
    bytes: [UInt8], json: JSONValue
  ) {
    // Without a previous answer every success is returned.
    try await sendWithRetries(request, unlessEqualTo: nil)!
  }

  private func sendWithRetries(
    _ request: LastFMRequest, unlessEqualTo previous: [UInt8]?, after interval: Duration? = nil
  ) async throws(LastFMError) -> (bytes: [UInt8], json: JSONValue)? {
    if configuration.apiKey == nil && configuration.targetsRealAPI { throw .invalidAPIKey }
    let url = memoizedURL(for: request)
    let dataRequest = DataRequest(
      url: url, headers: ["User-Agent": configuration.userAgent, "Accept": "application/json"])
    var attempt = 1
    while true {
      // A poll's first attempt waits its interval instead (`poll`), and its turn with it.
      let polling = attempt == 1 ? interval : nil
      if polling == nil { try await spacer.waitForTurn() }
      let outcome: AttemptOutcome
      do throws(TransferError) {
        let response =
          if let polling {
            try await poll(dataRequest, after: polling, unlessEqualTo: previous)
          } else {
            try await loader.load(dataRequest)
          }
        if let previous, response.statusCode == 200, response.body == previous { return nil }
        outcome = ResponseClassifier.classify(
          response, request: request, redactedURL: Redaction.redact(url, key: configuration.apiKey))
      } catch {
        outcome = ResponseClassifier.classify(error, apiKey: configuration.apiKey)
      }
      switch outcome {
      case .success(let body, let json):
        return (body, json)
      case .failure(let error):
        throw error
      case .retry(let error, let rateLimited):
        guard attempt < configuration.retry.maxAttempts, !Task.isCancelled else { throw error }
        let delay = configuration.retry.delay(afterAttempt: attempt, rateLimited: rateLimited)
        logger.notice("\(request.method) try \(attempt) failed (\(error)); retrying in \(delay)")
        do { try await timing.sleep(delay) } catch { throw .transport(.cancelled) }
        attempt += 1
      }
    }
  }

  /// The first attempt of a poll (`send(_:unlessEqualTo:after:)`).
  private func poll(_ request: DataRequest, after interval: Duration, unlessEqualTo previous: [UInt8]?)
    async throws(TransferError) -> DataResponse
  {
    // Never a busy loop, whatever a bench asks for.
    let interval = max(interval, spacer.interval, .milliseconds(1))
    if let repeating = loader as? any RepeatingDataLoading {
      defer { spacer.noteSent() }
      return try await repeating.load(request, every: interval, whileBodyEquals: previous)
    }
    do { try await timing.sleep(interval) } catch { throw .cancelled }
    do throws(LastFMError) { try await spacer.waitForTurn() } catch { throw .cancelled }
    return try await loader.load(request)
  }

  /// Up to 5 names close to `name`; a failing search just means no suggestions.
  private func suggestions(for name: String) async -> [String] {
    guard let answer = try? await sendWithRetries(.searchArtists(name, page: 1, limit: 5)),
      let page = try? LastFMDecoding.searchArtists(answer.bytes)
    else { return [] }
    var seen = Set<String>()
    return page.items.map(\.name)
      .filter { $0.lowercased() != name.lowercased() && seen.insert($0.lowercased()).inserted }
      .prefix(5).map { $0 }
  }
}

import FoundationEssentials
import ImageCacheSupport

/// Answers Last.fm API 2.0 calls (`/2.0/?method=...&format=json`) from the catalog, in Last.fm's JSON shape.
struct DemoAPI {
  let catalog: DemoCatalog
  /// Where image URLs point, e.g. `http://127.0.0.1:8080` (no trailing slash).
  let imageOrigin: String
  /// Unix seconds: the listeners' histories are served as they stand at this time.
  var now: Int = DemoServer.systemClock()

  /// An API error exactly as Last.fm sends it (with HTTP 200).
  struct Failure: Error {
    let code: Int
    let message: String

    static let invalidMethod = Failure(code: 3, message: "Invalid Method - No method with that name in this package")
    static let missingParameter = Failure(
      code: 6, message: "Invalid parameters - Your request is missing a required parameter")
    static let badPaging = Failure(code: 6, message: "Invalid parameters - page and limit must be positive integers")
    /// Last.fm's own words for a number outside its range.
    static func outOfBounds(_ name: String, _ range: ClosedRange<Int>) -> Failure {
      Failure(code: 6, message: "\(name) param out of bounds (\(range.lowerBound)-\(range.upperBound))")
    }
    static let artistNotFound = Failure(code: 6, message: "The artist you supplied could not be found")
    static let albumNotFound = Failure(code: 6, message: "Album not found")
    static let userNotFound = Failure(code: 6, message: "User not found")
    static let trackNotFound = Failure(code: 6, message: "Track not found")
    /// What Last.fm answers for the listening of a user who hides it.
    static let loginRequired = Failure(code: 17, message: "Login: User required to be logged in")

    var json: JSONValue {
      .object(["error": .int(code), "message": .string(message), "links": .array([])])
    }
  }

  /// The JSON body for a query; API errors come back as their JSON payload too.
  func respond(to parameters: [String: String]) -> String { String(decoding: body(for: parameters), as: UTF8.self) }

  /// `respond(to:)` as the bytes the server sends.
  func body(for parameters: [String: String]) -> [UInt8] {
    do {
      return try answer(parameters).bytes
    } catch {
      return error.json.bytes
    }
  }

  private func answer(_ parameters: [String: String]) throws(Failure) -> JSONValue {
    let query = Query(parameters: parameters)
    switch parameters["method"]?.lowercased() {
    case "chart.gettopartists": return try topArtists(query)
    case "artist.gettopalbums": return try topAlbums(query)
    case "artist.getsimilar": return try similarArtists(query)
    case "artist.getinfo": return try artistInfo(query)
    case "artist.search": return try searchArtists(query)
    case "album.getinfo": return try albumInfo(query)
    case "artist.gettoptracks": return try topTracks(query)
    case "user.getinfo": return try listenerProfile(query)
    case "user.getrecenttracks": return try recentTracks(query)
    case "user.getlovedtracks": return try lovedTracks(query)
    case "user.gettopartists": return try listenerTopArtists(query)
    case "user.gettopalbums": return try listenerTopAlbums(query)
    case "user.gettoptracks": return try listenerTopTracks(query)
    case "tag.getinfo": return try tagInfo(query)
    case "tag.gettopartists": return try tagTopArtists(query)
    case "tag.gettopalbums": return try tagTopAlbums(query)
    case "track.getinfo": return try trackInfo(query)
    default: throw .invalidMethod
    }
  }
}

/// The request's parameters, with Last.fm's defaults and validation.
struct Query {
  let parameters: [String: String]

  func required(_ name: String) throws(DemoAPI.Failure) -> String {
    guard let value = parameters[name], !value.trimmingWhitespace().isEmpty else {
      throw .missingParameter
    }
    return value
  }

  /// Last.fm's ranges, as its errors state them: "page param out of bounds (1-1000000)", and the same for limit.
  static let pageRange = 1...1_000_000
  static let limitRange = 1...1000

  /// `page` and `limit`, each refused outside Last.fm's range, so `(page - 1) * limit` stays far from overflow.
  func paging(defaultLimit: Int) throws(DemoAPI.Failure) -> Paging {
    Paging(
      page: try number("page", in: Self.pageRange, default: 1),
      limit: try number("limit", in: Self.limitRange, default: defaultLimit))
  }

  private func number(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(DemoAPI.Failure)
    -> Int
  {
    guard let text = parameters[name] else { return fallback }
    // `Int(_:)` returns nil past Int.max, so a number of any length lands in one of the two errors.
    guard let value = Int(text.trimmingWhitespace()) else { throw .badPaging }
    guard range.contains(value) else { throw .outOfBounds(name, range) }
    return value
  }
}

struct Paging {
  let page: Int
  let limit: Int

  func slice<T>(_ items: [T]) -> ArraySlice<T> { items[range(among: items.count)] }

  /// The places of this page's items among `total`.
  func range(among total: Int) -> Range<Int> {
    let start = min(total, (page - 1) * limit)
    return start..<min(total, start + limit)
  }

  func totalPages(of total: Int) -> Int { (total + limit - 1) / limit }

  /// Last.fm's `@attr` paging object; numbers as strings, as the real API sends them.
  func attributes(total: Int, artist: String? = nil) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let artist { pairs.append(("artist", .string(artist))) }
    pairs += [
      ("page", .string(String(page))), ("perPage", .string(String(limit))),
      ("totalPages", .string(String(totalPages(of: total)))), ("total", .string(String(total))),
    ]
    return .orderedObject(pairs)
  }
}

extension DemoAPI: Sendable {}
extension DemoAPI.Failure: Sendable {}

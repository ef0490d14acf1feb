import Foundation

/// Answers Last.fm API 2.0 calls (`/2.0/?method=...&format=json`) from the catalog, in Last.fm's JSON shape.
struct DemoAPI {
  let catalog: DemoCatalog
  /// Where image URLs point, e.g. `http://127.0.0.1:8080` (no trailing slash).
  let imageOrigin: String

  /// An API error exactly as Last.fm sends it (with HTTP 200).
  struct Failure: Error {
    let code: Int
    let message: String

    static let invalidMethod = Failure(code: 3, message: "Invalid Method - No method with that name in this package")
    static let missingParameter = Failure(
      code: 6, message: "Invalid parameters - Your request is missing a required parameter")
    static let badPaging = Failure(code: 6, message: "Invalid parameters - page and limit must be positive integers")
    static let artistNotFound = Failure(code: 6, message: "The artist you supplied could not be found")
    static let albumNotFound = Failure(code: 6, message: "Album not found")

    var json: JSONValue {
      .object(["error": .int(code), "message": .string(message), "links": .array([])])
    }
  }

  /// The JSON body for a query; API errors come back as their JSON payload too.
  func respond(to parameters: [String: String]) -> String {
    do {
      return try answer(parameters).serialized
    } catch {
      return error.json.serialized
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
    default: throw .invalidMethod
    }
  }
}

/// The request's parameters, with Last.fm's defaults and validation.
struct Query {
  let parameters: [String: String]

  func required(_ name: String) throws(DemoAPI.Failure) -> String {
    guard let value = parameters[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .missingParameter
    }
    return value
  }

  /// `page` (from 1) and `limit` (capped at 1000, as Last.fm does).
  func paging(defaultLimit: Int) throws(DemoAPI.Failure) -> Paging {
    func number(_ name: String, default fallback: Int) throws(DemoAPI.Failure) -> Int {
      guard let text = parameters[name] else { return fallback }
      guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else { throw .badPaging }
      return value
    }
    return Paging(page: try number("page", default: 1), limit: min(1000, try number("limit", default: defaultLimit)))
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

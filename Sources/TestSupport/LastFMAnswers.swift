import Foundation
import ImageCache
import Synchronization

/// A `DataLoading` that answers Last.fm requests by route ("method", then the `artist` and `album` parameters
/// as sent, e.g. "artist.getTopAlbums Cher"), so tests don't depend on the order of requests.
/// An unknown route fails like an unreachable server. Routes can be changed mid-test (e.g. to go offline).
public final class RoutedLoader: DataLoading {
  public enum Answer: Sendable {
    case json(String)
    case failure(TransferError)
  }

  private let state: Mutex<(routes: [String: Answer], asked: [String])>

  public init(_ routes: [String: Answer] = [:]) {
    state = Mutex((routes, []))
  }

  /// The route of every request, in order.
  public var asked: [String] { state.withLock { $0.asked } }

  public func set(_ route: String, _ answer: Answer?) {
    state.withLock { $0.routes[route] = answer }
  }

  /// Every request from now on fails with `error`.
  public func failEverything(_ error: TransferError) {
    state.withLock { state in
      for route in state.routes.keys { state.routes[route] = .failure(error) }
    }
  }

  public func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    let route = RoutedLoader.route(of: request.url)
    let answer = state.withLock { state in
      state.asked.append(route)
      return state.routes[route]
    }
    switch answer {
    case .json(let text)?:
      return DataResponse(
        statusCode: 200, headers: ["content-type": "application/json"], body: Array(text.utf8),
        effectiveURL: request.url)
    case .failure(let error)?: throw error
    case nil: throw .couldNotConnect("no route for \(route)")
    }
  }

  public static func route(of url: URL) -> String {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let value = { (name: String) in items.first { $0.name == name }?.value }
    return [value("method"), value("artist"), value("album")].compactMap { $0 }.joined(separator: " ")
  }
}

/// Minimal Last.fm JSON answers for tests. Covers get URLs on a fake host; artist pictures are the
/// placeholder star, as on the real API.
public enum LastFMAnswers {
  public static let starHash = "2a96cbd8b46e442fc41c2b86b821562f"

  /// The URL Last.fm would give the picture `hash` in `size` ("small", "medium", "large", "extralarge").
  public static func imageURL(_ hash: String, size: String) -> String {
    let folder = ["small": "34s", "medium": "64s", "large": "174s", "extralarge": "300x300"][size] ?? size
    return "https://img.test/i/u/\(folder)/\(hash).png"
  }

  public static func images(_ hash: String?) -> [[String: Any]] {
    ["small", "medium", "large", "extralarge"].map { size in
      ["#text": hash.map { imageURL($0, size: size) } ?? "", "size": size]
    }
  }

  public static func artistInfo(
    _ name: String, listeners: Int = 0, playcount: Int = 0, tags: [String] = [], summary: String = ""
  ) -> String {
    json([
      "artist": [
        "name": name, "url": "https://www.last.fm/music/\(name)", "image": images(starHash),
        "stats": ["listeners": String(listeners), "playcount": String(playcount)],
        "tags": ["tag": tags.map { ["name": $0] }], "bio": ["summary": summary, "content": summary],
      ]
    ])
  }

  /// `albums`: names with the cover's hash, nil for an album without a picture.
  public static func topAlbums(_ artist: String, _ albums: [(name: String, cover: String?)], playcount: Int = 0)
    -> String
  {
    json([
      "topalbums": [
        "album": albums.map { album in
          [
            "name": album.name, "playcount": playcount, "artist": ["name": artist],
            "url": "https://www.last.fm/music/\(artist)/\(album.name)", "image": images(album.cover),
          ] as [String: Any]
        },
        "@attr": ["artist": artist, "page": "1", "perPage": "50", "totalPages": "1", "total": String(albums.count)],
      ]
    ])
  }

  public static func similar(_ artists: [(name: String, match: Double)]) -> String {
    json([
      "similarartists": [
        "artist": artists.map { ["name": $0.name, "match": String($0.match), "image": images(starHash)] }
      ]
    ])
  }

  public static func search(_ names: [String], total: Int? = nil) -> String {
    json([
      "results": [
        "artistmatches": ["artist": names.map { ["name": $0, "listeners": "1", "image": images(starHash)] }],
        "opensearch:totalResults": String(total ?? names.count), "opensearch:startIndex": "0",
        "opensearch:itemsPerPage": "30", "opensearch:Query": ["startPage": "1"],
      ]
    ])
  }

  public static func chart(_ artists: [(name: String, listeners: Int)], page: Int = 1, totalPages: Int = 1) -> String {
    json([
      "artists": [
        "artist": artists.map { ["name": $0.name, "listeners": String($0.listeners), "image": images(starHash)] },
        "@attr": ["page": String(page), "perPage": String(artists.count), "totalPages": String(totalPages)],
      ]
    ])
  }

  public static func albumInfo(
    _ artist: String, _ album: String, cover: String?, tracks: [(name: String, duration: Int)] = [],
    listeners: Int = 0
  ) -> String {
    json([
      "album": [
        "name": album, "artist": artist, "listeners": String(listeners), "image": images(cover),
        "tracks": [
          "track": tracks.enumerated().map { index, track in
            ["name": track.name, "duration": track.duration, "@attr": ["rank": index + 1]] as [String: Any]
          }
        ],
      ]
    ])
  }

  public static func error(_ code: Int, _ message: String) -> String {
    json(["error": code, "message": message])
  }

  private static func json(_ object: [String: Any]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// A wall clock tests set by hand, e.g. to age stored answers.
public final class SettableClock: Sendable {
  private let date: Mutex<Date>

  public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { date = Mutex(start) }

  public var now: Date { date.withLock { $0 } }

  public func advance(by interval: TimeInterval) { date.withLock { $0 += interval } }
}

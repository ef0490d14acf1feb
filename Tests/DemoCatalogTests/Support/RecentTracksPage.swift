import Foundation
import Testing

@testable import DemoCatalog

/// One `user.getRecentTracks` answer read with JSONSerialization, so the tests check the bytes the server sends
/// (strings where Last.fm sends strings) rather than what a tolerant decoder makes of them.
struct RecentTracksPage {
  struct Row: Equatable {
    let name: String
    let artist: String
    /// `date.uts`; nil for the playing track.
    let time: Int?
    let isNowPlaying: Bool
  }

  let attributes: [String: String]
  let rows: [Row]
  let json: [String: Any]

  var total: Int { Int(attributes["total"] ?? "") ?? -1 }
  var totalPages: Int { Int(attributes["totalPages"] ?? "") ?? -1 }
  var scrobbles: [Row] { rows.filter { !$0.isNowPlaying } }

  init(_ body: String) throws {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let list = try #require(root["recenttracks"] as? [String: Any], "no recenttracks in \(body.prefix(200))")
    attributes = try #require(list["@attr"] as? [String: String])
    let tracks = try #require(list["track"] as? [[String: Any]])
    rows = try tracks.map { track in
      let artist = try #require(track["artist"] as? [String: Any])
      let date = track["date"] as? [String: String]
      return Row(
        name: try #require(track["name"] as? String),
        artist: try #require((artist["#text"] ?? artist["name"]) as? String),
        time: date.flatMap { $0["uts"] }.flatMap { Int($0) },
        isNowPlaying: (track["@attr"] as? [String: String])?["nowplaying"] == "true")
    }
    json = list
  }
}

/// Asks a `DemoAPI` at a fixed clock, as the server would with that query.
struct ListenerAsker {
  var now: Int
  var catalog = sharedCatalog

  func body(_ query: String) -> String {
    DemoAPI(catalog: catalog, imageOrigin: "http://127.0.0.1:1", now: now).respond(
      to: DemoResponder.parameters(query + "&format=json"))
  }

  func recent(_ user: String, _ extra: String = "") throws -> RecentTracksPage {
    try RecentTracksPage(body("method=user.getrecenttracks&user=\(user)\(extra)"))
  }

  /// Every scrobble of a window, walked page by page as a sync would, with the total each page announced.
  func walk(_ user: String, window: String = "", limit: Int = 200) throws -> (
    rows: [RecentTracksPage.Row], totals: Set<Int>, pages: Int
  ) {
    var rows: [RecentTracksPage.Row] = []
    var totals: Set<Int> = []
    var page = 1
    var pages = 0
    repeat {
      let answer = try recent(user, "\(window)&limit=\(limit)&page=\(page)")
      rows += answer.scrobbles
      totals.insert(answer.total)
      pages = answer.totalPages
      page += 1
    } while page <= pages
    return (rows, totals, pages)
  }
}

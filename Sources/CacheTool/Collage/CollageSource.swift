import DemoCatalog
import FoundationEssentials
import ImageCache
import LastFM
import TerminalUI
import ToolOptions

/// A collage's cells in reading order, whatever `CoverSubject` they come from: everything after the list of
/// cells is shared.
enum CollageSource {

  /// One cell of the grid before its picture is fetched: a URL (with what `--captions` writes on it, where the
  /// source names its album), or why there is none.
  enum Cell: Equatable {
    case url(URL, caption: CollageCaption? = nil)
    /// A line of the list that is not an http(s) URL (shown cleaned of control characters).
    case invalid(String)
    /// The source had nothing for this position (fewer albums than cells).
    case missing
  }

  /// What a source resolved to: the cells, a note for a person, and what to stop once the covers are fetched
  /// (the embedded demo catalog serves them).
  struct Resolved {
    var cells: [Cell]
    var note: String?
    var source: CatalogSource?
  }

  /// Every line that is not blank or a `#` comment is a cell, in order, so a bad line keeps its place.
  static func cells(inList text: String) -> [Cell] {
    // Bytes, not Characters: "\r\n" is one Character.
    text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).compactMap { line in
      let parsed = URLList.parse(String(Substring(line)))
      if let url = parsed.urls.first { return .url(url, caption: nil) }
      return parsed.invalid.first.map { .invalid(TerminalText.removingControls($0)) }
    }
  }

  /// A planned cover, captioned with its album, artist and play count.
  static func cell(_ cover: CoverPlan.Cover) -> Cell {
    .url(cover.url, caption: CollageCaption(artist: cover.artist, album: cover.album, playCount: cover.playCount))
  }

  static func padded(_ cells: [Cell], to count: Int) -> [Cell] {
    Array(cells.prefix(count)) + Array(repeating: .missing, count: max(0, count - cells.count))
  }
}

extension CoverSubject {
  /// The first `count` cells of the source, padded with `.missing`.
  func collageCells(count: Int, lastFM: LastFMOptions, cacheDirectory: URL, transport: any DataLoading)
    async throws -> CollageSource.Resolved
  {
    let subject: String?
    let planned: CoverPlanning.Planned
    switch self {
    case .urls(let path):
      return CollageSource.Resolved(
        cells: CollageSource.padded(CollageSource.cells(inList: try URLList.readText(path)), to: count))
    case .artist(let name):
      subject = nil
      planned = try await CoverPlanning.plan(lastFM: lastFM, cacheDirectory: cacheDirectory, transport: transport) {
        planner, policy throws(LastFMError) in
        // The largest size Last.fm serves: tiles are usually 300 pixels.
        try await planner.plan(artist: name, albums: count, similar: 0, size: .extralarge, policy: policy)
      }
    case .range(let covers):
      let planned = try await covers.plan(albums: count, lastFM: lastFM, transport: transport)
      return CollageSource.Resolved(
        cells: CollageSource.padded(planned.covers.map(CollageSource.cell), to: count), note: planned.note,
        source: planned.source)
    case .listening(let covers):
      subject = covers.subject
      planned = try await CoverPlanning.plan(lastFM: lastFM, cacheDirectory: cacheDirectory, transport: transport) {
        planner, policy throws(LastFMError) in
        try await covers.plan(with: planner, albums: count, size: .extralarge, policy: policy)
      }
    }
    let cells = planned.plan.covers.map(CollageSource.cell)
    return CollageSource.Resolved(
      cells: CollageSource.padded(cells, to: count), note: CoverPlanning.note(planned, subject: subject),
      source: planned.source)
  }
}

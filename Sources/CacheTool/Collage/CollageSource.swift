import DemoCatalog
import FoundationEssentials
import ImageCache
import LastFM
import TerminalUI
import ToolOptions

/// Where a collage's covers come from, in reading order. A new source is one more case here and in `resolve`,
/// plus its option in `Collage`; everything after the list of cells is shared.
enum CollageSource {
  /// An artist's top albums, through the Last.fm client or the demo catalog, as `warm ARTIST` plans them.
  case artist(String)
  /// One image URL a line from a file, or standard input for `-`.
  case urls(String)
  /// A listener's top albums for a period, or a tag's (`--user`, `--tag`), as `warm` plans them.
  case planned(CoverSubject)

  /// One cell of the grid before its picture is fetched: a URL, or why there is none.
  enum Cell: Equatable {
    case url(URL)
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

  /// The first `count` cells of the source, padded with `.missing`.
  func resolve(count: Int, lastFM: LastFMOptions, global: GlobalOptions, transport: any DataLoading)
    async throws -> Resolved
  {
    switch self {
    case .urls(let path):
      return Resolved(cells: Self.padded(Self.cells(inList: try URLList.readText(path)), to: count))
    case .artist(let name):
      let plan = try await Self.plan(lastFM: lastFM, global: global, transport: transport) {
        planner, policy throws(LastFMError) in
        try await planner.plan(artist: name, albums: count, similar: 0, size: .extralarge, policy: policy)
      }
      return Self.resolved(plan, subject: nil, count: count)
    case .planned(let subject):
      let plan = try await Self.plan(lastFM: lastFM, global: global, transport: transport) {
        planner, policy throws(LastFMError) in
        // The largest size Last.fm serves: tiles are usually 300 pixels.
        try await subject.plan(with: planner, albums: count, size: .extralarge, policy: policy)!
      }
      return Self.resolved(plan, subject: subject.planSubject, count: count)
    }
  }

  private static func resolved(
    _ plan: (plan: CoverPlan, label: String, source: CatalogSource), subject: String?, count: Int
  ) -> Resolved {
    let cells = plan.plan.covers.map { Cell.url($0.url) }
    let missing = plan.plan.albumsWithoutCover > 0 ? " (\(plan.plan.albumsWithoutCover) albums have no cover)" : ""
    let named = TerminalText.sanitize(subject ?? plan.plan.artist)
    let note = "\(named): \(cells.count) covers\(missing), from the \(plan.label)"
    return Resolved(cells: Self.padded(cells, to: count), note: note, source: plan.source)
  }

  /// Every line that is not blank or a `#` comment is a cell, in order, so a bad line keeps its place.
  static func cells(inList text: String) -> [Cell] {
    // Bytes, not Characters: "\r\n" is one Character.
    text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).compactMap { line in
      let parsed = URLList.parse(String(Substring(line)))
      if let url = parsed.urls.first { return .url(url) }
      return parsed.invalid.first.map { .invalid(TerminalText.sanitize($0)) }
    }
  }

  static func padded(_ cells: [Cell], to count: Int) -> [Cell] {
    Array(cells.prefix(count)) + Array(repeating: .missing, count: max(0, count - cells.count))
  }

  private static func plan(
    lastFM: LastFMOptions, global: GlobalOptions, transport: any DataLoading,
    _ makePlan: (CoverPlanner, LastFM.CachePolicy) async throws(LastFMError) -> CoverPlan
  ) async throws -> (plan: CoverPlan, label: String, source: CatalogSource) {
    let configuration = try global.configuration()
    let source = try await lastFM.settings.source()
    do {
      let client = try CachedLastFMClient(
        configuration: source.configuration, loader: transport, cacheFolder: configuration.cacheDirectory!,
        namespace: source.metadataNamespace)
      let plan = try await makePlan(CoverPlanner(client: client), lastFM.settings.policy)
      return (plan, source.label, source)
    } catch let error as LastFMError {
      await source.shutdown()
      throw CommandFailure(error.description(service: source.serviceName))
    } catch {
      await source.shutdown()
      throw CommandFailure("\(error)")
    }
  }
}

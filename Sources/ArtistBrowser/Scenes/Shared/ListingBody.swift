import FoundationEssentials

/// A row of the listener's and the tag's lists as shown: a lead (rank, when, "▶ now playing"), the name and its
/// artist, a figure (plays).
struct ListingRow: Equatable {
  var lead: String
  var title: String
  /// The artist of a track or album; empty for an artist.
  var detail: String
  /// Play count in charts; empty elsewhere.
  var figure: String
  var imageURL: URL?
  var isNowPlaying = false
}

/// The body every list scene draws under its header: the rows as a list (with the selected row's picture and
/// facts beside it on a wide screen) or as a wall, or the list's message when there are no rows. The listener's
/// and the tag's pages draw `ListingRow`s; the chart, search results and similar artists draw their own rows
/// with their own `tile`, `facts` and `list`.
@MainActor
enum ListingBody {
  static func frame<Row>(
    rows: [Row], message: String?, runtime: SceneRuntime, viewport: inout ListViewport,
    picture: LargePictureLoader?, bodyRow: Int, width: Int, height: Int, tile: (Row) -> WallTile,
    facts: (Row?) -> [String], list: (_ columns: Int, _ viewport: inout ListViewport) -> SceneFrame
  ) -> SceneFrame {
    if let message, rows.isEmpty { return SceneFrame(lines: [message]) }
    if let wall = runtime.wallFrame(
      tiles: rows.map(tile), selection: viewport.selection, width: width, height: height)
    {
      return SceneFrame(lines: wall.lines, pictures: wall.picturesOffset(rows: bodyRow))
    }
    let selected = rows.indices.contains(viewport.selection) ? rows[viewport.selection] : nil
    var shown = viewport
    let body = PicturePane.list(
      width: width, height: height, bodyRow: bodyRow, picture: picture, url: selected.flatMap { tile($0).imageURL },
      facts: facts(selected)
    ) { columns in
      list(columns, &shown)
    }
    viewport = shown
    return body
  }

  static func frame(
    rows: [ListingRow], message: String?, runtime: SceneRuntime, viewport: inout ListViewport,
    picture: LargePictureLoader?, bodyRow: Int, width: Int, height: Int
  ) -> SceneFrame {
    frame(
      rows: rows, message: message, runtime: runtime, viewport: &viewport, picture: picture, bodyRow: bodyRow,
      width: width, height: height,
      tile: Self.tile,
      facts: { $0.map { [$0.title, $0.detail, SceneText.joined([$0.lead, $0.figure])] } ?? [] },
      list: { columns, viewport in list(rows, runtime: runtime, viewport: &viewport, width: columns, height: height) })
  }

  /// A row as a wall's tile: its picture, its name, and its artist (else its figure).
  static func tile(_ row: ListingRow) -> WallTile {
    WallTile(imageURL: row.imageURL, title: row.title, subtitle: row.detail.isEmpty ? row.figure : row.detail)
  }

  /// `nameColumns` nil: the whole name (printouts).
  static func text(_ row: ListingRow, leadColumns: Int, nameColumns: Int?) -> String {
    let lead =
      row.lead.hasSuffix(".") ? SceneText.padLeft(row.lead, leadColumns) : SceneText.column(row.lead, leadColumns)
    let name = row.detail.isEmpty ? row.title : row.title + " — " + row.detail
    let text = lead + "  " + (nameColumns.map { SceneText.column(name, $0) } ?? name)
    return row.figure.isEmpty ? text : text + "  " + row.figure
  }

  /// Every row whole, for `--plain`.
  static func plainLines(_ rows: [ListingRow]) -> [String] {
    let leadColumns = SceneText.widest(rows.map(\.lead))
    return rows.map { text($0, leadColumns: leadColumns, nameColumns: nil) }
  }

  private static func list(
    _ rows: [ListingRow], runtime: SceneRuntime, viewport: inout ListViewport, width: Int, height: Int
  ) -> SceneFrame {
    let slots = runtime.shownThumbnails
    let leadColumns = SceneText.widest(rows.map(\.lead))
    let reserved = 6 + leadColumns + SceneText.widest(rows.map(\.figure)) + (slots.map { $0.size.columns + 1 } ?? 0)
    let nameColumns = SceneText.nameColumns(width: width, preferred: 60, reserved: reserved)
    return ListRenderer.frame(
      texts: rows.map { text($0, leadColumns: leadColumns, nameColumns: nameColumns) },
      imageURLs: rows.map(\.imageURL), viewport: &viewport, width: width, height: height, thumbnails: slots)
  }
}

import TerminalUI

/// Where the History page's parts go in its body. The charts stack in a column on the left: the calendar, then
/// the listening clock and the months, each only where it fits whole. The range's covers are a wall beside them
/// where two small tiles fit (from 88 columns); on a narrower screen they are one row of tiles under the
/// calendar, before the clock. What does not fit gives way from the bottom: the months first, then the clock, so
/// 80×24 keeps the calendar and a row of covers.
enum HistoryPageLayout {
  /// Columns between the charts and the wall.
  static let gap = 2
  /// The narrowest wall beside the charts: two small tiles.
  static let besideMinimumColumns = 2 * (WallTileSize.small.pictureColumns + 2)
  /// The calendar's width (`CalendarHeatmap`: 58 columns); the column is as wide as its widest chart.
  static let chartMinimumColumns = 58

  /// The charts as drawn, top to bottom in the order they give way from the bottom.
  struct Charts {
    var heatmap: [String]
    var clock: [String]
    var months: [String]

    var columns: Int {
      max(HistoryPageLayout.chartMinimumColumns, HistoryChartText.width(heatmap + clock + months))
    }

    /// The legends wider than the calendar broken in two, so the column beside the wall stays narrow.
    var narrowed: Charts {
      let columns = HistoryPageLayout.chartMinimumColumns
      return Charts(
        heatmap: HistoryChartText.narrowed(heatmap, columns: columns),
        clock: HistoryChartText.narrowed(clock, columns: columns), months: months)
    }
  }

  /// Exactly `height` lines of the body (colour codes included, cut by the caller), and the wall's pictures
  /// with rows counted from the body's top. `wall(columns, rows)` draws the wall's title line and its tiles in
  /// exactly `rows` lines of `columns`, pictures placed from its own top-left cell; `tileRows(columns)` says
  /// how tall one row of its tiles is at that width.
  static func body(
    _ charts: Charts, width: Int, height: Int, tileRows: (_ columns: Int) -> Int,
    wall: (_ columns: Int, _ rows: Int) -> SceneFrame
  ) -> SceneFrame {
    let narrow = charts.narrowed
    let chartColumns = narrow.columns
    let wallColumns = width - chartColumns - gap
    if wallColumns >= besideMinimumColumns {
      let left = stacked([narrow.heatmap, narrow.clock, narrow.months], height: height)
      let covers = wall(wallColumns, height)
      return SceneFrame(
        lines: HistoryChartText.beside(left, leftColumns: chartColumns, covers.lines),
        pictures: covers.picturesOffset(rows: 0, columns: chartColumns + gap))
    }
    var lines = Array(charts.heatmap.prefix(height))
    var remaining = height - lines.count
    // The title and one row of tiles, under a blank line where there is room for one.
    let wallRows = min(remaining, 1 + tileRows(width))
    if remaining > wallRows { lines.append("") }
    remaining = height - lines.count
    var pictures: [PicturePlacement] = []
    if wallRows > 1 {
      let covers = wall(width, min(wallRows, remaining))
      pictures = covers.picturesOffset(rows: lines.count)
      lines += covers.lines
    }
    lines += stacked([charts.clock, charts.months], height: height - lines.count, leadingGap: true)
    return SceneFrame(lines: lines, pictures: pictures)
  }

  /// The blocks that fit whole in `height` lines, in order, a blank line between two (and before the first
  /// with `leadingGap`); the first block is cut to fit rather than left out.
  static func stacked(_ blocks: [[String]], height: Int, leadingGap: Bool = false) -> [String] {
    var lines: [String] = []
    for block in blocks where !block.isEmpty {
      let gap = lines.isEmpty && !leadingGap ? [] : [""]
      if lines.count + gap.count + block.count <= height {
        lines += gap + block
      } else {
        if lines.isEmpty && !leadingGap { lines = Array(block.prefix(height)) }
        break
      }
    }
    return lines
  }
}

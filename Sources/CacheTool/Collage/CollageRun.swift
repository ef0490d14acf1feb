import FoundationEssentials
import ImageCache
import TerminalUI

/// One tile of a collage as reported: where it is, which URL it shows, and whether it is a cover.
struct CollageTile: Encodable, Equatable {
  enum Status: String, Encodable {
    /// The cover, scaled into the tile.
    case drawn
    /// The cover could not be fetched or decoded, or the line is not an http(s) URL: a neutral tile.
    case failed
    /// The source had no cover for this place: a neutral tile.
    case missing
  }

  var index: Int
  var column: Int
  var row: Int
  var url: String?
  var status: Status
  var message: String?
}

/// What `collage` prints: one line, or (`--json`) this as an object.
struct CollageSummary: Encodable {
  var output: String
  var columns: Int
  var rows: Int
  var tilePixels: Int
  var width: Int
  var height: Int
  var tileCount: Int
  var drawn: Int
  var failed: Int
  var missing: Int
  var tiles: [CollageTile]

  init(output: String, composer: CollageComposer, tiles: [CollageTile]) {
    self.output = output
    columns = composer.columns
    rows = composer.rows
    tilePixels = composer.tile
    width = composer.width
    height = composer.height
    tileCount = tiles.count
    drawn = tiles.count { $0.status == .drawn }
    failed = tiles.count { $0.status == .failed }
    missing = tiles.count { $0.status == .missing }
    self.tiles = tiles
  }

  /// `covers.png: 5x5 tiles of 300 px (1500x1500), 24 of 25 tiles are covers (1 failed)`.
  var line: String {
    var others: [String] = []
    if failed > 0 { others.append("\(failed) failed") }
    if missing > 0 { others.append("\(missing) missing") }
    let detail = others.isEmpty ? "" : " (\(others.joined(separator: ", ")))"
    let written = drawn > 0 ? TerminalText.sanitize(output) : "nothing written"
    return "\(written): \(columns)x\(rows) tiles of \(tilePixels) px (\(width)x\(height)), "
      + "\(drawn) of \(tileCount) tiles are covers\(detail)"
  }
}

/// Fetches a collage's covers through the image service and lays them out.
enum CollageRun {
  struct Result {
    var canvas: [UInt8]
    var tiles: [CollageTile]
    var cancelled: Bool
  }

  /// Downloads what the cache lacks first (with the progress bar and interrupts of `warm`), then scales each cover
  /// into its tile on every core; a cover is scaled once even when it fills several tiles (the manager coalesces).
  /// With `captions`, each cell whose source names its album gets its caption written on the tile.
  static func draw(
    _ cells: [CollageSource.Cell], composer: CollageComposer, manager: ImageManager, concurrency: Int,
    captions: CollageCaptionWriter? = nil
  ) async -> Result {
    var urls: [URL] = []
    for case .url(let url, _) in cells { urls.append(url) }
    let report = await WarmRun.prefetch(urls, with: manager, concurrency: concurrency, json: false)
    let failures = Dictionary(report.failures.map { ($0.url, $0.message) }) { first, _ in first }
    var tiles = cells.enumerated().map { index, cell in
      tile(cell, index: index, columns: composer.columns, failure: failures)
    }
    var canvas = composer.blankCanvas()
    let width = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
    await withTaskGroup(of: (Int, Swift.Result<ImageBitmap, any Error>).self) { group in
      var pending = tiles.indices.filter { tiles[$0].status == .drawn }[...]
      func startNext() {
        guard let index = pending.popFirst(), case .url(let url, _) = cells[index] else { return }
        let request = ImageRequest(url: url, processors: [composer.processor])
        group.addTask {
          do {
            return (index, .success(try await manager.image(for: request).bitmap))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      for _ in 0..<width { startNext() }
      while let (index, result) = await group.next() {
        switch result {
        case .success(let cover): composer.place(cover, at: index, in: &canvas)
        case .failure(let error):
          tiles[index].status = .failed
          tiles[index].message = "\(error)"
        }
        startNext()
      }
    }
    if let captions { canvas = composer.writing(captions, of: cells, on: canvas) }
    return Result(canvas: canvas, tiles: tiles, cancelled: report.cancelled)
  }

  /// The tile for a cell before its cover is scaled: `drawn` is provisional for URLs the prefetch did not fail.
  private static func tile(_ cell: CollageSource.Cell, index: Int, columns: Int, failure: [String: String])
    -> CollageTile
  {
    var tile = CollageTile(
      index: index, column: index % columns, row: index / columns, url: nil, status: .missing, message: nil)
    switch cell {
    case .url(let url, _):
      let shown = ImageManagerError.redactedURL(url)
      tile.url = shown
      if let message = failure[shown] {
        (tile.status, tile.message) = (.failed, message)
      } else {
        tile.status = .drawn
      }
    case .invalid(let line):
      (tile.url, tile.status, tile.message) = (line, .failed, "\(line): not an http(s) URL")
    case .missing:
      break
    }
    return tile
  }
}

import FoundationEssentials
import ImageCache
import TerminalGraphics
import TerminalUI

/// The thumbnails of one scene, kept outside the VIP cycle: the view controller asks for the URLs of the rows
/// on screen; requests for rows that scrolled away are cancelled; a finished thumbnail triggers `onUpdate`
/// so the row is redrawn. Until then a placeholder fills the slot, and a cover that could not be loaded shows the
/// failure mark instead. Thumbnails are painted the session's way: block art in the lines, or a graphics
/// protocol's picture placed over the slot's blank cells.
@MainActor
final class ThumbnailSlots {
  private let loader: any ThumbnailLoading
  private let painter: any PicturePainting
  let size: ThumbnailSize
  private var rendered: [URL: PaintedPicture] = [:]
  private var failed: Set<URL> = []
  private var inFlight: [URL: Request] = [:]
  /// The URLs the last frame drew in its slots (the rows or tiles on screen, not the prefetched ones).
  private var shown: [URL] = []
  private var nextRequestID = 0
  /// The terminal's name for each URL's picture, so the same cover keeps its id wherever its row moves.
  private var pictureIDs: [URL: UInt32] = [:]
  /// This set's pictures are named from here up, so slots of other sizes (a wall's) never share a name with it.
  private let firstPictureID: UInt32
  private var nextPictureID: UInt32
  /// Whether pictures no longer asked for are dropped (`init`).
  private let keepsOnlyRequested: Bool
  var onUpdate: (@MainActor () -> Void)?
  /// Thumbnails are named from here up (the large pictures have small ids of their own).
  static let firstPictureID: UInt32 = 100
  /// The middle row of a slot whose cover could not be loaded (a slot still loading shows a row of dots).
  static let failureMark = "×"

  init(
    loader: any ThumbnailLoading, painter: any PicturePainting, size: ThumbnailSize = .row,
    firstPictureID: UInt32 = ThumbnailSlots.firstPictureID, keepsOnlyRequested: Bool = false
  ) {
    self.loader = loader
    self.painter = painter
    self.size = size
    self.firstPictureID = firstPictureID
    nextPictureID = firstPictureID
    self.keepsOnlyRequested = keepsOnlyRequested
  }

  convenience init(loader: any ThumbnailLoading, renderer: any ThumbnailRendering, size: ThumbnailSize = .row) {
    self.init(loader: loader, painter: BlockArtPicturePainter(renderer: renderer), size: size)
  }

  /// URLs in the order they should load (visible rows top to bottom), at high priority, then `prefetch` (what the
  /// next screen shows) at low priority. Anything else in flight is cancelled.
  func request(_ urls: [URL], prefetch: [URL] = []) {
    shown = urls
    let wanted = Set(urls).union(prefetch)
    for (url, request) in inFlight where !wanted.contains(url) {
      request.task.cancel()
      inFlight[url] = nil
    }
    if keepsOnlyRequested { forget(allBut: wanted) }
    for (url, priority) in urls.map({ ($0, ImageRequest.Priority.high) }) + prefetch.map({ ($0, .low) })
    where rendered[url] == nil && inFlight[url] == nil && !failed.contains(url) {
      nextRequestID += 1
      let id = nextRequestID
      let pictureID = pictureIDs[url] ?? takePictureID()
      pictureIDs[url] = pictureID
      let task = Task { [loader, painter, size] in
        let result: Result<PaintedPicture, any Error>
        do {
          let bitmap = try await loader.thumbnail(
            for: url, fitting: painter.sourceSize(columns: size.columns, rows: size.rows), priority: priority)
          result = .success(await Self.paint(bitmap, url: url, size: size, painter: painter, id: pictureID))
        } catch {
          result = .failure(error)
        }
        self.finish(url, id, result)
      }
      inFlight[url] = Request(id: id, task: task)
    }
  }

  /// The slot's lines: the rendered thumbnail, or a placeholder of the same size (blank for rows that have no
  /// image at all, such as an action row, or whose picture is placed over them; the failure mark for a cover
  /// that could not be loaded).
  func lines(for url: URL?) -> [String] {
    let blank = String(repeating: " ", count: size.columns)
    switch url.flatMap({ rendered[$0] }) {
    case .text(let lines): return lines
    case .placed: return Array(repeating: blank, count: size.rows)
    case nil: break
    }
    guard let url else { return Array(repeating: blank, count: size.rows) }
    let middle =
      failed.contains(url)
      ? TerminalText.fit(PicturePane.centred(Self.failureMark, columns: size.columns), toColumns: size.columns)
      : String(repeating: "·", count: size.columns)
    return (0..<size.rows).map { $0 == size.rows / 2 ? middle : blank }
  }

  /// The placed picture for `url` with its top-left cell at `origin`, when thumbnails are drawn by a protocol.
  func placement(for url: URL?, row: Int, column: Int) -> PicturePlacement? {
    guard let url, case .placed(let drawing) = rendered[url], let id = pictureIDs[url] else { return nil }
    return PicturePlacement(
      id: id, rect: CellRect(row: row, column: column, columns: size.columns, rows: size.rows),
      contentKey: url.absoluteString, drawing: drawing)
  }

  /// A list keeps every picture it painted, its rows being few and scrolled back to. A screen whose rows change
  /// for good (the Now screen's earlier tracks, one more a track all day) keeps only those of its last frame,
  /// so its memory does not grow with the day: a picture it needs again is painted again.
  private func forget(allBut wanted: Set<URL>) {
    rendered = rendered.filter { wanted.contains($0.key) }
    failed = failed.filter { wanted.contains($0) }
    pictureIDs = pictureIDs.filter { wanted.contains($0.key) }
  }

  /// A new name, never one given before in this set (names forgotten are not given again: the terminal may still
  /// show the picture they named).
  private func takePictureID() -> UInt32 {
    defer { nextPictureID &+= 1 }
    return nextPictureID
  }

  func cancelAll() {
    for request in inFlight.values { request.task.cancel() }
    inFlight.removeAll()
  }

  /// Waits for every request started so far (tests, and the `--plain` path if it ever draws covers).
  func waitUntilIdle() async {
    while let request = inFlight.values.first {
      await request.task.value
    }
  }

  private struct Request {
    let id: Int
    let task: Task<Void, Never>
  }

  var pendingURLs: Set<URL> { Set(inFlight.keys) }
  /// The slots of the last frame: those still without a picture (whether or not a load runs for them: one that
  /// ended without a picture, cancelled under the slot, leaves its placeholder) and those showing the failure mark.
  var progress: FrameProgress {
    let drawn = Set(shown)
    let failedCount = drawn.intersection(failed).count
    let renderedCount = drawn.count { rendered[$0] != nil }
    return FrameProgress(thumbnailsAwaited: drawn.count - failedCount - renderedCount, thumbnailsFailed: failedCount)
  }
  /// Covers that could not be loaded (a cancelled load is not a failure).
  var failedURLs: Set<URL> { failed }
  /// Whether `url`'s picture has arrived.
  func isReady(_ url: URL) -> Bool { rendered[url] != nil }

  /// Painted under the URL's name: a kitty terminal keeps one copy of each cover per box size however many
  /// tiles or rows show it, and the painter needs no hash of the pixels to recognise it.
  private nonisolated static func paint(
    _ bitmap: ImageBitmap, url: URL, size: ThumbnailSize, painter: any PicturePainting, id: UInt32
  ) async -> PaintedPicture {
    painter.paint(bitmap, columns: size.columns, rows: size.rows, id: id, key: url.absoluteString)
  }

  private func finish(_ url: URL, _ id: Int, _ result: Result<PaintedPicture, any Error>) {
    // Cancelled meanwhile (possibly re-requested since): this result is not wanted.
    guard inFlight[url]?.id == id else { return }
    inFlight[url] = nil
    switch result {
    case .success(let picture):
      rendered[url] = picture
      onUpdate?()
    case .failure(let error):
      // A cancelled load may be asked for again later; a broken image would only fail again.
      if !(error is CancellationError) {
        failed.insert(url)
        onUpdate?()  // the wall's status line counts failures
      }
    }
  }
}

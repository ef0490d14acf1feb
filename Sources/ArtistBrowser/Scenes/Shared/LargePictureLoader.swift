import FoundationEssentials
import ImageCache
import ImageCacheSupport
import TerminalGraphics

/// One large picture of a scene (the preview pane, an album's cover), kept outside the VIP cycle like the
/// thumbnails: the view asks for the picture of a URL at a box size while it renders; asking for another one
/// cancels the load in flight; a finished load triggers `onUpdate`. Painted pictures are kept per (URL, box), the
/// most recent `memoryLimit` of them, so going back to a row draws at once.
@MainActor
final class LargePictureLoader {
  enum State {
    /// No URL (nothing to show).
    case empty
    case loading
    case failed
    case painted(PaintedPicture)
  }

  struct Key: Hashable {
    var url: URL
    var columns: Int
    var rows: Int
  }

  private let loader: any ThumbnailLoading
  let painter: any PicturePainting
  /// The terminal's name for this box's picture.
  let pictureID: UInt32
  /// Each picture costs 1: the limit is the count.
  private var painted: LRUCache<Key, PaintedPicture>
  private var failed: Set<URL> = []
  private var inFlight: (key: Key, task: Task<Void, Never>)?
  /// What the last frame asked this box to show (nil: nothing, or no URL).
  private var shown: Key?
  var onUpdate: (@MainActor () -> Void)?

  init(loader: any ThumbnailLoading, painter: any PicturePainting, pictureID: UInt32, memoryLimit: Int = 32) {
    self.loader = loader
    self.painter = painter
    self.pictureID = pictureID
    painted = LRUCache(costLimit: .max, countLimit: memoryLimit)
  }

  /// The picture for `url` in a `columns × rows` box, starting its load if needed.
  func picture(for url: URL?, columns: Int, rows: Int) -> State {
    guard let url, columns > 0, rows > 0 else {
      cancel()
      shown = nil
      return .empty
    }
    let key = Key(url: url, columns: columns, rows: rows)
    shown = key
    if let picture = painted.value(forKey: key) {
      cancel()
      return .painted(picture)
    }
    if failed.contains(url) {
      cancel()
      return .failed
    }
    if inFlight?.key != key { start(key) }
    return .loading
  }

  /// The URL being loaded, if any (tests).
  var pendingURL: URL? { inFlight?.key.url }

  /// The picture the last frame asked for: awaited until it is painted (whether or not a load runs for it: one
  /// that ended without a picture leaves "loading picture…" in the box), or failed.
  var progress: FrameProgress {
    guard let shown else { return FrameProgress() }
    if painted.peekValue(forKey: shown) != nil { return FrameProgress() }
    return failed.contains(shown.url) ? FrameProgress(picturesFailed: 1) : FrameProgress(picturesAwaited: 1)
  }

  func cancel() {
    inFlight?.task.cancel()
    inFlight = nil
  }

  /// Waits for the load in flight, if any (tests).
  func waitUntilIdle() async {
    while let task = inFlight?.task { await task.value }
  }

  private func start(_ key: Key) {
    cancel()
    let task = Task { [loader, painter, pictureID] in
      let result: Result<PaintedPicture, any Error>
      do {
        let bitmap = try await loader.thumbnail(
          for: key.url, fitting: painter.sourceSize(columns: key.columns, rows: key.rows))
        try Task.checkCancellation()
        result = .success(await Self.paint(bitmap, key: key, painter: painter, id: pictureID))
      } catch {
        result = .failure(error)
      }
      self.finish(key, result)
    }
    inFlight = (key, task)
  }

  /// Off the main actor: scaling a large picture must not hold up keys.
  private nonisolated static func paint(_ bitmap: ImageBitmap, key: Key, painter: any PicturePainting, id: UInt32)
    async -> PaintedPicture
  {
    painter.paint(bitmap, columns: key.columns, rows: key.rows, id: id, key: key.url.absoluteString)
  }

  private func finish(_ key: Key, _ result: Result<PaintedPicture, any Error>) {
    guard inFlight?.key == key else { return }  // cancelled meanwhile: not wanted any more
    inFlight = nil
    switch result {
    case .success(let picture):
      painted.setValue(picture, forKey: key, cost: 1)
    case .failure(let error):
      // A cancelled load may be asked for again; a broken picture would only fail again.
      guard !(error is CancellationError) else { return }
      failed.insert(key.url)
    }
    onUpdate?()
  }
}

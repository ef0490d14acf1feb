import Foundation
import ImageCache

/// The thumbnails of one scene, kept outside the VIP cycle: the view controller asks for the URLs of the rows
/// on screen; requests for rows that scrolled away are cancelled; a finished thumbnail triggers `onUpdate`
/// so the row is redrawn. Until then a placeholder fills the slot.
@MainActor
final class ThumbnailSlots {
  private let loader: any ThumbnailLoading
  private let renderer: any ThumbnailRendering
  let size: ThumbnailSize
  private var rendered: [URL: [String]] = [:]
  private var failed: Set<URL> = []
  private var inFlight: [URL: Request] = [:]
  private var nextRequestID = 0
  var onUpdate: (@MainActor () -> Void)?

  init(loader: any ThumbnailLoading, renderer: any ThumbnailRendering, size: ThumbnailSize = .row) {
    self.loader = loader
    self.renderer = renderer
    self.size = size
  }

  /// URLs in the order they should load (visible rows top to bottom). Anything else in flight is cancelled.
  func request(_ urls: [URL]) {
    let wanted = Set(urls)
    for (url, request) in inFlight where !wanted.contains(url) {
      request.task.cancel()
      inFlight[url] = nil
    }
    for url in urls where rendered[url] == nil && inFlight[url] == nil && !failed.contains(url) {
      nextRequestID += 1
      let id = nextRequestID
      let task = Task { [loader] in
        let result: Result<ImageBitmap, any Error>
        do {
          result = .success(try await loader.thumbnail(for: url))
        } catch {
          result = .failure(error)
        }
        self.finish(url, id, result)
      }
      inFlight[url] = Request(id: id, task: task)
    }
  }

  /// The slot's lines: the rendered thumbnail, or a placeholder of the same size.
  func lines(for url: URL?) -> [String] {
    if let url, let lines = rendered[url] { return lines }
    let blank = String(repeating: " ", count: size.columns)
    let dots = String(repeating: "·", count: size.columns)
    return (0..<size.rows).map { $0 == size.rows / 2 ? dots : blank }
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

  private func finish(_ url: URL, _ id: Int, _ result: Result<ImageBitmap, any Error>) {
    // Cancelled meanwhile (possibly re-requested since): this result is not wanted.
    guard inFlight[url]?.id == id else { return }
    inFlight[url] = nil
    switch result {
    case .success(let bitmap):
      rendered[url] = renderer.render(bitmap, columns: size.columns, rows: size.rows)
      onUpdate?()
    case .failure(let error):
      // A cancelled load may be asked for again later; a broken image would only fail again.
      if !(error is CancellationError) { failed.insert(url) }
    }
  }
}

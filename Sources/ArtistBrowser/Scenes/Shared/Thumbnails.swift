import FoundationEssentials
import ImageCache
import TerminalGraphics

/// Fetches and decodes a cover. Cancelling the calling task must abandon the request.
/// Backed by `ImageManager` in the app; a fake in tests.
protocol ThumbnailLoading: Sendable {
  func thumbnail(for url: URL) async throws -> ImageBitmap
  /// The cover scaled down to fit `box` (aspect kept; a smaller one as it is), which is all a painter drawing it
  /// into a few cells uses. The app's loader keeps the scaled picture on disk too, so the next start reads a few
  /// kilobytes of pixels instead of decoding and scaling the whole cover again.
  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap
  /// `thumbnail(for:fitting:)` at `priority`: what is on screen ahead of what is fetched for the next screen.
  func thumbnail(for url: URL, fitting box: PixelSize, priority: ImageRequest.Priority) async throws -> ImageBitmap
  /// The same loader, but what it loads is not kept in the session's shared memory of pictures: for a screen
  /// whose pictures change for good (the Now screen, a track after another all day), which keeps the few it shows
  /// itself, so a day of covers does not fill the memory the lists' covers share.
  var bypassingMemoryTier: any ThumbnailLoading { get }
}

extension ThumbnailLoading {
  /// Loaders without a memory of their own.
  var bypassingMemoryTier: any ThumbnailLoading { self }

  /// Loaders that cannot scale give the cover as it is; the painter scales it.
  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap {
    try await thumbnail(for: url)
  }

  /// Loaders without priorities load everything alike.
  func thumbnail(for url: URL, fitting box: PixelSize, priority: ImageRequest.Priority) async throws
    -> ImageBitmap
  {
    try await thumbnail(for: url, fitting: box)
  }
}

/// Cell size of a thumbnail beside a list row.
struct ThumbnailSize: Equatable, Sendable {
  var columns: Int
  var rows: Int

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  static let row = ThumbnailSize(columns: 6, rows: 3)
}

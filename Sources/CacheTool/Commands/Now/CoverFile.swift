import FoundationEssentials
import ImageCache
import ImageEncoding
import LastFM

/// `--cover-file PATH`: the current cover as a PNG of `size` pixels, written (atomically, by `OutputFile`) only
/// when the cover changes; with no cover to show the file is left as it was. Remembers only the last cover's
/// URL, so a follower's memory stays flat and an unchanged cover is never fetched or decoded again.
actor CoverFile {
  let path: String
  let size: Int
  private let manager: ImageManager
  private var writtenURL: URL?

  init(path: String, size: Int, manager: ImageManager) {
    self.path = path
    self.size = size
    self.manager = manager
  }

  /// Writes the cover of `now`'s track when it is another one than last written. Throws `CommandFailure` when
  /// the cover cannot be had or written; the file then keeps the previous picture.
  func update(_ now: NowPlaying) async throws {
    guard let url = now.track?.images.url(for: .extralarge), url != writtenURL else { return }
    let request = ImageRequest(
      url: url, processors: [ImageProcessors.Resize(size: size, contentMode: .fill, upscale: true)])
    let bitmap: ImageBitmap
    do {
      bitmap = try await manager.image(for: request).bitmap
    } catch {
      throw CommandFailure("the cover of \(now.track?.name ?? "the track") could not be loaded: \(error)")
    }
    let png: [UInt8]
    do { png = try PNGEncoder.encode(bitmap) } catch { throw CommandFailure("cannot encode the cover: \(error)") }
    try OutputFile.write(png, to: path)
    writtenURL = url
  }

  nonisolated func close() {
    try? manager.close()
  }
}

import BlockArt
import FoundationEssentials
import ImageCache
import TerminalGraphics
import TerminalUI

/// Covers through the image service: memory, disk, then network, shared with everything else in the process.
struct ImageManagerThumbnailLoader: ThumbnailLoading {
  let manager: ImageManager
  /// Added to every request: `skipMemoryTier` for `bypassingMemoryTier`.
  private var options: ImageRequest.Options = []

  init(manager: ImageManager) {
    self.manager = manager
  }

  /// Its requests neither read nor write the memory tier; the disk tier keeps the scaled pictures as before.
  var bypassingMemoryTier: any ThumbnailLoading {
    var loader = self
    loader.options.insert(.skipMemoryTier)
    return loader
  }

  /// Cancelling the calling task abandons the request. It is reported as `CancellationError`, which the
  /// thumbnail slots treat as "ask again later", not as a broken image.
  func thumbnail(for url: URL) async throws -> ImageBitmap {
    try await bitmap(ImageRequest(url: url, options: options))
  }

  /// Scaled by the image service, which keeps the scaled picture in memory and on disk beside the original.
  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap {
    try await thumbnail(for: url, fitting: box, priority: .normal)
  }

  func thumbnail(for url: URL, fitting box: PixelSize, priority: ImageRequest.Priority) async throws
    -> ImageBitmap
  {
    let fit = ImageProcessors.Resize(width: box.width, height: box.height)
    return try await bitmap(
      ImageRequest(url: url, processors: [fit], priority: priority, options: options.union(.storeProcessedOnDisk)))
  }

  private func bitmap(_ request: ImageRequest) async throws -> ImageBitmap {
    do {
      return try await manager.image(for: request).bitmap
    } catch .cancelled {
      throw CancellationError()
    } catch {
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
  }
}

/// Block art in the session's colour mode and symbols, padded to exactly `columns × rows` cells (the renderer
/// keeps the picture's aspect ratio, so a wide or tall cover leaves part of the slot empty).
struct BlockArtThumbnailRenderer: ThumbnailRendering {
  let renderer: BlockArtRenderer

  init(colorMode: ColorMode, symbols: SymbolSet = .half) {
    renderer = BlockArtRenderer(colorMode: colorMode, symbols: symbols)
  }

  func render(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [String] {
    guard columns > 0, rows > 0 else { return [] }
    let blank = String(repeating: " ", count: columns)
    let art = renderer.render(bitmap, columns: columns, rows: rows).prefix(rows).map { line in
      line + String(repeating: " ", count: max(0, columns - TerminalText.displayWidth(line)))
    }
    return art + Array(repeating: blank, count: rows - art.count)
  }
}

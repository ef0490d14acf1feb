import Foundation
import ImageCache

/// Fetches and decodes a cover. Cancelling the calling task must abandon the request.
/// Backed by `ImageManager` in the app; a fake in tests.
public protocol ThumbnailLoading: Sendable {
  func thumbnail(for url: URL) async throws -> ImageBitmap
}

/// Turns a bitmap into exactly `rows` strings of `columns` display columns (backed by BlockArt in the app).
public protocol ThumbnailRendering: Sendable {
  func render(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [String]
}

/// Cell size of a thumbnail beside a list row.
public struct ThumbnailSize: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  public static let row = ThumbnailSize(columns: 6, rows: 3)
}

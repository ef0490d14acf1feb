@testable import ArtistBrowser

/// What the chart's tests wait on, kept out of the release code.
extension TopArtistsViewController {
  /// The slots themselves, on or off.
  var thumbnails: ThumbnailSlots? { runtime.thumbnails }

  /// Awaits the preview's details load, if any.
  func waitForPreview() async { await previewTask?.value }
}

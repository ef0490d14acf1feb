/// What the frame on screen still waits for, and which of its pictures could not be loaded. Counted from what the
/// frame shows (the rows and tiles drawn, the large pictures asked for), not from the loads in flight: a picture
/// whose load ended without one (cancelled under it, say) is still awaited, since its placeholder is still there.
/// `--exit-after-first-frame` ends the session once nothing is awaited (`isComplete`), and names what was still
/// awaited when its deadline came first.
struct FrameProgress: Equatable {
  /// The scene's own data (a list, a page) is still loading.
  var isLoading = false
  /// Facts shown beside the list (the preview's details) are still loading.
  var detailsLoading = false
  /// Thumbnails on screen (list rows, wall tiles) not drawn yet: a placeholder stands in their slot.
  var thumbnailsAwaited = 0
  /// Thumbnails on screen that could not be loaded: their slot shows the failure mark.
  var thumbnailsFailed = 0
  /// Large pictures on screen (the preview pane, a cover, a profile picture) not drawn yet.
  var picturesAwaited = 0
  /// Large pictures on screen that could not be loaded: their box says "no picture".
  var picturesFailed = 0

  /// Nothing on screen is awaited: every picture is drawn or shows that it failed.
  var isComplete: Bool { !isLoading && !detailsLoading && thumbnailsAwaited == 0 && picturesAwaited == 0 }

  /// "20 thumbnails, 1 large picture and the preview's details": what is still awaited, nil when nothing is.
  var awaited: String? {
    Self.joined(
      [
        isLoading ? "the scene's data" : nil, Self.counted(thumbnailsAwaited, "thumbnail"),
        Self.counted(picturesAwaited, "large picture"), detailsLoading ? "the preview's details" : nil,
      ].compactMap { $0 })
  }

  /// "2 thumbnails and 1 large picture": what could not be loaded, nil when everything could.
  var failed: String? {
    Self.joined(
      [Self.counted(thumbnailsFailed, "thumbnail"), Self.counted(picturesFailed, "large picture")].compactMap { $0 })
  }

  static func + (left: FrameProgress, right: FrameProgress) -> FrameProgress {
    FrameProgress(
      isLoading: left.isLoading || right.isLoading, detailsLoading: left.detailsLoading || right.detailsLoading,
      thumbnailsAwaited: left.thumbnailsAwaited + right.thumbnailsAwaited,
      thumbnailsFailed: left.thumbnailsFailed + right.thumbnailsFailed,
      picturesAwaited: left.picturesAwaited + right.picturesAwaited,
      picturesFailed: left.picturesFailed + right.picturesFailed)
  }

  private static func counted(_ count: Int, _ noun: String) -> String? {
    count == 0 ? nil : "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private static func joined(_ parts: [String]) -> String? {
    guard let last = parts.last else { return nil }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
  }
}

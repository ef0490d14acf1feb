/// The chores every scene's view controller shares, so each one keeps only its display logic and keys:
/// the loading flag and its task, the thumbnail toggle, and asking for a redraw.
/// Owned by one view controller, which forwards its `onNeedsDisplay` here.
@MainActor
final class SceneChores {
  let preferences: BrowserPreferences
  let thumbnails: ThumbnailSlots?
  private(set) var isLoading = false
  private var loadTask: Task<Void, Never>?
  /// Which `load` is the latest: an older one that ends later (a slow answer overtaken by a refresh) must not
  /// clear the flag while the newer one still runs.
  private var loadGeneration = 0
  /// The navigation stack's hook, read at each call so it may be set after the thumbnails are wired.
  var onNeedsDisplay: (@MainActor () -> Void)?

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?) {
    self.preferences = preferences
    self.thumbnails = thumbnails
    thumbnails?.onUpdate = { [weak self] in self?.changed() }
  }

  /// The slots to draw with: none while thumbnails are switched off.
  var shownThumbnails: ThumbnailSlots? { preferences.showsThumbnails ? thumbnails : nil }

  /// The view model's status with this scene's own loading flag.
  func status(_ base: StatusLine?) -> StatusLine {
    var status = base ?? StatusLine()
    status.isLoading = isLoading
    return status
  }

  func stop() {
    thumbnails?.cancelAll()
    loadTask?.cancel()
  }

  func waitForLoad() async { await loadTask?.value }

  /// `t`: thumbnails on or off everywhere; off also drops the loads in flight.
  func toggleThumbnails() {
    preferences.showsThumbnails.toggle()
    if !preferences.showsThumbnails { thumbnails?.cancelAll() }
    changed()
  }

  /// Runs one load (replacing the task `waitForLoad` awaits), flagged as loading until it is done.
  func load(_ work: @escaping @MainActor () async -> Void) {
    isLoading = true
    changed()
    loadGeneration += 1
    let generation = loadGeneration
    loadTask = Task { [weak self] in
      await work()
      guard let self, self.loadGeneration == generation else { return }
      self.isLoading = false
      self.changed()
    }
  }

  func changed() { onNeedsDisplay?() }

  /// No load running and no thumbnail in flight.
  var isSettled: Bool { !isLoading && (thumbnails?.pendingURLs.isEmpty ?? true) }

  func waitForThumbnails() async {
    await thumbnails?.waitUntilIdle()
  }
}

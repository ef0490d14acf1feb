/// The chores every scene's view controller shares, so each one keeps only its display logic and keys:
/// the loading flag and its task, the thumbnail toggle, the wall, and asking for a redraw.
/// Owned by one view controller, which forwards its `onNeedsDisplay` here.
@MainActor
final class SceneChores {
  let preferences: BrowserPreferences
  let thumbnails: ThumbnailSlots?
  /// The list as a wall of pictures; nil where the scene's list has none.
  let wall: WallView?
  private(set) var isLoading = false
  private var loadTask: Task<Void, Never>?
  /// Which `load` is the latest: an older one that ends later (a slow answer overtaken by a refresh) must not
  /// clear the flag while the newer one still runs.
  private var loadGeneration = 0
  /// The navigation stack's hook, read at each call so it may be set after the thumbnails are wired.
  var onNeedsDisplay: (@MainActor () -> Void)?

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?, wall: WallView? = nil) {
    self.preferences = preferences
    self.thumbnails = thumbnails
    self.wall = wall
    thumbnails?.onUpdate = { [weak self] in self?.changed() }
    wall?.onUpdate = { [weak self] in self?.changed() }
  }

  /// The slots to draw with: none while thumbnails are switched off.
  var shownThumbnails: ThumbnailSlots? { preferences.showsThumbnails ? thumbnails : nil }

  /// The wall to draw with: none while the list is shown as a list.
  var shownWall: WallView? { preferences.showsWall ? wall : nil }

  /// The view model's status with this scene's own loading flag, and on a wall the cursor's place and whether
  /// covers failed.
  func status(_ base: StatusLine?) -> StatusLine {
    var status = base ?? StatusLine()
    status.isLoading = isLoading
    if let wall = shownWall {
      status.position = wall.position.isEmpty ? nil : wall.position
      if status.error == nil { status.error = wall.failureNote }
    }
    return status
  }

  /// `w` toggles list and wall everywhere; on a wall the movement keys and `+`/`-` are the wall's. The wall
  /// shows the list's items from index `first` on (an artist's page keeps an action row above its albums), and
  /// its cursor is the list's selection, so opening, paging and going back work as they do for the list.
  /// True when the key was used.
  func handleWallKey(_ key: BrowserKey, viewport: inout ListViewport, first: Int = 0) -> Bool {
    guard let wall else { return false }
    if key == .character("w") {
      preferences.showsWall.toggle()
      if preferences.showsWall {
        if viewport.selection < first { viewport.move(by: first - viewport.selection) }
      } else {
        wall.cancelAll()
      }
      changed()
      return true
    }
    guard preferences.showsWall else { return false }
    // The selection may sit above the wall's items (set while the list was shown): Enter opens the marked tile.
    if viewport.selection < first, viewport.count > first { viewport.move(by: first - viewport.selection) }
    let selection = max(0, viewport.selection - first)
    switch wall.handle(key, selection: selection, count: max(0, viewport.count - first)) {
    case .move(let target): viewport.move(by: target + first - viewport.selection)
    case .resized: break
    case nil: return false
    }
    changed()
    return true
  }

  /// The wall's frame of `tiles` (the list's items from index `first` on) in a body of `width × height`
  /// cells, or nil while the list is shown as a list.
  func wallFrame(tiles: [WallTile], selection: Int, first: Int = 0, width: Int, height: Int) -> SceneFrame? {
    shownWall?.frame(tiles: tiles, selection: max(0, selection - first), width: width, height: height)
  }

  func stop() {
    thumbnails?.cancelAll()
    wall?.cancelAll()
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
  var isSettled: Bool {
    !isLoading && (shownWall.map(\.isSettled) ?? (thumbnails?.pendingURLs.isEmpty ?? true))
  }

  func waitForThumbnails() async {
    await thumbnails?.waitUntilIdle()
    await wall?.waitUntilIdle()
  }
}

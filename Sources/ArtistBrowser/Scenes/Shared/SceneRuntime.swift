/// What runs under one scene, so its view controller keeps only its display logic and keys: the loads (the
/// loading flag and the task `waitForLoad` awaits), the thumbnail slots and their toggle, the wall, the scene's
/// large pictures (the preview pane, a cover, a profile picture) and asking the navigation stack for a redraw.
/// Owned by one view controller through `SceneShell`, which forwards the stack's calls here.
@MainActor
final class SceneRuntime {
  /// Rows from the end of a paged list at which its next page is fetched.
  static let pagingThreshold = 5

  let preferences: BrowserPreferences
  let thumbnails: ThumbnailSlots?
  /// The list as a wall of pictures; nil where the scene's list has none.
  let wall: WallView?
  /// The wall is a part of the page, drawn whatever `w` chose (the History page's covers); `w` leaves it alone.
  let pinsWall: Bool
  /// The scene's large pictures: each redraws the scene when it arrives, stops with it and counts in `progress`.
  private(set) var pictures: [LargePictureLoader] = []
  /// The selected row's picture in a list's preview pane (`ListingBody`); nil where the scene has no pane or the
  /// session draws no large pictures.
  private(set) var preview: LargePictureLoader?
  /// The next list shown starts at its top: set for a new list, sort, period or refresh, cleared by `showList`.
  var resetsSelection = true
  private(set) var isLoading = false
  private var loadTask: Task<Void, Never>?
  /// Which `load` is the latest: an older one that ends later (a slow answer overtaken by a refresh) must not
  /// clear the flag while the newer one still runs.
  private var loadGeneration = 0
  /// What the interactor last exported for `--json` (the scene's `ExportData.ViewModel`).
  var exported: (any Encodable)?
  /// The navigation stack's hook, read at each call so it may be set after the thumbnails are wired.
  var onNeedsDisplay: (@MainActor () -> Void)?

  init(
    preferences: BrowserPreferences, thumbnails: ThumbnailSlots?, wall: WallView? = nil, pinsWall: Bool = false,
    preview: LargePictureLoader? = nil
  ) {
    self.preferences = preferences
    self.thumbnails = thumbnails
    self.wall = wall
    self.pinsWall = pinsWall
    thumbnails?.onUpdate = { [weak self] in self?.changed() }
    wall?.onUpdate = { [weak self] in self?.changed() }
    self.preview = adopt(preview)
  }

  /// Takes on one of the scene's large pictures (nil: the session draws none) and hands it back for the scene
  /// to draw with: it redraws the scene when it arrives, stops with it and counts in `progress`.
  func adopt(_ picture: LargePictureLoader?) -> LargePictureLoader? {
    guard let picture else { return nil }
    picture.onUpdate = { [weak self] in self?.changed() }
    pictures.append(picture)
    return picture
  }

  /// The slots to draw with: none while thumbnails are switched off.
  var shownThumbnails: ThumbnailSlots? { preferences.showsThumbnails ? thumbnails : nil }

  /// The wall to draw with: none while the list is shown as a list.
  var shownWall: WallView? { preferences.showsWall || pinsWall ? wall : nil }

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

  /// `w` toggles list and wall everywhere (a pinned wall stays); on a wall the movement keys and `+`/`-` are the wall's. The wall
  /// shows the list's items from index `first` on (an artist's page keeps an action row above its albums), and
  /// its cursor is the list's selection, so opening, paging and going back work as they do for the list.
  /// True when the key was used.
  func handleWallKey(_ key: BrowserKey, viewport: inout ListViewport, first: Int = 0) -> Bool {
    guard let wall else { return false }
    if key == .character("w"), !pinsWall {
      preferences.showsWall.toggle()
      if preferences.showsWall {
        if viewport.selection < first { viewport.move(by: first - viewport.selection) }
      } else {
        wall.cancelAll()
      }
      changed()
      return true
    }
    guard shownWall != nil else { return false }
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
    for picture in pictures { picture.cancel() }
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

  /// A list of `count` rows arrived: the selection stays where it was unless `resetsSelection` asked for the top.
  func showList(count: Int, in viewport: inout ListViewport) {
    viewport.setCount(count, resetSelection: resetsSelection)
    resetsSelection = false
    changed()
  }

  /// What the frame on screen still waits for: the load, the thumbnails or wall tiles drawn (none while
  /// thumbnails are off), the large pictures asked for.
  var progress: FrameProgress {
    let tiles = shownWall.map(\.progress) ?? shownThumbnails?.progress ?? FrameProgress()
    return pictures.reduce(tiles + FrameProgress(isLoading: isLoading)) { $0 + $1.progress }
  }

  /// Loads the next page of a paged list once its selection comes within `pagingThreshold` rows of the end,
  /// unless a load is running or there is nothing more.
  func loadNextPage(hasMore: Bool?, near viewport: ListViewport, _ work: @escaping @MainActor () async -> Void) {
    guard !isLoading, hasMore == true, viewport.isNear(endWithin: Self.pagingThreshold) else { return }
    load(work)
  }

  func waitForThumbnails() async {
    await thumbnails?.waitUntilIdle()
    await wall?.waitUntilIdle()
  }
}

import LastFM

/// The one way a scene is opened on a subject (an artist, an album, a tag, a listener, a query): made by the
/// factory, then its data store filled before the navigation stack starts it. Routers fill it with their
/// `passDataTo…(source:destination:)`; the command line (`artist-browser artist Cher --plain`) and the
/// destinations of list rows give the names directly.
extension SceneMaking {
  func makeArtistDetail(filling fill: (inout any ArtistDetailDataStore) -> Void) -> ArtistDetailViewController {
    let scene = makeArtistDetail()
    Self.fill(scene.router?.dataStore, with: fill)
    return scene
  }

  func makeAlbumDetail(filling fill: (inout any AlbumDetailDataStore) -> Void) -> AlbumDetailViewController {
    let scene = makeAlbumDetail()
    Self.fill(scene.router?.dataStore, with: fill)
    return scene
  }

  func makeSimilarArtists(filling fill: (inout any SimilarArtistsDataStore) -> Void) -> SimilarArtistsViewController {
    let scene = makeSimilarArtists()
    Self.fill(scene.router?.dataStore, with: fill)
    return scene
  }

  func makeArtistDetail(artistName: String) -> ArtistDetailViewController {
    makeArtistDetail { $0.artistName = artistName }
  }

  func makeAlbumDetail(artist: String, album: String) -> AlbumDetailViewController {
    makeAlbumDetail {
      $0.artistName = artist
      $0.albumName = album
    }
  }

  func makeSimilarArtists(artistName: String) -> SimilarArtistsViewController {
    makeSimilarArtists { $0.artistName = artistName }
  }

  /// Starts by searching `query` instead of offering recent searches.
  func makeSearch(query: String) -> SearchViewController {
    let scene = makeSearch()
    Self.fill(scene.router?.dataStore) { $0.query = query }
    return scene
  }

  /// A listener's page; an empty name asks for one, offering `suggestedUser` (`LASTFM_USER`).
  func makeListener(userName: String, period: ListeningPeriod = .week, suggestedUser: String = "")
    -> ListenerViewController
  {
    let scene = makeListener()
    Self.fill(scene.router?.dataStore) {
      $0.userName = userName
      $0.period = period
    }
    scene.suggestedUser = suggestedUser
    return scene
  }

  /// A listener's History page, from their archive.
  func makeHistory(userName: String) -> HistoryViewController {
    let scene = makeHistory()
    Self.fill(scene.router?.dataStore) { $0.userName = userName }
    return scene
  }

  func makeHistoryRange(filling fill: (inout any HistoryRangeDataStore) -> Void) -> HistoryRangeViewController {
    let scene = makeHistoryRange()
    Self.fill(scene.router?.dataStore, with: fill)
    return scene
  }

  /// What `userName` plays now, polled every `interval` seconds when given (else 10 s playing, 30 s not).
  func makeNow(userName: String, interval: Int? = nil) -> NowViewController {
    let scene = makeNow()
    Self.fill(scene.router?.dataStore) {
      $0.userName = userName
      $0.pacing = Now.Pacing(fixed: interval)
    }
    return scene
  }

  func makeTag(tagName: String) -> TagViewController {
    let scene = makeTag()
    Self.fill(scene.router?.dataStore) { $0.tagName = tagName }
    return scene
  }

  /// The page a row of a listener's or a tag's list opens.
  func makeScene(for destination: ListeningDestination) -> any BrowserScene {
    switch destination {
    case .artist(let name): makeArtistDetail(artistName: name)
    case .album(let artist, let album): makeAlbumDetail(artist: artist, album: album)
    }
  }

  /// Data stores are the scenes' interactors: filling the copy fills the scene's.
  private static func fill<Store>(_ store: Store?, with fill: (inout Store) -> Void) {
    guard var store else { return }
    fill(&store)
  }
}

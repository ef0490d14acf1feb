/// Entry points for the command line (`artist-browser artist Cher --plain`): a scene opened directly,
/// its data store filled as a router would.
extension SceneFactory {
  public func makeArtistDetail(artistName: String) -> ArtistDetailViewController {
    let scene = makeArtistDetail()
    scene.router?.dataStore?.artistName = artistName
    return scene
  }

  public func makeAlbumDetail(artist: String, album: String) -> AlbumDetailViewController {
    let scene = makeAlbumDetail()
    scene.router?.dataStore?.artistName = artist
    scene.router?.dataStore?.albumName = album
    return scene
  }

  public func makeSimilarArtists(artistName: String) -> SimilarArtistsViewController {
    let scene = makeSimilarArtists()
    scene.router?.dataStore?.artistName = artistName
    return scene
  }

  /// Starts by searching `query` instead of offering recent searches.
  public func makeSearch(query: String) -> SearchViewController {
    let scene = makeSearch()
    scene.router?.dataStore?.query = query
    return scene
  }

  /// A listener's page; an empty name asks for one, offering `suggestedUser` (`LASTFM_USER`).
  public func makeListener(userName: String, period: ListeningPeriod = .week, suggestedUser: String = "")
    -> ListenerViewController
  {
    let scene = makeListener()
    scene.router?.dataStore?.userName = userName
    scene.router?.dataStore?.period = period
    scene.suggestedUser = suggestedUser
    return scene
  }

  public func makeTag(tagName: String) -> TagViewController {
    let scene = makeTag()
    scene.router?.dataStore?.tagName = tagName
    return scene
  }
}

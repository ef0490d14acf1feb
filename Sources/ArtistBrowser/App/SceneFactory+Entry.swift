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
}

@MainActor
protocol ArtistDetailRoutingLogic: AnyObject {
  func routeToAlbumDetail()
  func routeToSimilarArtists()
  func routeToTag()
  func routeBack()
}

@MainActor
protocol ArtistDetailDataPassing: AnyObject {
  var dataStore: (any ArtistDetailDataStore)? { get }
}

final class ArtistDetailRouter: SceneRouter<any ArtistDetailDataStore>, ArtistDetailRoutingLogic,
  ArtistDetailDataPassing
{
  func routeToAlbumDetail() {
    guard let dataStore, dataStore.selectedAlbum != nil else { return }
    navigator?.push(factory.makeAlbumDetail { passDataToAlbumDetail(source: dataStore, destination: &$0) })
  }

  func routeToSimilarArtists() {
    guard let dataStore else { return }
    navigator?.push(factory.makeSimilarArtists { passDataToSimilarArtists(source: dataStore, destination: &$0) })
  }

  func routeToTag() {
    guard let tag = dataStore?.selectedTag else { return }
    navigator?.push(factory.makeTag(tagName: tag))
  }

  func passDataToAlbumDetail(source: any ArtistDetailDataStore, destination: inout any AlbumDetailDataStore) {
    // The album's own artist: a compilation's album may be credited differently from the page we came from.
    destination.artistName = source.selectedAlbum?.artist ?? source.artistName
    destination.albumName = source.selectedAlbum?.name ?? ""
  }

  func passDataToSimilarArtists(source: any ArtistDetailDataStore, destination: inout any SimilarArtistsDataStore) {
    destination.artistName = source.details?.name ?? source.artistName
  }
}

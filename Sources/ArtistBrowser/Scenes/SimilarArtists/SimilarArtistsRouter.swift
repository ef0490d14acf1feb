@MainActor
protocol SimilarArtistsRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeBack()
}

@MainActor
protocol SimilarArtistsDataPassing: AnyObject {
  var dataStore: (any SimilarArtistsDataStore)? { get }
}

final class SimilarArtistsRouter: SceneRouter<any SimilarArtistsDataStore>, SimilarArtistsRoutingLogic,
  SimilarArtistsDataPassing, SelectedArtistRouting
{
  func selectedArtistName(in source: any SimilarArtistsDataStore) -> String? {
    source.selectedArtist?.name
  }
}

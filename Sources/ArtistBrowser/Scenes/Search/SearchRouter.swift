@MainActor
protocol SearchRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeBack()
}

@MainActor
protocol SearchDataPassing: AnyObject {
  var dataStore: (any SearchDataStore)? { get }
}

final class SearchRouter: SceneRouter<any SearchDataStore>, SearchRoutingLogic, SearchDataPassing, SelectedArtistRouting
{
  func selectedArtistName(in source: any SearchDataStore) -> String? {
    source.selectedArtist?.name
  }
}

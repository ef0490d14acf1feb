@MainActor
protocol TopArtistsRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeToSearch()
  func routeToTag()
}

@MainActor
protocol TopArtistsDataPassing: AnyObject {
  var dataStore: (any TopArtistsDataStore)? { get }
}

final class TopArtistsRouter: SceneRouter<any TopArtistsDataStore>, TopArtistsRoutingLogic, TopArtistsDataPassing,
  SelectedArtistRouting
{
  func routeToSearch() {
    navigator?.push(factory.makeSearch())
  }

  func routeToTag() {
    guard let tag = dataStore?.selectedTag else { return }
    navigator?.push(factory.makeTag(tagName: tag))
  }

  func selectedArtistName(in source: any TopArtistsDataStore) -> String? {
    source.selectedArtist?.name
  }
}

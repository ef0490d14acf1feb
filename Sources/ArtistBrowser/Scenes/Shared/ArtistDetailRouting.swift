/// The one route three scenes share: open the artist their data store has selected.
/// A router conforms, says how to read the selected artist's name from its own data store,
/// and gets `routeToArtistDetail()` and `passDataToArtistDetail(source:destination:)` from here.
@MainActor
protocol ArtistDetailRouting: AnyObject {
  associatedtype SourceDataStore
  var dataStore: SourceDataStore? { get }
  var factory: any SceneMaking { get }
  var navigator: (any SceneNavigating)? { get }
  /// Nil when nothing is selected: routing then goes nowhere.
  func selectedArtistName(in source: SourceDataStore) -> String?
}

extension ArtistDetailRouting {
  func routeToArtistDetail() {
    guard let dataStore, selectedArtistName(in: dataStore) != nil else { return }
    let destination = factory.makeArtistDetail()
    guard var destinationDataStore = destination.router?.dataStore else { return }
    passDataToArtistDetail(source: dataStore, destination: &destinationDataStore)
    navigator?.push(destination)
  }

  func passDataToArtistDetail(source: SourceDataStore, destination: inout any ArtistDetailDataStore) {
    destination.artistName = selectedArtistName(in: source) ?? ""
  }
}

/// What every router shares, written once: the navigator it moves on, and going back. Each router keeps only
/// its own routes and `passDataTo…` (the `SceneMaking+Subjects` builders fill the destination's data store with
/// them).
@MainActor
protocol SceneRouting: AnyObject {
  var navigator: (any SceneNavigating)? { get }
}

extension SceneRouting {
  func routeBack() {
    navigator?.pop()
  }
}

/// The route three lists share: open the artist their data store has selected. A router conforms, says how to
/// read the selected artist's name from its own data store, and gets `routeToArtistDetail()` and
/// `passDataToArtistDetail(source:destination:)` from here.
@MainActor
protocol SelectedArtistRouting: SceneRouting {
  associatedtype SourceDataStore
  var dataStore: SourceDataStore? { get }
  var factory: any SceneMaking { get }
  /// Nil when nothing is selected: routing then goes nowhere.
  func selectedArtistName(in source: SourceDataStore) -> String?
}

extension SelectedArtistRouting {
  func routeToArtistDetail() {
    guard let dataStore, selectedArtistName(in: dataStore) != nil else { return }
    navigator?.push(factory.makeArtistDetail { passDataToArtistDetail(source: dataStore, destination: &$0) })
  }

  func passDataToArtistDetail(source: SourceDataStore, destination: inout any ArtistDetailDataStore) {
    destination.artistName = selectedArtistName(in: source) ?? ""
  }
}

extension SceneRouter {
  /// The route every list of listening shares: the page its row names (an album's, else an artist's). Nil, when
  /// nothing is selected, goes nowhere; true when it went.
  @discardableResult
  func routeToPage(of destination: ListeningDestination?) -> Bool {
    guard let destination else { return false }
    navigator?.push(factory.makeScene(for: destination))
    return true
  }
}

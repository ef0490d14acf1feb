@MainActor
protocol SimilarArtistsBusinessLogic: ExportDataBusinessLogic {
  func fetchSimilar(request: SimilarArtists.FetchSimilar.Request) async
  func selectArtist(request: SimilarArtists.SelectArtist.Request)
}

@MainActor
protocol SimilarArtistsDataStore: AnyObject {
  /// Set by the router that opens the scene.
  var artistName: String { get set }
  var similar: [SimilarArtist] { get }
  var selectedArtist: SimilarArtist? { get }
}

final class SimilarArtistsInteractor:
  SceneInteractor<any SimilarArtistsPresentationLogic, any SimilarArtistsWorking>, SimilarArtistsBusinessLogic,
  SimilarArtistsDataStore
{
  var artistName = ""
  private(set) var similar: [SimilarArtist] = []
  private(set) var selectedArtist: SimilarArtist?
  /// What was last presented, so it can be exported with its provenance.
  private var lastResponse: SimilarArtists.FetchSimilar.Response?

  func fetchSimilar(request: SimilarArtists.FetchSimilar.Request) async {
    var response = SimilarArtists.FetchSimilar.Response(
      artistName: artistName, similar: [], source: nil, isStale: false, error: nil)
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    if let found = await response.record({ try await worker.fetchSimilar(artist: artistName, policy: policy) }) {
      // Best match first whatever order the source used; ties keep the source's order.
      similar = found.enumerated()
        .sorted { $0.element.match == $1.element.match ? $0.offset < $1.offset : $0.element.match > $1.element.match }
        .map(\.element)
      response.similar = similar
    }
    lastResponse = response
    presenter?.presentSimilar(response: response)
  }

  func exportData(request: SimilarArtists.ExportData.Request) {
    guard let lastResponse, lastResponse.error == nil else { return }
    presenter?.presentExportedData(response: lastResponse)
  }

  func selectArtist(request: SimilarArtists.SelectArtist.Request) {
    selectedArtist = request.row(in: similar)
  }
}

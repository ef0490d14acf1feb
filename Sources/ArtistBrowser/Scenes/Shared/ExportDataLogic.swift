// `--json`, the use case every scene shares: `exportData` hands what the scene loaded to `presentExportedData`,
// which makes the scene's document for `displayExportedData`, which keeps it for `jsonSnapshot()`. Each scene's
// own logic protocols inherit these three, binding the response it exports and its document; its models name
// them with `typealias ExportData = SceneExport<…>`, as CleanStore names a use case's request, response and view
// model.

@MainActor
protocol ExportDataBusinessLogic: AnyObject {
  func exportData(request: StateRequest)
}

@MainActor
protocol ExportDataPresentationLogic: AnyObject {
  associatedtype ExportedResponse
  func presentExportedData(response: ExportedResponse)
}

@MainActor
protocol ExportDataDisplayLogic: AnyObject {
  associatedtype ExportedViewModel: Encodable
  func displayExportedData(viewModel: ExportedViewModel)
}

extension ExportDataDisplayLogic where Self: SceneShell {
  /// Keeps the document for `jsonSnapshot()`, which asked for it.
  func displayExportedData(viewModel: ExportedViewModel) { runtime.exported = viewModel }
}

/// One scene's `ExportData` use case: the request carries nothing (the interactor answers from what it holds),
/// the response is the one the scene loaded, the view model the `--json` document around the scene's `Content`.
enum SceneExport<Loaded, Content: ExportContent> {
  typealias Request = StateRequest
  typealias Response = Loaded
  typealias ViewModel = ExportDocument<Content>
}

/// What one scene's `--json` document holds besides where its data came from.
protocol ExportContent: Encodable, Equatable {
  /// The document's `scene` key: which of `docs/schemas/artist-browser-*.schema.json` describes it.
  static var scene: String { get }
}

/// A `--json` document: `scene`, where the catalog's data came from and whether it is stale (both absent on the
/// archive's pages, which read no catalog), and the scene's content, whose keys stand beside these.
@dynamicMemberLookup
struct ExportDocument<Content: ExportContent>: Encodable, Equatable {
  var source: DataSource?
  var stale: Bool?
  var content: Content

  var scene: String { Content.scene }

  subscript<Value>(dynamicMember keyPath: KeyPath<Content, Value>) -> Value { content[keyPath: keyPath] }

  private enum CodingKeys: String, CodingKey {
    case scene, source, stale
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scene, forKey: .scene)
    try container.encodeIfPresent(source, forKey: .source)
    try container.encodeIfPresent(stale, forKey: .stale)
    try content.encode(to: encoder)
  }
}

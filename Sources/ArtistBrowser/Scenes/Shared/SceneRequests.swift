// Requests many scenes' use cases share in shape, written once. Each scene still names its own in its models
// (`TopArtists.SelectArtist.Request`), as CleanStore does, with a typealias to one of these.

/// Loads a scene's data; again with `refresh`, bypassing the metadata cache.
struct LoadRequest {
  var refresh = false
}

/// Names one row of the shown list by its place in it.
struct RowRequest {
  var index: Int
}

/// Re-orders what is loaded; nil: the next order, as `s`.
struct SortRequest<Order> {
  var order: Order?
}

/// Carries nothing: the interactor answers from what it holds (the next page, `--json`'s export).
struct StateRequest {}

extension RowRequest {
  /// The row it names in `rows` (the list shown, or the items it was made from); nil past either end.
  func row<Row>(in rows: [Row]) -> Row? {
    rows.indices.contains(index) ? rows[index] : nil
  }
}

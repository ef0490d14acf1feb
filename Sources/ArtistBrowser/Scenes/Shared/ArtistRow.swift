import FoundationEssentials

/// An artist as the chart and the search results list it: its place, its name cut to the list's column, how many
/// listen to it, its picture.
struct ArtistRow: Codable, Equatable {
  /// "4.": the place in the chart, or in the search's relevance order (only the chart shows it).
  var rank: String
  var name: String
  /// "1.2M listeners".
  var listeners: String
  var imageURL: URL?
}

extension ArtistRow {
  init(_ artist: ArtistSummary, nameColumns: Int) {
    self.init(
      rank: "\(artist.rank).", name: DisplayFormat.clean(artist.name, columns: nameColumns),
      listeners: DisplayFormat.counted(artist.listeners, "listener", "listeners"), imageURL: artist.imageURL)
  }

  /// The row on a wall: its picture, its name, its listeners.
  var tile: WallTile { WallTile(imageURL: imageURL, title: name, subtitle: listeners) }
}

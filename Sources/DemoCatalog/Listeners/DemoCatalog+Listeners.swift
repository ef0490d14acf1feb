/// The listeners' histories and the tags' charts, built from the same catalog as everything else.
extension DemoCatalog {
  /// Outline tags need no invented artist, so a tag's artists are found without inventing the whole catalog.
  func outlineTags(at place: Int) -> [String] { chartOutlines[place].tags }

  /// The chart places of the artists carrying `tag` (ignoring case), most listeners first.
  func places(taggedWith tag: String) -> [Int] {
    let key = Self.lookupKey(tag)
    return (0..<artistCount).filter { place in chartOutlines[place].tags.contains { $0 == key } }
  }

  /// A listener's history, indexed as far as it has been asked for.
  func history(of listener: DemoListener) -> ListenerHistory {
    listenerHistories.history(of: listener) { ListenerHistory(listener: listener, catalog: self) }
  }

  /// Play counts per track, folded by `key` (artist, album or track), most played first; ties in catalog order
  /// (chart place, then album and track), so the order is stable.
  static func ranked(_ trackCounts: [Int: Int], by key: (Int) -> Int) -> [(trackKey: Int, count: Int)] {
    var folded: [Int: (trackKey: Int, count: Int)] = [:]
    for (trackKey, count) in trackCounts {
      let group = key(trackKey)
      let known = folded[group]
      folded[group] = (min(known?.trackKey ?? trackKey, trackKey), (known?.count ?? 0) + count)
    }
    return folded.values.sorted { ($0.count, $1.trackKey) > ($1.count, $0.trackKey) }
  }
}

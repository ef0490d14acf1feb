/// The listeners' histories and the tags' charts, built from the same catalog as everything else.
extension DemoCatalog {
  /// Outline tags need no invented artist, so a tag's artists are found without inventing the whole catalog.
  func outlineTags(at place: Int) -> [String] { chartOutlines[place].tags }

  /// The chart places of the artists carrying `tag` (ignoring case), most listeners first.
  func places(taggedWith tag: String) -> [Int] {
    let key = Self.lookupKey(tag)
    return (0..<artistCount).filter { place in chartOutlines[place].tags.contains { $0 == key } }
  }

  /// A listener's plays, anchored at `anchor` (unix seconds, a whole hour).
  func history(of listener: DemoListener, anchor: Int) -> ListeningHistory {
    ListeningHistory(listener: listener, catalog: self, anchor: anchor)
  }

  /// Play counts per key over `plays`, most played first; ties broken by first appearance (the newest play), so
  /// the order is stable.
  static func ranked<Key: Hashable>(_ plays: ArraySlice<DemoPlay>, by key: (DemoPlay) -> Key) -> [(
    play: DemoPlay, count: Int
  )] {
    var counts: [Key: (first: Int, play: DemoPlay, count: Int)] = [:]
    for (offset, play) in plays.enumerated() {
      counts[key(play), default: (offset, play, 0)].count += 1
    }
    return counts.values.sorted { ($0.count, $1.first) > ($1.count, $0.first) }.map { ($0.play, $0.count) }
  }
}

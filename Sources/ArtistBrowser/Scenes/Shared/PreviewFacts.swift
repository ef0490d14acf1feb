/// The facts under a preview picture, as the presenters format them.
enum PreviewFacts {
  static let maxTags = 5

  /// The name, then listeners and plays, then tags; empty parts are left out.
  static func lines(name: String, listeners: Int?, playCount: Int?, tags: [String]) -> [String] {
    let figures = SceneText.joined([
      DisplayFormat.counted(listeners, "listener", "listeners"), DisplayFormat.counted(playCount, "play", "plays"),
    ])
    let tagList = tags.prefix(maxTags).map { DisplayFormat.clean($0, columns: 20) }.filter { !$0.isEmpty }
    return [DisplayFormat.clean(name, columns: 60), figures, tagList.joined(separator: ", ")].filter { !$0.isEmpty }
  }
}

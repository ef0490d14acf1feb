/// One of the demo catalog's fictional listeners. Who they are is fixed; what they played is drawn from the
/// catalog with their own generator (`ListeningHistory`).
public struct DemoListener: Equatable {
  /// The login, as in `user=…`.
  public let name: String
  /// Empty when the listener gave none, as on Last.fm.
  public let realName: String
  public let country: String
  /// Unix seconds.
  public let registered: Int
  /// The tag family their favourite artists come from (an index into `TagVocabulary.families`).
  let family: Int
  /// Something is playing now: their newest recent track carries `nowplaying`.
  public let isPlaying: Bool
  /// Hides their listening: the listening methods answer error 17, as Last.fm does for private profiles.
  public let isPrivate: Bool
  /// Has a profile picture (one of their favourite covers); the others get Last.fm's placeholder star.
  let hasPicture: Bool

  /// The listeners `--help` and the README name; `nightjar_radio` is the one playing something now.
  public static let roster: [DemoListener] = [
    DemoListener(
      name: "nightjar_radio", realName: "Mara Quell", country: "Portugal", registered: 1_325_548_800, family: 1,
      isPlaying: true, isPrivate: false, hasPicture: true),
    DemoListener(
      name: "fieldrecorder", realName: "", country: "Iceland", registered: 1_420_156_800, family: 2,
      isPlaying: false, isPrivate: false, hasPicture: false),
    DemoListener(
      name: "velvetmoth", realName: "Ines Okafor", country: "Nigeria", registered: 1_483_315_200, family: 3,
      isPlaying: false, isPrivate: false, hasPicture: true),
    DemoListener(
      name: "slowcore_sam", realName: "Sam Ridley", country: "United Kingdom", registered: 1_262_390_400,
      family: 0, isPlaying: false, isPrivate: false, hasPicture: true),
    DemoListener(
      name: "quietlistener", realName: "", country: "Canada", registered: 1_546_387_200, family: 4,
      isPlaying: false, isPrivate: true, hasPicture: false),
  ]

  /// Looked up ignoring case, like Last.fm's user names.
  public static func named(_ name: String) -> DemoListener? {
    let key = DemoCatalog.lookupKey(name)
    return roster.first { $0.name.lowercased() == key }
  }
}

extension DemoListener: Sendable {}

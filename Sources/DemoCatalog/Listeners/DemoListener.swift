/// One of the demo catalog's fictional listeners. Who they are is fixed; what they played is drawn from the
/// catalog with their own generator, one UTC day at a time (`ListenerHistory`).
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
  let rhythm: ListeningRhythm

  /// The listeners `--help` and the README name, each in a state the browser shows differently (docs/listener.md):
  /// `nightjar_radio` is nearly always playing something; `velvetmoth`'s player scrobbles late, so their newest
  /// scrobble is always more than an hour and less than a day old; `fieldrecorder` stopped listening on
  /// 19 Nov 2026; `archive_owl` has listened about 45 tracks a day (50 on the days they listen) for over 15 years; `quietlistener` hides it all.
  public static let roster: [DemoListener] = [
    DemoListener(
      name: "nightjar_radio", realName: "Mara Quell", country: "Portugal", registered: 1_325_548_800, family: 1,
      isPlaying: true, isPrivate: false, hasPicture: true,
      // All day long from 1 Oct 2026.
      rhythm: ListeningRhythm(shape: .spread, playsPerDay: 10, favourites: 16, allDaySince: 20_727)),
    DemoListener(
      name: "fieldrecorder", realName: "", country: "Iceland", registered: 1_420_156_800, family: 2,
      isPlaying: false, isPrivate: false, hasPicture: false,
      // Last listened on 19 Nov 2026.
      rhythm: ListeningRhythm(shape: .spread, playsPerDay: 6, favourites: 16, lastDay: 20_776)),
    DemoListener(
      name: "velvetmoth", realName: "Ines Okafor", country: "Nigeria", registered: 1_483_315_200, family: 3,
      isPlaying: false, isPrivate: false, hasPicture: true,
      rhythm: ListeningRhythm(shape: .commute, playsPerDay: 10, favourites: 16, scrobbleDelay: 75 * 60)),
    DemoListener(
      name: "slowcore_sam", realName: "Sam Ridley", country: "United Kingdom", registered: 1_262_390_400,
      family: 0, isPlaying: false, isPrivate: false, hasPicture: true,
      rhythm: ListeningRhythm(shape: .spread, playsPerDay: 8, favourites: 16)),
    DemoListener(
      name: "quietlistener", realName: "", country: "Canada", registered: 1_546_387_200, family: 4,
      isPlaying: false, isPrivate: true, hasPicture: false,
      rhythm: ListeningRhythm(shape: .spread, playsPerDay: 5, favourites: 16)),
    DemoListener(
      name: "archive_owl", realName: "Odile Marsh", country: "France", registered: 1_283_299_200, family: 5,
      isPlaying: false, isPrivate: false, hasPicture: true,
      rhythm: ListeningRhythm(shape: .spread, playsPerDay: 50, favourites: 40, sameSecondChance: 1.0 / 2500)),
  ]

  /// Looked up ignoring case, like Last.fm's user names.
  public static func named(_ name: String) -> DemoListener? {
    let key = DemoCatalog.lookupKey(name)
    return roster.first { $0.name.lowercased() == key }
  }
}

extension DemoListener: Sendable {}

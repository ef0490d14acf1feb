/// How a demo listener listens: how much, at which hours, since and until when, and how late their scrobbles
/// arrive. Together with the catalog's seed it fixes every play of every day (`DayOfPlays`).
struct ListeningRhythm: Equatable {
  /// How a day's sessions are laid out.
  enum Shape: Equatable {
    /// Sessions at hours drawn from a daily curve (evenings heaviest, weekend afternoons too); some days empty.
    case spread
    /// A session every morning and every evening, never a day without: their newest scrobble is never half a
    /// day old.
    case commute
  }

  let shape: Shape
  /// About how many plays a day, before the weekly and monthly swings.
  let playsPerDay: Double
  /// How many favourite artists they draw from.
  let favourites: Int
  /// From this day (days since 1970-01-01) on they listen all day long, track after track without a gap: the
  /// listener who is nearly always playing something.
  var allDaySince: Int? = nil
  /// The last day they listened (days since 1970-01-01); nothing after it.
  var lastDay: Int? = nil
  /// Seconds between a track's end and its scrobble showing: a player that submits late, so nothing newer than
  /// this is ever in their recent tracks.
  var scrobbleDelay = 0
  /// The chance that a play is scrobbled twice in the same second (it happens on Last.fm; syncs must keep both).
  var sameSecondChance = 0.0
}

extension ListeningRhythm: Sendable {}
extension ListeningRhythm.Shape: Sendable {}

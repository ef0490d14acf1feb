import ArgumentParser
import LastFM
import ToolOptions

/// What `warm` and `collage` take their covers from: an artist named as the argument, `--urls FILE`, a listener's
/// top albums (`--user NAME [--period P]`), of a range of days (`--user NAME --year 2019`), or a tag's
/// (`--tag NAME`); exactly one of them.
enum CoverSubject {
  case artist(String)
  case urls(String)
  case listening(ListeningCovers)
  case range(RangeCovers)

  init(
    artist: String?, urls: String?, listening: ListeningOptions, range: RangeOptions, archive: ArchiveOptions
  ) throws {
    if listening.period != nil && listening.user == nil { throw CommandFailure("--period goes with --user") }
    if range.isGiven {
      guard let user = listening.user, artist == nil, urls == nil, listening.tag == nil else {
        throw CommandFailure("--year, --month and --from/--to go with --user NAME")
      }
      guard listening.period == nil else {
        throw CommandFailure("--period and --year/--month/--from/--to exclude each other: give one")
      }
      self = .range(RangeCovers(user: user, range: try range.range(), archive: archive))
      return
    }
    switch (artist, urls, listening.user, listening.tag) {
    case (let name?, nil, nil, nil): self = .artist(name)
    case (nil, let path?, nil, nil): self = .urls(path)
    case (nil, nil, let user?, nil): self = .listening(.user(user, try listening.chartPeriod() ?? .week))
    case (nil, nil, nil, let tag?): self = .listening(.tag(tag))
    case (nil, nil, nil, nil):
      throw CommandFailure("name an artist, or give --urls FILE (- for standard input), --user NAME or --tag NAME")
    default: throw CommandFailure("give one of an artist, --urls, --user or --tag")
    }
  }
}

/// The options `warm` and `collage` name their covers by besides the artist and `--urls`: a listener or a tag, a
/// range of a listener's days, and the archive that range is counted in.
struct CoverSubjectOptions: ParsableArguments {
  @OptionGroup(title: "Listeners and tags") var listening: ListeningOptions
  @OptionGroup(title: "A listener's range (instead of --period)") var range: RangeOptions
  @OptionGroup var archive: ArchiveOptions

  init() {}

  func subject(artist: String?, urls: String?) throws -> CoverSubject {
    try CoverSubject(artist: artist, urls: urls, listening: listening, range: range, archive: archive)
  }
}

/// A listener's top albums for a period, or a tag's: planned the same way by `warm` and `collage`.
enum ListeningCovers {
  case user(String, ChartPeriod)
  case tag(String)

  /// How the note on stderr names the plan.
  var subject: String {
    switch self {
    case .user(let user, let period): "\(user)'s top albums (\(period.label))"
    case .tag(let tag): "the tag \(tag)'s top albums"
    }
  }

  func plan(with planner: CoverPlanner, albums: Int?, size: ImageSet.Size, policy: CachePolicy)
    async throws(LastFMError) -> CoverPlan
  {
    switch self {
    case .user(let user, let period):
      try await planner.plan(user: user, period: period, albums: albums, size: size, policy: policy)
    case .tag(let tag): try await planner.plan(tag: tag, albums: albums, size: size, policy: policy)
    }
  }
}

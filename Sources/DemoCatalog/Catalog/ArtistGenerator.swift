import FoundationEssentials
import ImageCache
import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an artist's first draws decide: enough to place it on the chart and link it to similar artists, without
/// inventing its bio and discography.
struct ArtistOutline: Equatable, Sendable {
  let name: String
  let listeners: Int
  let playcount: Int
  /// 2–5 tags, most relevant first.
  let tags: [String]
  /// The seed of the artist's own generator, from which `ArtistGenerator.artist` invents the rest.
  let seed: UInt64

  /// The first draws of the artist's generator, which `ArtistGenerator.artist` repeats before going on.
  init(name: String, listeners: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    self.init(name: name, listeners: listeners, seed: seed, random: &random)
  }

  fileprivate init(name: String, listeners: Int, seed: UInt64, random: inout SplitMix64) {
    self.name = name
    self.listeners = listeners
    self.seed = seed
    playcount = listeners * random.int(in: 8...60)
    tags = TagVocabulary.tags(using: &random)
  }
}

/// Invents one artist's details (tags, bio, albums, tracks) from its own generator.
struct ArtistGenerator {
  var random: SplitMix64

  private static let places = [
    "Lisbon", "Reykjavík", "Osaka", "Leeds", "Montréal", "Tbilisi", "Austin", "Gothenburg", "Melbourne", "Bristol",
    "Kraków", "Valparaíso", "Detroit", "Tromsø", "Marseille",
  ]
  private static let forms = ["band", "duo", "trio", "project", "collective", "singer and producer"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  private static let ordinals = ["debut", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]

  /// The whole artist the outline stands for: its generator's draws in the same order every time.
  static func artist(_ outline: ArtistOutline, similar: [DemoSimilarArtist]) -> DemoArtist {
    var random = SplitMix64(seed: outline.seed)
    let (name, listeners) = (outline.name, outline.listeners)
    let again = ArtistOutline(name: name, listeners: listeners, seed: outline.seed, random: &random)
    let (playcount, tags) = (again.playcount, again.tags)
    var generator = ArtistGenerator(random: random)
    let formed = generator.random.int(in: 1975...2016)
    let bio = generator.artistBio(name: name, tags: tags, formed: formed)
    let albums = generator.albums(by: name, tags: tags, formed: formed, listeners: listeners, playcount: playcount)
    return DemoArtist(
      name: name, mbid: generator.random.mbid(), listeners: listeners, playcount: playcount, tags: tags, bio: bio,
      albums: albums, similar: similar)
  }

  private mutating func artistBio(name: String, tags: [String], formed: Int) -> DemoText {
    let place = random.pick(Self.places)
    let summary =
      "\(name) is \(Self.indefiniteArticle(for: tags[0])) \(tags[0]) \(random.pick(Self.forms)) from \(place), "
      + "formed in \(formed). "
      + "Their records mix \(tags.last!) textures with \(tags[0]) songwriting."
    let more =
      "\n\nAfter years of small shows around \(place), a self-released tape found its way onto late-night radio, "
      + "and the following tours built the audience that still follows them today."
    return wikiText(summary: summary, more: more, link: LastFMURL.artist(name), summaryEnd: "")
  }

  private mutating func albums(by artist: String, tags: [String], formed: Int, listeners: Int, playcount: Int)
    -> [DemoAlbum]
  {
    var titles = NameGenerator(random: random.fork())
    let count = random.int(in: 6...9)
    // Skewed shares of the artist's plays: a couple of albums carry most of them, like a real discography.
    let weights = (0..<count).map { _ in pow(random.unit(), 3) + 0.02 }
    let totalWeight = weights.reduce(0, +)
    var names: [String] = []
    var keys: Set<String> = []
    while names.count < count {
      let title = titles.albumTitle()
      if keys.insert(DemoCatalog.lookupKey(title)).inserted { names.append(title) }
    }
    var albums = names.enumerated().map { index, title in
      let albumPlays = Int(Double(playcount) * 0.9 * weights[index] / totalWeight) + 10
      let albumListeners = min(listeners, max(5, albumPlays / random.int(in: 6...14)))
      let year = min(2025, formed + 1 + index * random.int(in: 1...4))
      return album(
        title, by: artist, ordinal: index, year: year, tags: tags, listeners: albumListeners, playcount: albumPlays)
    }
    albums.sort { ($0.playcount, $1.name) > ($1.playcount, $0.name) }
    return albums
  }

  private mutating func album(
    _ title: String, by artist: String, ordinal: Int, year: Int, tags: [String], listeners: Int, playcount: Int
  ) -> DemoAlbum {
    var trackTitles = NameGenerator(random: random.fork())
    let trackCount = random.int(in: 6...14)
    let weights = (0..<trackCount).map { _ in pow(random.unit(), 2) + 0.05 }
    let totalWeight = weights.reduce(0, +)
    let tracks = (0..<trackCount).map { index in
      let plays = Int(Double(playcount) * weights[index] / totalWeight) + 1
      return DemoTrack(
        name: trackTitles.trackTitle(), mbid: random.mbid(), durationSeconds: random.int(in: 95...420),
        listeners: max(1, min(listeners, plays / random.int(in: 3...9))), playcount: plays)
    }
    let kind = ordinal < Self.ordinals.count ? Self.ordinals[ordinal] : "latest"
    let wiki = wikiText(
      summary: "\(title) is the \(kind) studio album by \(artist), released in \(year).",
      more: "\n\nIt was recorded in a few weeks with the touring line-up and mixed by the band themselves.",
      link: LastFMURL.album(title, by: artist), summaryEnd: ".")
    return DemoAlbum(
      name: title, artistName: artist, mbid: random.mbid(), listeners: listeners, playcount: playcount,
      tags: Array(tags.prefix(3)), wiki: wiki, tracks: tracks, coverID: random.hex128())
  }

  private static func indefiniteArticle(for word: String) -> String {
    "aeiou".contains(word.prefix(1)) ? "an" : "a"
  }

  /// Last.fm's wiki shape: the summary ends with the "Read more" link; the content repeats the summary, goes on,
  /// and ends with the link and the licence sentence.
  private mutating func wikiText(summary: String, more: String, link: String, summaryEnd: String) -> DemoText {
    let readMore = "<a href=\"\(link)\">Read more on Last.fm</a>"
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let (day, month, year) = (random.int(in: 1...28), random.pick(Self.months), random.int(in: 2006...2024))
    let (hour, minute) = (random.int(in: 0...23), random.int(in: 0...59))
    let published = "\(twoDigits(day)) \(month) \(year), \(twoDigits(hour)):\(twoDigits(minute))"
    return DemoText(
      published: published,
      summary: "\(summary) \(readMore)\(summaryEnd)",
      content: "\(summary)\(more) \(readMore). User-contributed text is available under the Creative Commons "
        + "By-SA License; additional terms may apply.")
  }
}

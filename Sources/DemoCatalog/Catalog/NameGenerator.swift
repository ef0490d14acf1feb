import ImageCache
import ImageCacheSupport

/// Invents pronounceable names from syllables: artists, albums and tracks.
struct NameGenerator {
  private static let onsets = [
    "b", "br", "d", "dr", "f", "fl", "g", "gr", "k", "kr", "l", "m", "n", "p", "pr", "r", "s", "sh", "st", "t",
    "tr", "v", "z", "th", "ch", "j", "h", "w",
  ]
  private static let vowels = ["a", "e", "i", "o", "u", "a", "e", "o", "ai", "ou", "ea", "io"]
  private static let codas = ["", "", "", "n", "r", "l", "s", "m", "x", "nd", "th", "v", "k"]
  /// Accented stand-ins, so a few names exercise non-ASCII text (and NFC composition) in the terminal.
  private static let accented: [Character: Character] = ["a": "á", "e": "é", "o": "ö", "u": "ü", "i": "í"]
  /// Wide (two-cell) characters for the CJK names that exercise display width.
  private static let cjkSyllables = Array("星野光夜海青風雨月森川空雪花山音")
  private static let nouns = [
    "Harbour", "Engine", "Lanterns", "Machines", "Orchard", "Signal", "Choir", "Tides", "Circuit", "Atlas",
    "Collective", "Parade", "Garden", "Echo", "Weather", "Society", "Radio", "Mirrors", "Foxes",
  ]
  private static let adjectives = [
    "Silver", "Hollow", "Electric", "Quiet", "Velvet", "Paper", "Golden", "Midnight", "Crooked", "Distant", "Amber",
    "Broken", "Northern", "Glass", "Slow", "Burning", "Bright", "Fading", "Wild", "Lunar",
  ]
  private static let things = [
    "Rooms", "Horizon", "Rivers", "Static", "Summer", "Ghosts", "Motion", "Skylines", "Letters", "Waves", "Houses",
    "Hours", "Fields", "Lights", "Stations", "Machines", "Gardens", "Islands", "Winters", "Dreams", "Colours",
  ]
  private static let firstNames = [
    "Mira", "Otto", "Lena", "Jonah", "Ines", "Tomas", "Ada", "Felix", "Noor", "Ravi", "Elsa", "Milo", "Sana", "Ivo",
    "Yara", "Bruno", "Cleo", "Dario", "Ezra", "Greta",
  ]

  var random: SplitMix64

  mutating func word(syllables: ClosedRange<Int>) -> String {
    var text = ""
    for _ in 0..<random.int(in: syllables) {
      text += random.pick(Self.onsets) + random.pick(Self.vowels) + random.pick(Self.codas)
    }
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  mutating func artistName() -> String {
    var name: String
    switch random.int(in: 0...5) {
    case 0: name = "The " + word(syllables: 1...2) + "s"
    case 1: name = random.pick(Self.firstNames) + " " + word(syllables: 2...3)
    case 2: name = word(syllables: 1...2) + " " + random.pick(Self.nouns)
    case 3: name = random.pick(Self.adjectives) + " " + word(syllables: 1...2)
    default: name = word(syllables: 2...3)
    }
    if random.chance(0.06) { name = accentOneVowel(of: name) }
    return name
  }

  /// Two or three wide characters, e.g. "星野光".
  mutating func cjkName() -> String {
    String((0..<random.int(in: 2...3)).map { _ in random.pick(Self.cjkSyllables) })
  }

  mutating func albumTitle() -> String {
    switch random.int(in: 0...3) {
    case 0: random.pick(Self.adjectives) + " " + random.pick(Self.things)
    case 1: word(syllables: 2...3)
    case 2: random.pick(Self.things) + " of " + word(syllables: 1...2)
    default: "The " + random.pick(Self.adjectives) + " " + random.pick(Self.things)
    }
  }

  mutating func trackTitle() -> String {
    switch random.int(in: 0...4) {
    case 0: random.pick(Self.adjectives) + " " + random.pick(Self.things)
    case 1: word(syllables: 1...3)
    case 2: "In the " + random.pick(Self.things)
    case 3: word(syllables: 1...2) + " " + random.pick(Self.things)
    default: random.pick(Self.adjectives)
    }
  }

  private mutating func accentOneVowel(of name: String) -> String {
    var characters = Array(name)
    let candidates = characters.indices.filter { Self.accented[characters[$0]] != nil }
    guard !candidates.isEmpty else { return name }
    let index = random.pick(candidates)
    characters[index] = Self.accented[characters[index]]!
    return String(characters)
  }
}

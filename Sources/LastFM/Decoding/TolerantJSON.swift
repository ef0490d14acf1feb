import FoundationEssentials

/// A parsed JSON document with forgiving accessors, because the Last.fm API is loose with types:
/// numbers arrive as strings or numbers, a lone object stands where an array is expected,
/// `""` stands where an object is expected (`"tags": ""`), and empty strings mean "absent".
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// Parses `bytes`; nil when they are not JSON (e.g. an HTML error page). The same bytes as the last call's are
  /// not parsed again (`RecentParse`).
  static func parse(_ bytes: [UInt8]) -> JSONValue? { RecentParse.shared.parse(bytes, parser: JSONParser.parse) }

  /// Member lookup that never fails: anything missing reads as `.null`.
  subscript(key: String) -> JSONValue {
    if case .object(let members) = self, let value = members[key] { return value }
    return .null
  }

  /// Whether this is an object; `""`, null and other scalars count as "no object".
  var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// Elements of an array; a single non-empty value counts as a one-element array; null / `""` as empty.
  var elements: [JSONValue] {
    switch self {
    case .array(let values): values
    case .null: []
    case .string(let text) where text.isEmpty: []
    default: [self]
    }
  }

  /// Text of a string or a number; nil for empty strings so "" behaves like a missing value.
  var string: String? {
    switch self {
    case .string(let text): text.isEmpty ? nil : text
    case .number(let number): Int(exactly: number).map(String.init) ?? String(number)
    default: nil
    }
  }

  /// An integer given as a number or a numeric string (`"1290895"` or `1290895`).
  var int: Int? {
    switch self {
    case .number(let number) where number.isFinite: Int(exactly: number.rounded())
    case .string(let text):
      Int(text.trimmingSpaces) ?? Double(text.trimmingSpaces).flatMap { Int(exactly: $0.rounded()) }
    default: nil
    }
  }

  /// A floating-point value given as a number or a numeric string (`"0.511468"`).
  var double: Double? {
    switch self {
    case .number(let number): number
    case .string(let text): Double(text.trimmingSpaces)
    default: nil
    }
  }

  /// An absolute http(s) URL, or nil for empty or unusable text.
  var url: URL? {
    guard let text = string?.trimmingSpaces, let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }

  /// A MusicBrainz id, treating the API's `"mbid": ""` as absent.
  var mbid: String? { string?.trimmingSpaces.nilIfEmpty }
}

/// An object's members in document order, looked up by a scan: Last.fm's objects have a dozen keys at most, and
/// a dictionary per object (hashing every key, growing, freeing) was a third of the cost of parsing a page of
/// recent tracks. A key given twice reads as its last value, as in a dictionary; equality ignores order.
struct JSONObject: Equatable, ExpressibleByDictionaryLiteral {
  var members: [(key: String, value: JSONValue)]

  init(members: [(key: String, value: JSONValue)]) { self.members = members }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = elements.map { (key: $0.0, value: $0.1) }
  }

  subscript(key: String) -> JSONValue? { members.last { $0.key == key }?.value }

  static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.dictionary == rhs.dictionary }

  private var dictionary: [String: JSONValue] {
    Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }
}

extension String {
  var nilIfEmpty: String? { isEmpty ? nil : self }

  /// `trimmingCharacters(in: .whitespaces)` (tabs and Unicode space separators off both ends) without the trip
  /// through `NSString`, which cost more than the parse itself on answers full of numbers and URLs; most text
  /// has nothing to trim and is returned as it is.
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.first, let last = scalars.last, first.isSpace || last.isSpace else { return self }
    guard let start = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
    let end = scalars.lastIndex(where: { !$0.isSpace })!
    return String(scalars[start...end])
  }
}

extension Unicode.Scalar {
  /// What `CharacterSet.whitespaces` holds: the tab and the space separators (general category Zs).
  fileprivate var isSpace: Bool {
    // ASCII first: looking up the general category is the slow part, and nearly every text starts and ends in it.
    value < 0x80 ? value == 0x20 || value == 9 : properties.generalCategory == .spaceSeparator
  }
}

extension JSONValue: Sendable {}
extension JSONObject: Sendable {}

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last document `JSONValue.parse` read, kept with its bytes. An answer is parsed twice on its way in (the
/// response classifier looks for an error payload, then the decoder reads it), and a poll (`imgcache now
/// --follow`, the Now screen) brings the same bytes again and again while a track plays: with the last parse kept,
/// each of those costs a comparison of the bytes instead of a parse (two thirds of a poll's instructions;
/// BENCHMARKS.md). Large documents (history pages) are not kept, so nothing big stays alive for it.
final class RecentParse: Sendable {
  static let shared = RecentParse()
  static let maximumBytes = 64 * 1024

  private let last = Mutex<(bytes: [UInt8], value: JSONValue?)?>(nil)

  func parse(_ bytes: [UInt8], parser: ([UInt8]) -> JSONValue?) -> JSONValue? {
    guard bytes.count <= Self.maximumBytes else { return parser(bytes) }
    if let kept = last.withLock({ kept in kept.flatMap { Self.same($0.bytes, bytes) ? $0 : nil } }) {
      return kept.value
    }
    let value = parser(bytes)
    last.withLock { $0 = (bytes, value) }
    return value
  }

  private static func same(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    return first.withUnsafeBytes { one in
      second.withUnsafeBytes { other in one.count == 0 || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0 }
    }
  }
}

/// Number formatting without Foundation's `String(format:)`, which lives in full Foundation and whose first call
/// brings up CoreFoundation's string machinery (about a millisecond of every `imgcache` start).
public enum PlainFormat {
  /// `value` with exactly `digits` decimals, rounded to nearest, ties to even, as `printf("%.*f")` does for ties
  /// that are exact in binary. (printf rounds the exact binary value, so 0.15, stored as 0.1499…, gives 0.1 there
  /// and 0.2 here; for the sizes and seconds shown to people, either will do.)
  public static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrEven)
    guard scaled < 1e18 else { return "\(value)" }
    let units = Int(scaled)
    let whole = units / Int(scale)
    let sign = value < 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fraction = String(units % Int(scale))
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}

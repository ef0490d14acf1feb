import ImageCacheSupport

/// Sizes as people type them: `64MB`, `1G`, `512k`, `1.5GiB`, `100` (bytes). Units are binary (1 MB = 1024 KB),
/// like `du -h` and most caches.
public enum ByteSize {
  public static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingWhitespace().lowercased()
    let digits = trimmed.prefix { $0.isNumber || $0 == "." }
    guard !digits.isEmpty, let value = Double(digits), value >= 0 else { return nil }
    let unit = String(trimmed.dropFirst(digits.count).trimmingWhitespace())
    let multipliers: [String: Double] = [
      "": 1, "b": 1,
      "k": Double(1 << 10), "kb": Double(1 << 10), "kib": Double(1 << 10),
      "m": Double(1 << 20), "mb": Double(1 << 20), "mib": Double(1 << 20),
      "g": Double(1 << 30), "gb": Double(1 << 30), "gib": Double(1 << 30),
      "t": Double(1 << 40), "tb": Double(1 << 40), "tib": Double(1 << 40),
    ]
    guard let multiplier = multipliers[unit] else { return nil }
    let bytes = value * multiplier
    guard bytes < Double(Int.max) else { return nil }
    return Int(bytes)
  }

  public static func format(_ bytes: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var index = 0
    while value >= 1024, index < units.count - 1 {
      value /= 1024
      index += 1
    }
    return index == 0 ? "\(bytes) B" : PlainFormat.fixed(value, digits: value >= 100 ? 0 : 1) + " " + units[index]
  }
}

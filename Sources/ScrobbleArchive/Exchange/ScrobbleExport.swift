import ImageCacheSupport

/// The archive, or a range of it, as CSV or JSON, newest first, written in chunks so a whole history never sits
/// in memory twice.
///
/// CSV: a header `uts,utc_time,artist,album,track,loved`, then one play a row (the import reads it back with its
/// seconds). JSON: `{"count": n, "scrobbles": [{"uts", "date", "artist", "album", "track", "cover", "loved"}]}`,
/// as docs/schemas/imgcache-history-export.schema.json describes.
public enum ScrobbleExport {
  public enum Format: String, Sendable, CaseIterable {
    case csv
    case json
  }

  /// Writes the plays of `range` (seconds, both ends included; nil: all) to `write`; how many.
  @discardableResult
  public static func run(
    _ store: ScrobbleStore, format: Format, range: ClosedRange<Int>?, write: ([UInt8]) throws -> Void
  ) throws -> Int {
    let bounds = range ?? Int.min...Int.max
    return try store.read { db in
      let total =
        try db.fetchValue(
          Int.self, sql: "SELECT count(*) FROM scrobble WHERE time BETWEEN ? AND ?",
          arguments: [bounds.lowerBound, bounds.upperBound]) ?? 0
      var chunk =
        format == .csv ? "uts,utc_time,artist,album,track,loved\n" : "{\n  \"count\" : \(total),\n  \"scrobbles\" : ["
      var written = 0
      try db.statement(
        sql: """
          SELECT time, artist, album, track, cover, loved FROM scrobble WHERE time BETWEEN ? AND ?
          ORDER BY time DESC, seq ASC
          """
      ).forEachRow([bounds.lowerBound, bounds.upperBound]) { row in
        let time: Int = row[0]
        let loved: Int? = row[5]
        switch format {
        case .csv:
          chunk += "\(time),\(PlayDate.iso(time)),\(CSVReader.field(row[1])),\(CSVReader.field(row[2])),"
          chunk += "\(CSVReader.field(row[3])),\(loved.map { $0 != 0 ? "1" : "0" } ?? "")\n"
        case .json:
          let cover: String? = row[4]
          chunk += written == 0 ? "\n    " : ",\n    "
          chunk += "{\"uts\": \(time), \"date\": \"\(PlayDate.iso(time))\", \"artist\": \(quoted(row[1])), "
          chunk += "\"album\": \(quoted(row[2])), \"track\": \(quoted(row[3])), "
          chunk +=
            "\"cover\": \(cover.map(quoted) ?? "null"), \"loved\": \(loved.map { $0 != 0 ? "true" : "false" } ?? "null")}"
        }
        written += 1
        if chunk.utf8.count >= 1 << 16 {
          try write(Array(chunk.utf8))
          chunk = ""
        }
        return true
      }
      if format == .json { chunk += written == 0 ? "]\n}\n" : "\n  ]\n}\n" }
      try write(Array(chunk.utf8))
      return written
    }
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

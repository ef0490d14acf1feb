/// Rows of comma-separated text as spreadsheets and exporters write it (RFC 4180): fields in double quotes may
/// hold commas, line breaks and doubled quotes; CRLF or LF ends a row; a byte-order mark at the start is skipped.
enum CSVReader {
  static func rows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    var first = true
    while let scalar = pending ?? scalars.next() {
      pending = nil
      if first {
        first = false
        if scalar == "\u{FEFF}" { continue }
      }
      if quoted {
        if scalar == "\"" {
          let next = scalars.next()
          if next == "\"" {
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            pending = next
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        row.append(field)
        field = ""
      case "\r": continue
      case "\n":
        row.append(field)
        field = ""
        if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
        row = []
      default: field.unicodeScalars.append(scalar)
      }
    }
    row.append(field)
    if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
    return rows
  }

  /// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}

/// `COLUMNSxROWS` as `collage --grid` and `show --size` take it (`5x5`, `40X20`).
enum ColumnsByRows {
  /// The two numbers, each from 1 to `limit`; nil for anything else, which the caller names in its own error.
  static func parse(_ text: String, limit: Int) -> (columns: Int, rows: Int)? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), (1...limit).contains(columns),
      (1...limit).contains(rows)
    else { return nil }
    return (columns, rows)
  }
}

import FoundationEssentials

/// iTerm2's inline image sequence: `ESC ] 1337 ; File=<arguments> : <base64 file> BEL`.
enum ITermInlineImage {
  /// Shows `file` (PNG here) over `columns × rows` cells at the cursor, which then moves past it.
  static func sequence(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
    var bytes = Array("\u{1B}]1337;File=inline=1;width=\(columns);height=\(rows);preserveAspectRatio=1:".utf8)
    bytes += [UInt8](Data(file).base64EncodedData())
    bytes.append(0x07)
    return bytes
  }
}

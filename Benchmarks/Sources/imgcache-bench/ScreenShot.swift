import Foundation
import ImageCache
import ImageEncoding
import TerminalUI
import TextRaster

/// `imgcache-bench screen OUT.png < capture`: a screen captured by `tmux capture-pane -p -e` as the PNG the
/// README shows, its text in a real monospace font.
enum ScreenShot {
  static func write(to output: String) throws {
    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    let bitmap = try ScreenPicture().render(lines: lines) { TerminalText.displayWidth(String(Character($0))) }
    try Data(try PNGEncoder.encode(bitmap)).write(to: URL(fileURLWithPath: output))
    print("\(output): \(lines.count) rows, \(bitmap.width)×\(bitmap.height) px")
  }
}

import FoundationEssentials
import ImageCache
import Synchronization
import TerminalUI
import ToolOptions

/// A one-line progress bar on stderr: done/total, bytes, rate, ETA. Silent when stderr is not a terminal.
final class ProgressBar: Sendable {
  private let enabled: Bool
  private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

  init(enabled: Bool = Console.stderrIsTerminal) {
    self.enabled = enabled
  }

  func update(_ progress: PrefetchProgress) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let due = lastDraw.withLock { last -> Bool in
      // Redrawing more than ~20 times a second only costs time.
      if let last, now - last < .milliseconds(50), progress.completed < progress.total { return false }
      last = now
      return true
    }
    guard due else { return }
    write("\r\u{1B}[2K" + Self.line(progress, width: 30))
  }

  /// Clears the bar so the summary starts on a clean line.
  func finish() {
    guard enabled else { return }
    write("\r\u{1B}[2K")
  }

  static func line(_ progress: PrefetchProgress, width: Int) -> String {
    let fraction = progress.total == 0 ? 1 : Double(progress.completed) / Double(progress.total)
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    let seconds = max(
      0.001, Double(progress.elapsed.components.seconds) + Double(progress.elapsed.components.attoseconds) / 1e18)
    let rate = Double(progress.bytesDownloaded) / seconds
    let remaining =
      progress.completed == 0 ? nil : seconds / Double(progress.completed) * Double(progress.total - progress.completed)
    var text =
      "\(bar) \(progress.completed)/\(progress.total)  \(ByteSize.format(progress.bytesDownloaded))  \(ByteSize.format(Int(rate)))/s"
    if let remaining { text += "  ETA \(Self.clock(remaining))" }
    if progress.failed > 0 { text += "  \(progress.failed) failed" }
    return text
  }

  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
  }

  private func write(_ text: String) {
    StandardStreams.error.writeIgnoringFailure(text)
  }
}

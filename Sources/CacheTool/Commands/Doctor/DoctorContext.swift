import FoundationEssentials
import TerminalGraphics
import TerminalUI
import ToolOptions

/// What `doctor` examines, gathered in one value so tests can hand it a scripted terminal, a tmux that answers
/// what they say, a cache folder and a Last.fm server of their choosing.
struct DoctorContext {
  var environment: [String: String]
  /// The terminal to ask, already in raw mode; nil when standard input or output is not a terminal.
  var terminal: (any TerminalDevice)?
  /// How long the terminal gets to answer the graphics query: the browser's deadline.
  var probeDeadline: Duration = .milliseconds(100)
  var tmuxVersion: @Sendable () -> String? = { TmuxSettings.version() }
  var tmuxAllowsPassthrough: @Sendable () -> Bool? = { TmuxSettings.allowsPassthrough() }
  var cache: CacheSettings
  var lastFM: LastFMSettings
  /// How long the Last.fm request and the shared cache's answer may take.
  var networkDeadline: Duration = .seconds(10)
}

extension DoctorContext {
  /// Every check, in the order the report lists them.
  func examine() async -> DoctorReport {
    var findings = await DoctorTerminalChecks.findings(self)
    findings += DoctorCacheChecks.findings(self)
    findings += await DoctorNetworkChecks.findings(self)
    findings += DoctorLibraryChecks.findings()
    return DoctorReport(version: ToolVersion.text, findings: findings)
  }
}

import FoundationEssentials
import TerminalUI

/// One thing `imgcache doctor` looked at: what it found, and for a problem (or a note worth acting on) what to do.
struct DoctorFinding: Encodable, Equatable {
  enum Level: String, Encodable, Comparable {
    case ok, note, problem

    static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int { self == .ok ? 0 : self == .note ? 1 : 2 }
  }

  /// terminal, tmux, symbols, cache, lastfm, shared-cache, libraries.
  var area: String
  /// What was checked, e.g. "TERM" or "writable".
  var check: String
  var level: Level
  var found: String
  /// What to do about it; nil when there is nothing to do.
  var action: String?

  init(_ area: String, _ check: String, _ level: Level, _ found: String, action: String? = nil) {
    self.area = area
    self.check = check
    self.level = level
    self.found = found
    self.action = action
  }
}

/// Everything `doctor` found, in the order it looked.
struct DoctorReport: Encodable {
  var version: String
  var findings: [DoctorFinding]

  var problems: Int { findings.filter { $0.level == .problem }.count }
  /// 0 when nothing is a problem, 1 otherwise.
  var exitCode: Int32 { problems == 0 ? 0 : 1 }

  enum CodingKeys: String, CodingKey { case version, findings, problems }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(findings, forKey: .findings)
    try container.encode(problems, forKey: .problems)
  }

  /// One line per finding: level, area, check, what was found and what to do. Every value from the environment,
  /// the terminal or the network is sanitised before it reaches the screen.
  var text: String {
    var lines = findings.map { finding in
      let level = finding.level.rawValue.fixedWidth(8)
      let area = "\(finding.area) \(finding.check):"
      let action = finding.action.map { " — \($0)" } ?? ""
      return TerminalText.sanitize("\(level)\(area) \(finding.found)\(action)")
    }
    lines.append(problems == 0 ? "no problems found" : "\(problems) problem\(problems == 1 ? "" : "s") found")
    return lines.joined(separator: "\n")
  }
}

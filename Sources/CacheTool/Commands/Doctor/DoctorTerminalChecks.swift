import BlockArt
import TerminalGraphics

/// The terminal as the tools see it: its variables, the colours and pictures they choose and why, tmux, symbols.
enum DoctorTerminalChecks {
  static func findings(_ context: DoctorContext) async -> [DoctorFinding] {
    let environment = context.environment
    var findings: [DoctorFinding] = []
    if context.terminal == nil {
      findings.append(
        DoctorFinding(
          "terminal", "terminal", .note, "standard input or output is not a terminal, so the terminal is not asked",
          action: "run `imgcache doctor` in the terminal you browse in to check it too"))
    }
    for name in ["TERM", "COLORTERM", "TERM_PROGRAM"] {
      let value = environment[name] ?? ""
      if !value.isEmpty {
        findings.append(DoctorFinding("terminal", name, .ok, value))
      } else if name == "TERM" {
        findings.append(
          DoctorFinding(
            "terminal", name, .note, "not set", action: "terminals set TERM themselves; set it (e.g. xterm-256color)"))
      } else {
        findings.append(DoctorFinding("terminal", name, .ok, "not set"))
      }
    }
    findings.append(colour(environment, isTerminal: context.terminal != nil))
    findings += await graphics(context)
    findings += tmux(context)
    findings.append(symbols(environment))
    return findings
  }

  static func colour(_ environment: [String: String], isTerminal: Bool) -> DoctorFinding {
    let mode = ColorMode.detect(environment: environment, isTerminal: isTerminal)
    let term = environment["TERM", default: ""]
    let why: String
    if !(environment["NO_COLOR"] ?? "").isEmpty {
      why = "NO_COLOR is set"
    } else if !isTerminal {
      why = "the output is not a terminal"
    } else if mode == .trueColor {
      why = "COLORTERM=\(environment["COLORTERM", default: ""])"
    } else if mode == .xterm256 {
      why = "TERM=\(term) ends in 256color"
    } else if mode == .noColor {
      why = "TERM=dumb"
    } else {
      why = "neither COLORTERM=truecolor nor a TERM ending in 256color"
    }
    let names: [ColorMode: String] = [
      .trueColor: "24-bit colour", .xterm256: "256 colours", .ansi16: "16 colours", .noColor: "no colour",
    ]
    let found = "\(names[mode] ?? mode.rawValue) (\(why))"
    guard mode == .ansi16 else { return DoctorFinding("terminal", "colours", .ok, found) }
    return DoctorFinding(
      "terminal", "colours", .note, found,
      action: "if the terminal draws 24-bit colour, set COLORTERM=truecolor (or pass --color truecolor)")
  }

  /// The protocol `auto` comes to, the reason, and the time the terminal took; then the cell size and its source.
  static func graphics(_ context: DoctorContext) async -> [DoctorFinding] {
    let environment = context.environment
    let choice: GraphicsChoice
    if let value = environment["IMGCACHE_GRAPHICS"], !value.isEmpty {
      guard let named = GraphicsChoice.from(environment: environment) else {
        let known = GraphicsChoice.allCases.map(\.rawValue).joined(separator: ", ")
        return [
          DoctorFinding(
            "terminal", "graphics", .problem, "IMGCACHE_GRAPHICS=\(value) names no way of drawing",
            action: "set it to one of \(known), or unset it")
        ]
      }
      choice = named
    } else {
      choice = .auto
    }
    let hint = GraphicsDetector.environmentHint(environment)
    let clock = ContinuousClock()
    let start = clock.now
    let (capabilities, _) = await GraphicsDetector.detect(
      choice: choice, environment: environment, terminal: context.terminal, deadline: context.probeDeadline,
      tmuxAllowsPassthrough: context.tmuxAllowsPassthrough)
    let took = "\(milliseconds(clock.now - start)) ms"
    let drawn = capabilities.protocol?.rawValue ?? (capabilities.drawsPictures ? "block art" : "no pictures")
    let why: String
    if choice != .auto {
      why = "IMGCACHE_GRAPHICS=\(choice.rawValue)"
    } else if let hint {
      why = "the environment names \(hint.rawValue) (\(hintVariables(environment)))"
    } else if context.terminal == nil {
      why = "no terminal to ask"
    } else if capabilities.protocol == .kitty {
      why = "the terminal answered the kitty probe, in \(took)"
    } else if capabilities.protocol == .sixel {
      why = "the terminal's DA1 answer lists sixel, in \(took)"
    } else {
      why = "the terminal answered no graphics query, in \(took)"
    }
    var findings: [DoctorFinding] = []
    if capabilities.protocol != nil || choice == .blocks || choice == .none {
      findings.append(DoctorFinding("terminal", "graphics", .ok, "\(drawn) (\(why))"))
    } else {
      findings.append(
        DoctorFinding(
          "terminal", "graphics", .note, "\(drawn) (\(why))",
          action: capabilities.note
            ?? "pictures are drawn with text; kitty, Ghostty, WezTerm, iTerm2, foot or xterm -ti vt340 draw pixels"))
    }
    let windowSize = context.terminal.flatMap(GraphicsDetector.windowCellSize)
    let source =
      windowSize != nil
      ? "TIOCGWINSZ" : capabilities.cellSize != .fallback ? "the terminal's answer to CSI 16 t" : "the default"
    let size = capabilities.cellSize
    findings.append(DoctorFinding("terminal", "cell size", .ok, "\(size.width)x\(size.height) px (\(source))"))
    return findings
  }

  static func tmux(_ context: DoctorContext) -> [DoctorFinding] {
    guard !(context.environment["TMUX"] ?? "").isEmpty else {
      return [DoctorFinding("tmux", "tmux", .ok, "not inside tmux")]
    }
    var findings = [
      context.tmuxVersion().map { DoctorFinding("tmux", "version", .ok, $0) }
        ?? DoctorFinding("tmux", "version", .note, "`tmux -V` did not answer", action: "check that tmux is on PATH")
    ]
    switch context.tmuxAllowsPassthrough() {
    case true?:
      findings.append(DoctorFinding("tmux", "allow-passthrough", .ok, "on: pictures reach the terminal"))
    case false?:
      findings.append(
        DoctorFinding(
          "tmux", "allow-passthrough", .problem, "off: tmux blocks pictures, so they are drawn as block art",
          action: "add `set -g allow-passthrough on` to ~/.tmux.conf, then run `tmux source ~/.tmux.conf`"))
    case nil:
      findings.append(
        DoctorFinding(
          "tmux", "allow-passthrough", .note, "could not ask tmux (`tmux show -gv allow-passthrough`)",
          action: "check that the tmux on PATH is the one this terminal runs"))
    }
    return findings
  }

  static func symbols(_ environment: [String: String]) -> DoctorFinding {
    let set = SymbolSet.detect(environment: environment)
    let why =
      set == .sextant
      ? "the terminal is known to draw sextants" : "sextants only where the terminal is known to draw them"
    return DoctorFinding("symbols", "block art", .ok, "\(set.rawValue) (\(why); --symbols changes it)")
  }

  private static func hintVariables(_ environment: [String: String]) -> String {
    ["TERM", "TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "KONSOLE_VERSION"]
      .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } }
      .joined(separator: ", ")
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

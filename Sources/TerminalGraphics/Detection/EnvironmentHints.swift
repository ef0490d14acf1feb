/// What the environment says about the terminal, before asking it anything. Terminals that set these variables
/// are known to draw the protocol named here; the variables survive inside tmux (which sets its own `TERM`).
enum EnvironmentHints {
  static func graphicsProtocol(in environment: [String: String]) -> GraphicsProtocol? {
    let term = environment["TERM", default: ""]
    if term == "xterm-kitty" || term == "xterm-ghostty" || isSet("KITTY_WINDOW_ID", in: environment) {
      return .kitty
    }
    switch environment["TERM_PROGRAM", default: ""] {
    case "ghostty": return .kitty
    // WezTerm draws kitty graphics only when its configuration enables them; iTerm2's images always.
    case "iTerm.app", "WezTerm": return .iterm
    default: break
    }
    if environment["LC_TERMINAL", default: ""] == "iTerm2" { return .iterm }
    if isSet("KONSOLE_VERSION", in: environment) { return .kitty }
    return nil
  }

  static func isInsideTmux(_ environment: [String: String]) -> Bool { isSet("TMUX", in: environment) }

  private static func isSet(_ name: String, in environment: [String: String]) -> Bool {
    !(environment[name] ?? "").isEmpty
  }
}

/// Which block characters a picture may be drawn with. Every cell shows one glyph in two colours; more shapes per
/// cell carry more of the picture's detail.
public enum SymbolSet: String, CaseIterable {
  /// `▀` only: two colours per cell, one above the other (drawn everywhere).
  case half
  /// The quadrants `▘▝▀▖▌▞▛▗▚▐▜▄▙▟` (Unicode 1.1), with space and `█`: any 2×2 split of the cell.
  case quad
  /// The sextants U+1FB00–U+1FB3B (Unicode 13) plus the quadrants and halves: any 2×3 split, or a 2×2 one.
  case sextant

  /// What `--symbols auto` means: sextants where the terminal is known to draw them itself (so they tile without
  /// gaps whatever the font), half blocks elsewhere.
  ///
  /// Known from the environment: kitty (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`), WezTerm (`TERM_PROGRAM=WezTerm`,
  /// `TERM=wezterm`, `WEZTERM_PANE`), foot (`TERM=foot…`), Ghostty (`TERM_PROGRAM=ghostty`, `TERM=xterm-ghostty`,
  /// `GHOSTTY_RESOURCES_DIR`) and Contour (`TERM=contour…`, `TERMINAL_NAME=contour`). Others (xterm, VTE,
  /// Konsole, older Alacritty, Windows Terminal) depend on the font, where sextants often fall back to a font
  /// with other metrics or show as boxes. The window variables survive into tmux, which passes the characters on.
  public static func detect(environment: [String: String]) -> SymbolSet {
    let term = environment["TERM", default: ""].lowercased()
    let program = environment["TERM_PROGRAM", default: ""].lowercased()
    let drawsSextants =
      ["xterm-kitty", "wezterm", "foot", "foot-extra", "xterm-ghostty"].contains(term)
      || term.hasPrefix("contour") || ["wezterm", "ghostty"].contains(program)
      || environment["TERMINAL_NAME", default: ""].lowercased() == "contour"
      || ["KITTY_WINDOW_ID", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR"].contains { !(environment[$0] ?? "").isEmpty }
    return drawsSextants ? .sextant : .half
  }

  /// The value of a `--symbols` option: a set's name, or `auto` for `detect(environment:)`; nil for anything else.
  public static func named(_ name: String, environment: [String: String]) -> SymbolSet? {
    let name = name.lowercased()
    return name == "auto" ? detect(environment: environment) : SymbolSet(rawValue: name)
  }

  /// Colour samples per cell that the fitting works on: the least grid on which every glyph of the set is exact
  /// (sextant rows are thirds and quadrant rows halves of the cell, so the sextant set needs sixths).
  public var samplesPerCell: (columns: Int, rows: Int) {
    switch self {
    case .half: (1, 2)
    case .quad: (2, 2)
    case .sextant: (2, 6)
    }
  }
}

extension SymbolSet: Sendable {}

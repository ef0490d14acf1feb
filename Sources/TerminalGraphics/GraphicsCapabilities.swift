/// A way of drawing real pixels that some terminals understand.
public enum GraphicsProtocol: String, CaseIterable {
  /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): PNG in APC sequences, with ids.
  case kitty
  /// iTerm2's inline images (iTerm2, WezTerm): one OSC 1337 sequence carrying the file.
  case iterm
  /// DEC sixel (xterm with sixel, foot, mlterm, Windows Terminal): paletted six-pixel bands.
  case sixel
}

/// What `--graphics` (or `IMGCACHE_GRAPHICS`) asks for.
public enum GraphicsChoice: String, CaseIterable {
  /// Ask the environment, then the terminal; block art where nothing answers.
  case auto
  case kitty
  case iterm
  case sixel
  /// Block art, never a protocol.
  case blocks
  /// No pictures at all.
  case none

  /// The protocol this choice names outright, if any.
  public var namedProtocol: GraphicsProtocol? { GraphicsProtocol(rawValue: rawValue) }

  /// `IMGCACHE_GRAPHICS` when it holds a known value; nil when unset or empty.
  public static func from(environment: [String: String]) -> GraphicsChoice? {
    guard let value = environment["IMGCACHE_GRAPHICS"], !value.isEmpty else { return nil }
    return GraphicsChoice(rawValue: value.lowercased())
  }
}

/// The size of one character cell in pixels.
public struct CellPixelSize: Equatable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Assumed when the terminal tells nothing: a common 10×20 cell, twice as tall as wide like half-block art
  /// assumes.
  public static let fallback = CellPixelSize(width: 10, height: 20)
}

/// What this terminal can draw, decided once (chafa's capability table), then used for every picture.
public struct GraphicsCapabilities: Equatable {
  /// The protocol pictures are drawn with; nil means block art (or nothing, see `drawsPictures`).
  public var `protocol`: GraphicsProtocol?
  /// False for `--graphics none`: no pictures, not even block art.
  public var drawsPictures: Bool
  public var cellSize: CellPixelSize
  /// Wrap protocol output for tmux's passthrough.
  public var passthrough: Bool
  /// Running inside tmux (which keeps at most about 1 MB of one sequence, so sixel pictures are kept under it).
  public var insideTmux: Bool
  /// One line for a person, shown once: why pictures fell back to block art and what to change.
  public var note: String?

  public init(
    protocol: GraphicsProtocol?, drawsPictures: Bool = true, cellSize: CellPixelSize = .fallback,
    passthrough: Bool = false, insideTmux: Bool? = nil, note: String? = nil
  ) {
    self.protocol = `protocol`
    self.drawsPictures = drawsPictures
    self.cellSize = cellSize
    self.passthrough = passthrough
    self.insideTmux = insideTmux ?? passthrough
    self.note = note
  }

  /// kitty pictures inside tmux are shown by placeholder text (Unicode placeholders), which tmux moves, clips and
  /// clears like any text; only the picture's data goes through tmux's passthrough.
  public var unicodePlaceholders: Bool { `protocol` == .kitty && passthrough }

  /// Block art, with an optional reason.
  public static func blocks(cellSize: CellPixelSize = .fallback, note: String? = nil) -> GraphicsCapabilities {
    GraphicsCapabilities(protocol: nil, cellSize: cellSize, note: note)
  }

  /// No pictures at all.
  public static let nothing = GraphicsCapabilities(protocol: nil, drawsPictures: false)
}

extension GraphicsProtocol: Sendable {}
extension GraphicsChoice: Sendable {}
extension CellPixelSize: Sendable {}
extension GraphicsCapabilities: Sendable {}

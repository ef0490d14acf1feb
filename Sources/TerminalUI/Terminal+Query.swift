import Glibc

extension Terminal {
  /// Runs `body` with input unbuffered and unechoed but the screen untouched, so a query's answers can be read
  /// without the terminal printing them: what a command-line tool needs to ask the terminal something. The
  /// terminal is restored however `body` ends, signals included (restoring discards answers that came too late).
  public func withQueryMode<Result>(_ body: () async throws -> Result) async throws -> Result {
    // Keys typed before are kept (TCSANOW, not TCSAFLUSH): they are input the query hands back.
    try switchInput(fullScreen: false, when: TCSANOW) { raw in raw.c_lflag &= ~tcflag_t(ECHO | ICANON) }
    defer { TerminalRestoration.restore() }
    return try await body()
  }

  /// Saves the terminal's attributes for restoring (at exit and on signals too), then applies `change` plus
  /// reads that return each byte as it comes.
  func switchInput(fullScreen: Bool, when: Int32, _ change: (inout termios) -> Void) throws(SetupError) {
    var original = termios()
    guard tcgetattr(inputDescriptor, &original) == 0 else {
      throw SetupError(description: "standard input is not a terminal")
    }
    TerminalRestoration.install(
      original: original, input: inputDescriptor, output: outputDescriptor, fullScreen: fullScreen)
    var raw = original
    change(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(inputDescriptor, when, &raw) == 0 else {
      TerminalRestoration.restore()
      throw SetupError(description: "could not switch the terminal to raw mode")
    }
  }
}

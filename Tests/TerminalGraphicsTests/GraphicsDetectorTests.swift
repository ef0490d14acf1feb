import Testing

@testable import TerminalGraphics
@testable import TerminalUI

@Suite struct GraphicsDetectorTests {
  private let query = GraphicsDetector.queryBytes(wrapProbe: false, askCellSize: true)
  private let kittyOK = "\u{1B}_Gi=8100;OK\u{1B}\\"

  private func detect(
    _ choice: GraphicsChoice = .auto, environment: [String: String] = [:], script: [TerminalInput],
    tmux: Bool? = nil
  ) async -> (GraphicsCapabilities, [UInt8], ScriptedTerminal) {
    let terminal = ScriptedTerminal(script: script)
    let (capabilities, pending) = await GraphicsDetector.detect(
      choice: choice, environment: environment, terminal: terminal, tmuxAllowsPassthrough: { tmux })
    return (capabilities, pending, terminal)
  }

  private func bytes(_ text: String) -> TerminalInput { .bytes(Array(text.utf8)) }

  @Test func theQueryIsTheKittyProbeThenTheCellSizeThenDA1() {
    #expect(query == Array("\u{1B}_Gi=8100,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8))
  }

  @Test(
    arguments: [
      (["TERM": "xterm-kitty"], GraphicsProtocol.kitty),
      (["KITTY_WINDOW_ID": "3"], .kitty),
      (["TERM_PROGRAM": "ghostty"], .kitty),
      (["TERM_PROGRAM": "iTerm.app"], .iterm),
      (["TERM_PROGRAM": "WezTerm"], .iterm),
      (["LC_TERMINAL": "iTerm2"], .iterm),
      (["KONSOLE_VERSION": "230805"], .kitty),
    ])
  func anEnvironmentHintDecidesWithoutAsking(environment: [String: String], expected: GraphicsProtocol) async {
    let (capabilities, pending, terminal) = await detect(environment: environment, script: [])
    #expect(capabilities == GraphicsCapabilities(protocol: expected))
    #expect(pending.isEmpty)
    #expect(terminal.output.bytes.isEmpty)
  }

  @Test func aKittyAnswerMeansKitty() async {
    let (capabilities, pending, terminal) = await detect(script: [bytes(kittyOK), bytes("\u{1B}[?62;22c")])
    #expect(capabilities.protocol == .kitty)
    #expect(pending.isEmpty)
    #expect(terminal.output.bytes == query)
  }

  @Test func aKittyErrorIsNotKitty() async {
    let (capabilities, _, _) = await detect(script: [bytes("\u{1B}_Gi=8100;EINVAL:bad\u{1B}\\\u{1B}[?62;22c")])
    #expect(capabilities.protocol == nil)
  }

  @Test func attribute4InDA1MeansSixel() async {
    let (capabilities, pending, _) = await detect(script: [bytes("\u{1B}[?62;4;6;22c")])
    #expect(capabilities == GraphicsCapabilities(protocol: .sixel))
    #expect(pending.isEmpty)
  }

  @Test func DA1WithoutAttribute4MeansBlockArt() async {
    // 42 contains a 4 but is not attribute 4.
    let (capabilities, pending, _) = await detect(script: [bytes("\u{1B}[?62;42;22c")])
    #expect(capabilities == .blocks())
    #expect(pending.isEmpty)
  }

  @Test func silenceUntilTheDeadlineMeansBlockArtAndNothingMoreWritten() async {
    let (capabilities, pending, terminal) = await detect(script: [.timedOut, bytes("\u{1B}[?62;4c")])
    #expect(capabilities == .blocks())
    #expect(pending.isEmpty)
    #expect(terminal.output.bytes == query)
    // The late answer was not read: the wait had ended.
    #expect(terminal.readInput(timeout: nil) == bytes("\u{1B}[?62;4c"))
  }

  @Test func aDeadlineAlreadyPassedReadsNothing() async {
    let terminal = ScriptedTerminal(script: [bytes("\u{1B}[?62;4c")])
    let (capabilities, _) = await GraphicsDetector.detect(
      choice: .auto, environment: [:], terminal: terminal, deadline: .zero)
    #expect(capabilities == .blocks())
    #expect(terminal.readInput(timeout: nil) == bytes("\u{1B}[?62;4c"))
  }

  @Test func keysArrivingBetweenTheAnswersAreKeptInOrder() async {
    let (capabilities, pending, _) = await detect(script: [
      bytes(kittyOK), bytes("j"), bytes("\u{1B}[B"), bytes("q\u{1B}[?62;c"),
    ])
    #expect(capabilities.protocol == .kitty)
    #expect(pending == Array("j\u{1B}[Bq".utf8))
    #expect(KeyReader.keys(from: pending) == [.character("j"), .down, .character("q")])
  }

  @Test func answersSplitAcrossReadsAreStillAnswers() async {
    let (capabilities, pending, _) = await detect(script: [
      bytes("\u{1B}_Gi=8100;O"), bytes("K\u{1B}"), bytes("\\\u{1B}[6;18;"), bytes("9t\u{1B}[?6"), bytes("2;4c"),
    ])
    #expect(capabilities == GraphicsCapabilities(protocol: .kitty, cellSize: CellPixelSize(width: 9, height: 18)))
    #expect(pending.isEmpty)
  }

  @Test func anUnfinishedSequenceAtTheDeadlineIsInput() async {
    let (capabilities, pending, _) = await detect(script: [bytes("\u{1B}")])
    #expect(capabilities == .blocks())
    #expect(pending == [0x1B])
  }

  @Test func namedChoicesAskNothing() async {
    for (choice, expected) in [
      (GraphicsChoice.kitty, GraphicsCapabilities(protocol: .kitty)),
      (.iterm, GraphicsCapabilities(protocol: .iterm)), (.sixel, GraphicsCapabilities(protocol: .sixel)),
      (.blocks, .blocks()), (.none, .nothing),
    ] {
      let (capabilities, _, terminal) = await detect(choice, environment: ["TERM": "xterm-kitty"], script: [])
      #expect(capabilities == expected)
      #expect(terminal.output.bytes.isEmpty)
    }
  }

  @Test func insideTmuxWithPassthroughOnProtocolOutputIsWrapped() async {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]
    let (capabilities, _, _) = await detect(environment: environment, script: [], tmux: true)
    #expect(capabilities == GraphicsCapabilities(protocol: .kitty, passthrough: true))
  }

  @Test func insideTmuxWithPassthroughOffItIsBlockArtWithANote() async {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "LC_TERMINAL": "iTerm2"]
    let (capabilities, _, terminal) = await detect(environment: environment, script: [], tmux: false)
    #expect(capabilities.protocol == nil && capabilities.drawsPictures)
    #expect(
      capabilities.note
        == "tmux blocks iterm pictures, so they are drawn as block art: add `set -g allow-passthrough on` to "
        + "~/.tmux.conf (then `tmux source ~/.tmux.conf`)")
    #expect(terminal.output.bytes.isEmpty)
    let (unknown, _, _) = await detect(.sixel, environment: environment, script: [], tmux: nil)
    #expect(unknown.protocol == nil && unknown.note?.contains("tmux show -gv allow-passthrough") == true)
  }

  @Test func insideTmuxTheProbeIsWrappedAndTmuxsOwnSixelNeedsNoPassthrough() async {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0"]
    let (capabilities, _, terminal) = await detect(
      environment: environment, script: [bytes("\u{1B}[?1;2;4c")], tmux: true)
    #expect(terminal.output.bytes == GraphicsDetector.queryBytes(wrapProbe: true, askCellSize: true))
    #expect(capabilities == GraphicsCapabilities(protocol: .sixel, insideTmux: true))
  }

  @Test func theEnvironmentVariableNamesAChoice() {
    #expect(GraphicsChoice.from(environment: ["IMGCACHE_GRAPHICS": "Sixel"]) == .sixel)
    #expect(GraphicsChoice.from(environment: ["IMGCACHE_GRAPHICS": ""]) == nil)
    #expect(GraphicsChoice.from(environment: ["IMGCACHE_GRAPHICS": "pictures"]) == nil)
  }
}

import Testing

@testable import TerminalGraphics

@Suite struct PassthroughTests {
  @Test func everyEscapeIsDoubledInsideTmuxsEnvelope() {
    let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Ga=d,d=I,i=4,q=2\u{1B}\\".utf8))
    #expect(wrapped == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=4,q=2\u{1B}\u{1B}\\\u{1B}\\".utf8))
  }

  @Test func kittyChunksAreWrappedOneByOne() {
    let plain = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .kitty))
    let tmux = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .kitty, passthrough: true))
    let picture = TestPictures.smooth(width: 300, height: 300)
    let commands = ProtocolDecoding.kittyCommands(plain.encode(picture, columns: 30, rows: 15, id: 5))
    #expect(commands.count > 1)
    #expect(tmux.encode(picture, columns: 30, rows: 15, id: 5) == commands.flatMap { TmuxPassthrough.wrap($0.bytes) })
    #expect(tmux.erase(id: 5) == TmuxPassthrough.wrap(plain.erase(id: 5)))
    #expect(tmux.eraseAll() == TmuxPassthrough.wrap(plain.eraseAll()))
  }

  @Test func itermsSequenceIsWrappedInsideTheCursorSaveAndRestore() {
    let plain = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .iterm))
    let tmux = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .iterm, passthrough: true))
    let picture = TestPictures.smooth(width: 40, height: 40)
    let inner = Array(plain.encode(picture, columns: 4, rows: 2, id: 1).dropFirst(2).dropLast(2))
    #expect(
      tmux.encode(picture, columns: 4, rows: 2, id: 1) == Array("\u{1B}7".utf8) + TmuxPassthrough.wrap(inner)
        + Array("\u{1B}8".utf8))
  }
}

import Testing

@testable import BlockArt

@Suite struct ColorModeDetectionTests {
  @Test func noColorWinsOverEverythingButForcing() {
    let environment = ["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"]
    #expect(ColorMode.detect(environment: environment, isTerminal: true) == .noColor)
    #expect(ColorMode.detect(environment: environment, isTerminal: true, forced: .ansi16) == .ansi16)
  }

  @Test func emptyNoColorIsIgnored() {
    #expect(ColorMode.detect(environment: ["NO_COLOR": "", "TERM": "xterm-256color"], isTerminal: true) == .xterm256)
  }

  @Test func colorTermAnnouncesTrueColor() {
    #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"], isTerminal: true) == .trueColor)
    #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"], isTerminal: true) == .trueColor)
    #expect(ColorMode.detect(environment: ["COLORTERM": "yes", "TERM": "xterm"], isTerminal: true) == .ansi16)
  }

  @Test func term256Color() {
    #expect(ColorMode.detect(environment: ["TERM": "tmux-256color"], isTerminal: true) == .xterm256)
    #expect(ColorMode.detect(environment: ["TERM": "screen"], isTerminal: true) == .ansi16)
    #expect(ColorMode.detect(environment: [:], isTerminal: true) == .ansi16)
    #expect(ColorMode.detect(environment: ["TERM": "dumb"], isTerminal: true) == .noColor)
  }

  @Test func notATerminalMeansNoColourUnlessForced() {
    let environment = ["COLORTERM": "truecolor", "TERM": "xterm-256color"]
    #expect(ColorMode.detect(environment: environment, isTerminal: false) == .noColor)
    #expect(ColorMode.detect(environment: environment, isTerminal: false, forced: .trueColor) == .trueColor)
  }
}

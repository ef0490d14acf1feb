import Glibc
import Testing

@testable import TerminalUI

/// The real device on a pipe instead of a terminal: reads, timeouts, end of input, and refusal of raw mode.
@Suite struct TerminalOnAPipeTests {
  /// Close-on-exec at once: tests in other suites start processes meanwhile, and a child that inherited the write
  /// end kept the pipe open, so its end was not seen for as long as the child lived (a 30 s timeout in CI).
  /// (`pipe2`, which would do it atomically, is not in Swift's Glibc module.)
  private func makePipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0)
    for end in ends { precondition(fcntl(end, F_SETFD, FD_CLOEXEC) == 0) }
    return (ends[0], ends[1])
  }

  @Test func readsBytesTimesOutAndSeesTheEnd() {
    let (readEnd, writeEnd) = makePipe()
    defer { close(readEnd) }
    let terminal = Terminal(input: readEnd, output: writeEnd)
    // Given nothing written yet, a short wait times out
    #expect(terminal.readInput(timeout: .milliseconds(1)) == .timedOut)
    // When bytes arrive they are returned as they are
    writeAll(writeEnd, Array("\u{1B}[A".utf8))
    #expect(terminal.readInput(timeout: .seconds(30)) == .bytes([0x1B, 0x5B, 0x41]))
    // When the writer goes away, input has ended
    close(writeEnd)
    #expect(terminal.readInput(timeout: .seconds(30)) == .endOfInput)
  }

  @Test func refusesRawModeWhenInputIsNotATerminal() {
    let (readEnd, writeEnd) = makePipe()
    defer {
      close(readEnd)
      close(writeEnd)
    }
    let terminal = Terminal(input: readEnd, output: writeEnd)
    #expect(!terminal.isInteractive)
    #expect(throws: Terminal.SetupError.self) { try terminal.enterFullScreen() }
  }

  @Test func sizeFallsBackTo80x24WithoutAWindow() {
    let (readEnd, writeEnd) = makePipe()
    defer {
      close(readEnd)
      close(writeEnd)
    }
    #expect(Terminal(input: readEnd, output: writeEnd).size == TerminalSize(columns: 80, rows: 24))
  }
}

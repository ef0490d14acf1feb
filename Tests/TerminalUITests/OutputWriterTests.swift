import Foundation
import Testing

@testable import TerminalUI

/// `OutputWriter` against the descriptors that fail: a pipe nobody reads, /dev/full, a closed descriptor. The
/// test process ignores SIGPIPE as the tools do, or the first case would kill it.
@Suite(.serialized) struct OutputWriterTests {
  init() { _ = signal(SIGPIPE, SIG_IGN) }

  /// A pipe whose read end is already closed: the write end, for the caller to close.
  private func pipeWithoutReader() throws -> Int32 {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    return ends[1]
  }

  @Test func aPipeWithoutReaderIsAClosedReaderEndingWith141() throws {
    let descriptor = try pipeWithoutReader()
    defer { close(descriptor) }
    let writer = OutputWriter(descriptor: descriptor, destination: "standard output")
    let failure = try #require(throws: OutputFailure.self) { try writer.write("hello\n") }
    #expect(failure.errorNumber == EPIPE)
    #expect(failure.isClosedReader)
    #expect(failure.exitStatus == 141)
  }

  @Test func aFullDeviceIsOneLineAndStatus74() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0, "no /dev/full here")
    defer { close(descriptor) }
    let writer = OutputWriter(descriptor: descriptor, destination: "standard output")
    let failure = try #require(throws: OutputFailure.self) { try writer.write(Array(repeating: 65, count: 10)) }
    #expect(failure.errorNumber == ENOSPC)
    #expect(!failure.isClosedReader)
    #expect(failure.exitStatus == 74)
    #expect(
      failure.description == "cannot write to standard output: no space left on device; free some space and run again")
  }

  @Test func aClosedDescriptorSaysSo() throws {
    // /dev/null opened read-only is what `prepareProcess` leaves where the parent closed stdout.
    let descriptor = open("/dev/null", O_RDONLY)
    defer { close(descriptor) }
    let failure = try #require(throws: OutputFailure.self) {
      try OutputWriter(descriptor: descriptor, destination: "standard output").write("x")
    }
    #expect(failure.errorNumber == EBADF)
    #expect(failure.exitStatus == 74)
    #expect(failure.description.hasSuffix("; it is closed, so run with it open or redirected"))
  }

  @Test func everyByteArrivesThroughPartialWrites() async throws {
    // Given a pipe (64 KiB of buffer) and 1 MiB to write, so the writes are partial until the reader catches up
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let reader = Task.detached { () -> [UInt8] in
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received += buffer.prefix(count)
      }
      close(readEnd)
      return received
    }
    // When everything is written and the write end closed
    try OutputWriter(descriptor: writeEnd, destination: "a pipe").write(bytes)
    close(writeEnd)
    // Then the reader got every byte, in order
    #expect(await reader.value == bytes)
  }

  @Test func aTerminalThatTakesNoMoreOutputIsMarkedLost() throws {
    let descriptor = try pipeWithoutReader()
    defer { close(descriptor) }
    let terminal = Terminal(input: STDIN_FILENO, output: descriptor)
    #expect(!terminal.hasLostOutput)
    terminal.write("frame")
    #expect(terminal.hasLostOutput)
  }

  @Test func theTerminalStaysFineWhileWritesSucceed() throws {
    let descriptor = open("/dev/null", O_WRONLY)
    defer { close(descriptor) }
    let terminal = Terminal(input: STDIN_FILENO, output: descriptor)
    terminal.write("frame")
    #expect(!terminal.hasLostOutput)
  }
}

import Foundation
import Testing

@testable import TerminalGraphics

/// Asking tmux runs a command at every start inside tmux, so it must never hold the start up: a command that
/// does not finish is abandoned at the deadline.
@Suite(.timeLimit(.minutes(20)))
struct TmuxSettingsTests {
  @Test func aCommandsAnswerIsItsTrimmedOutput() {
    #expect(TmuxSettings.output(of: ["printf", "on\\n"], timeout: .seconds(30)) == "on")
  }

  @Test func aFailingCommandAnswersNothing() {
    #expect(TmuxSettings.output(of: ["false"], timeout: .seconds(30)) == nil)
    #expect(TmuxSettings.output(of: ["no-such-command-imgcache"], timeout: .seconds(30)) == nil)
  }

  @Test func aCommandStillRunningAtTheDeadlineIsAbandoned() {
    // `sleep 600` would outlast the suite's one-minute limit: returning at all shows the deadline ended the wait.
    #expect(TmuxSettings.output(of: ["sleep", "600"], timeout: .milliseconds(200)) == nil)
  }
}

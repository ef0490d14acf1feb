import ArgumentParser
import FoundationEssentials
import TerminalGraphics
import TerminalUI
import ToolOptions

/// `imgcache doctor`: what the terminal, the cache, Last.fm and the libraries look like to the tools, one line each.
struct Doctor: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Say what the tools see: terminal, tmux, cache, Last.fm, shared cache, libraries.",
    discussion: """
      One line per finding, marked ok, note or problem, with what to do about a problem. Exits 0 when nothing \
      is a problem, 1 otherwise. Outside a terminal it says so and checks the rest.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions

  @Flag(help: "Print the findings as JSON (docs/schemas/imgcache-doctor.schema.json).")
  var json = false

  init() {}

  func run() async throws {
    try await reportingFailures {
      global.bootstrapLogging()
      let terminal = Terminal()
      var context = DoctorContext(
        environment: ProcessInfo.processInfo.environment, terminal: nil, cache: global.cache.settings,
        lastFM: lastFM.settings)
      let report: DoctorReport
      if terminal.isInteractive && Console.stdoutIsTerminal {
        report = try await terminal.withQueryMode {
          context.terminal = terminal
          return await context.examine()
        }
      } else {
        report = await context.examine()
      }
      print(json ? try Console.json(report) : report.text)
      if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
  }
}

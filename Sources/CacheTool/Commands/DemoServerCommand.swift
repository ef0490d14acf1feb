import ArgumentParser
import DemoCatalog
import FoundationEssentials

struct DemoServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo-server",
    abstract: "Serve the embedded demo catalog (Last.fm 2.0 JSON and PNG covers) on 127.0.0.1 until Ctrl-C.")

  @Option(help: "Port to listen on (0 picks a free one).")
  var port: Int = 8080

  @Option(help: "Address to listen on.")
  var host: String = "127.0.0.1"

  func run() async throws {
    try await reportingFailures {
      guard (0...65535).contains(port) else { throw CommandFailure("--port must be between 0 and 65535") }
      Console.note("demo catalog at http://\(host):\(port)/2.0/ (set LASTFM_API_BASE to it); Ctrl-C stops")
      do {
        try await DemoServer.run(host: host, port: port)
      } catch {
        throw CommandFailure("demo server on \(host):\(port) failed: \(error); is the port in use? try --port 0")
      }
    }
  }
}

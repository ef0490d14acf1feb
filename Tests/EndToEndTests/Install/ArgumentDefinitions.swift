import Foundation
import TestSupport

/// A tool's commands and options as ArgumentParser defines them, read from the binary's own
/// `--experimental-dump-help` (the JSON the manual plugin reads too): what generated pages and completion scripts
/// must name.
struct ArgumentDefinitions {
  struct Command {
    /// `imgcache`, `imgcache warm`, `artist-browser`…
    var path: [String]
    /// Long names of the options and flags `--help` shows, without the dashes.
    var longOptions: Set<String>
    var subcommands: [String]
  }

  var commands: [Command]

  init(toolName: String) async throws {
    let output = try await ProcessRunner.run(toolName, ["--experimental-dump-help"])
    guard output.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
      let root = json["command"] as? [String: Any]
    else { throw DefinitionsError(description: "\(toolName) --experimental-dump-help: \(output.stderr)") }
    commands = []
    collect(root, parent: [])
  }

  private mutating func collect(_ command: [String: Any], parent: [String]) {
    let path = parent + [command["commandName"] as? String ?? "?"]
    let arguments = command["arguments"] as? [[String: Any]] ?? []
    var longOptions = Set<String>()
    for argument in arguments where argument["shouldDisplay"] as? Bool ?? true {
      for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
        if let long = name["name"] as? String, long != "help", long != "version" { longOptions.insert(long) }
      }
    }
    let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).filter {
      ($0["commandName"] as? String) != "help"
    }
    commands.append(
      Command(
        path: path, longOptions: longOptions, subcommands: subcommands.compactMap { $0["commandName"] as? String }))
    for subcommand in subcommands { collect(subcommand, parent: path) }
  }

  struct DefinitionsError: Error, CustomStringConvertible { var description: String }
}

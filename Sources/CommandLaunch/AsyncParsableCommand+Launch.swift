import ArgumentParser
import ImageCache

extension AsyncParsableCommand {
  /// What ArgumentParser's `main()` does, with libcurl loading in the background from the first line (its
  /// libraries cost 6 ms a start; the load now overlaps with parsing and with opening the cache), and with every
  /// way out waiting for that load to end: `exit` while OpenSSL initialises on the loading thread could run its
  /// clean-up under it.
  public static func launch() async {
    if LaunchArguments.mayUseNetwork(CommandLine.arguments.dropFirst()) { CurlLibrary.preload() }
    do {
      var command = try await asyncParseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      CurlLibrary.settle()
    } catch {
      CurlLibrary.settle()
      exit(withError: error)
    }
  }
}

/// Help, version and completion-script requests print and exit: starting the libcurl load for them would only make
/// them wait for it at exit. Guessing wrong costs nothing but time: a command that does fetch loads libcurl on its
/// first `CurlDataLoader`.
public enum LaunchArguments {
  static let informational: Set<String> = ["--help", "-h", "help", "--version", "--generate-completion-script"]

  public static func mayUseNetwork(_ arguments: some Sequence<String>) -> Bool {
    !arguments.contains { informational.contains($0) || $0.hasPrefix("--generate-completion-script=") }
  }
}

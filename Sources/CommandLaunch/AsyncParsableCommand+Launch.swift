import ArgumentParser
import ImageCache

extension AsyncParsableCommand {
  /// What ArgumentParser's `main()` does, with libcurl loading in the background from the first line (its
  /// libraries cost 6 ms a start; the load now overlaps with parsing and with opening the cache), and with every
  /// way out waiting for that load to end: `exit` while OpenSSL initialises on the loading thread could run its
  /// clean-up under it.
  ///
  /// `offlineSubcommands`: subcommands that never fetch, for which the load would only cost its CPU and a wait at
  /// exit (`imgcache stats` took 16 ms with it, 11.5 without; BENCHMARKS.md).
  public static func launch(offlineSubcommands: Set<String> = []) async {
    if LaunchArguments.mayUseNetwork(CommandLine.arguments.dropFirst(), offlineSubcommands: offlineSubcommands) {
      CurlLibrary.preload()
    }
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

/// Help, version and completion-script requests print and exit, and some subcommands never fetch: starting the
/// libcurl load for them would only make them wait for it at exit. Guessing wrong costs nothing but time: a command
/// that does fetch loads libcurl on its first `CurlDataLoader`.
public enum LaunchArguments {
  static let informational: Set<String> = ["--help", "-h", "help", "--version", "--generate-completion-script"]

  /// `arguments` without the program name; `offlineSubcommands` are matched against the first of them only, where
  /// ArgumentParser looks for a subcommand.
  public static func mayUseNetwork(_ arguments: some Collection<String>, offlineSubcommands: Set<String> = []) -> Bool {
    if let first = arguments.first, offlineSubcommands.contains(first) { return false }
    return !arguments.contains { informational.contains($0) || $0.hasPrefix("--generate-completion-script=") }
  }
}

import ArgumentParser
import ImageCache

extension AsyncParsableCommand {
  /// What ArgumentParser's `main()` does, with libcurl loading in the background from the first line (its
  /// libraries cost 6 ms a start; the load now overlaps with parsing and with opening the cache), and with every
  /// way out waiting for that load to end: `exit` while OpenSSL initialises on the loading thread could run its
  /// clean-up under it.
  public static func launch() async {
    CurlLibrary.preload()
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

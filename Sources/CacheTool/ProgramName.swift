import ArgumentParser
import ArtistBrowser

/// One executable, two names: `artist-browser` is a symbolic link to `imgcache`, and the name the process was
/// started under (`argv[0]`) picks the command, with its own `--help`, exit codes and behaviour.
public enum ProgramName {
  /// The command for `path` as given in `argv[0]`: the browser for `artist-browser`, `imgcache` for anything else.
  public static func command(forPath path: String) -> any AsyncParsableCommand.Type {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name == "artist-browser" ? BrowserCommand.self : ImgCacheCommand.self
  }

  public static func main(arguments: [String] = CommandLine.arguments) async {
    await command(forPath: arguments.first ?? "imgcache").main()
  }
}

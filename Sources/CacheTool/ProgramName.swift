import ArgumentParser
import ArtistBrowser
import ImageCacheSupport

/// One executable, two names: `artist-browser` is a symbolic link to `imgcache`, and the name the process was
/// started under (`argv[0]`) picks the command, with its own `--help`, exit codes and behaviour.
public enum ProgramName {
  /// The command for `path` as given in `argv[0]`: the browser for `artist-browser`, `imgcache` for anything else.
  public static func command(forPath path: String) -> any AsyncParsableCommand.Type {
    isBrowser(path) ? BrowserCommand.self : ImgCacheCommand.self
  }

  /// The picked command's `start()`: the standard streams made safe to write (exit 141 on a closed pipe, 74 on
  /// a full disk, SIGPIPE ignored), then its command line. In the browser large buffers get pages of their own, so
  /// a session that paints pictures for hours does not keep tens of megabytes free in its arenas
  /// (`AllocatorPolicy`); imgcache's commands are short, or paint nothing while they run long (`now --follow`),
  /// and keep glibc's own choice, which spares them mapping every large buffer afresh.
  public static func main(arguments: [String] = CommandLine.arguments) async {
    if isBrowser(arguments.first ?? "imgcache") {
      AllocatorPolicy.keepLargeBuffersOnTheirOwnPages()
      await BrowserCommand.start()
    } else {
      await ImgCacheCommand.start()
    }
  }

  private static func isBrowser(_ path: String) -> Bool {
    (path.split(separator: "/").last.map(String.init) ?? path) == "artist-browser"
  }
}

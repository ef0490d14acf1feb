import ArtistBrowser

/// The executable is only this: the command lives in the ArtistBrowser library, where tests can reach it.
@main
enum EntryPoint {
  static func main() async { await BrowserCommand.start() }
}

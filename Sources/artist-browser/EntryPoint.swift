import ArtistBrowser
import CommandLaunch

/// The executable is only this: the command lives in the ArtistBrowser library, where tests can reach it.
/// `launch()` is ArgumentParser's `main()` with libcurl loading in the background meanwhile.
@main
enum EntryPoint {
  static func main() async { await BrowserCommand.launch() }
}

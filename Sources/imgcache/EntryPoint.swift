import CacheTool
import CommandLaunch

/// The executable is only this: the commands live in the CacheTool library, where tests can reach them.
/// `launch()` is ArgumentParser's `main()` with libcurl loading in the background meanwhile.
@main
enum EntryPoint {
  static func main() async { await ImgCacheCommand.launch(offlineSubcommands: ImgCacheCommand.offlineSubcommands) }
}

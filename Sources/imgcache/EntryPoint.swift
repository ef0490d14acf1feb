import CacheTool

/// The executable is only this: the commands live in the CacheTool and ArtistBrowser libraries, where tests can
/// reach them. `artist-browser` is a second name for it (`ProgramName`).
@main
enum EntryPoint {
  static func main() async {
    // Before any job runs: see QuietExecutor.
    if QuietExecutor.suits(CommandLine.arguments) { QuietExecutor.takeOver() }
    await ProgramName.main()
  }
}

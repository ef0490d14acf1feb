import CacheTool

/// The executable is only this: the commands live in the CacheTool and ArtistBrowser libraries, where tests can
/// reach them. `artist-browser` is a second name for it (`ProgramName`).
@main
enum EntryPoint {
  static func main() async { await ProgramName.main() }
}

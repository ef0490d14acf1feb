import CacheTool

/// The executable is only this: the commands live in the CacheTool library, where tests can reach them.
@main
enum EntryPoint {
  static func main() async { await ImgCacheCommand.start() }
}

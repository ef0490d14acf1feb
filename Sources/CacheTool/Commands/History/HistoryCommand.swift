import ArgumentParser

/// `imgcache history`: a listener's scrobbles kept on disk, synced from Last.fm, exported and imported.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keep a listener's whole listening history on disk: sync it from Last.fm, export it, import it.",
    discussion: """
      imgcache history sync NAME   (the first run fetches everything, later runs only what is new)
      imgcache history export NAME [--csv|--json] [RANGE]   (RANGE: 2023, 2023-11, 2023-06..2023-08, 2024-01-05..)
      imgcache history import NAME FILE   (lastfm-to-csv's CSV, or a CSV with a header naming its columns)
      The archive is data, not cache: one SQLite file per listener under $XDG_DATA_HOME/imgcache/history \
      (--archive-dir chooses another folder); clear, trim and the cache's limits never touch it. See \
      docs/history.md.
      """,
    subcommands: [HistorySync.self, HistoryExport.self, HistoryImport.self])
}

/// Where the archives are, for every `history` subcommand.
struct ArchiveOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Folder of the listening archives (default: $IMGCACHE_DATA_DIR, else $XDG_DATA_HOME/imgcache/history, else "
        + "~/.local/share/imgcache/history).", valueName: "dir"))
  var archiveDir: String?
}

import CommandLaunch
import Testing

@Suite struct LaunchArgumentsTests {
  @Test(arguments: [
    ["--version"], ["--help"], ["-h"], ["help", "warm"], ["warm", "--help"], ["--generate-completion-script", "bash"],
    ["--generate-completion-script=zsh"],
  ])
  func requestsThatOnlyPrintDoNotLoadLibcurl(_ arguments: [String]) {
    #expect(!LaunchArguments.mayUseNetwork(arguments))
  }

  @Test(arguments: [
    ["warm", "--urls", "list.txt"], ["get", "https://example.test/a.png"], ["stats"], [], ["warm", "Helpless"],
  ])
  func everythingElseStartsTheLoadEarly(_ arguments: [String]) {
    #expect(LaunchArguments.mayUseNetwork(arguments))
  }

  @Test func offlineSubcommandsDoNotLoadLibcurlWhereverTheirNameIsFirst() {
    let offline: Set<String> = ["stats", "ls"]
    #expect(!LaunchArguments.mayUseNetwork(["stats"], offlineSubcommands: offline))
    #expect(!LaunchArguments.mayUseNetwork(["ls", "--cache-dir", "x"], offlineSubcommands: offline))
    // Only the subcommand's place counts: an artist or a file that happens to be called "stats" still fetches.
    #expect(LaunchArguments.mayUseNetwork(["warm", "stats"], offlineSubcommands: offline))
    #expect(LaunchArguments.mayUseNetwork(["get", "https://example.test/ls"], offlineSubcommands: offline))
  }
}

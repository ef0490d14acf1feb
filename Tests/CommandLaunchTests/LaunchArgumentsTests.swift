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
}

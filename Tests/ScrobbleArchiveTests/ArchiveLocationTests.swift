import Testing

@testable import ScrobbleArchive

@Suite struct ArchiveLocationTests {
  @Test func theDataFolderComesFromTheOptionThenTheEnvironment() {
    let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "IMGCACHE_DATA_DIR": "/mine"]
    #expect(ArchiveLocation.resolve(option: "/opt", environment: environment).folder == "/opt")
    #expect(ArchiveLocation.resolve(option: nil, environment: environment).folder == "/mine")
    #expect(
      ArchiveLocation.resolve(option: nil, environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"]).folder
        == "/d/imgcache/history")
    #expect(
      ArchiveLocation.resolve(option: nil, environment: ["HOME": "/h", "XDG_DATA_HOME": "rel"]).folder
        == "/h/.local/share/imgcache/history")
  }

  @Test func aListenerNameCannotLeaveTheFolder() {
    let location = ArchiveLocation(folder: "/d")
    #expect(location.path(forUser: "Nightjar_Radio") == "/d/nightjar_radio.sqlite")
    for hostile in ["../x", "a/b", "", "a b", "x\u{1b}[2J", ".."] {
      #expect(location.path(forUser: hostile) == nil)
    }
  }
}

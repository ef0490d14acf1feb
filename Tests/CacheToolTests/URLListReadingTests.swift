import Foundation
import Testing

@testable import CacheTool

@Suite struct URLListReadingTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("urllist-\(UUID().uuidString)")

  @Test func readsFilesEmptyFilesAndPipes() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("urls.txt")
    try Data("http://a.test/1.png\nhttps://b.test/2.png\n".utf8).write(to: file)
    #expect(try URLList.read(file.path).urls.count == 2)

    let empty = folder.appendingPathComponent("empty.txt")
    try Data().write(to: empty)
    #expect(try URLList.read(empty.path).urls.isEmpty)

    // `--urls <(grep … list)`: the shell passes /dev/fd/N, a pipe, which has no size to read up to.
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("http://c.test/3.png\n".utf8))
    try pipe.fileHandleForWriting.close()
    let fromPipe = try URLList.read("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
    #expect(fromPipe.urls.map(\.absoluteString) == ["http://c.test/3.png"])
  }

  @Test func aMissingPathOrAFolderIsAOneLineError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in [folder.appendingPathComponent("missing.txt").path, folder.path] {
      #expect(throws: CommandFailure.self, "\(path)") { try URLList.read(path) }
    }
  }
}

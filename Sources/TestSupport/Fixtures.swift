import Foundation
import ImageCache

/// Locates the test data copied into `Tests/Fixtures` (PngSuite, recorded Last.fm responses).
public enum Fixtures {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures")

  public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

  public static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(relativePath)))
  }

  public static func files(in folder: String, withExtension ext: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: url(folder), includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == ext }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }
}

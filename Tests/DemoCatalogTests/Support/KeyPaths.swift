import Foundation
import TestSupport

/// Every key path in a JSON document ("/album/tracks/track[]/name"), with array elements merged, so a response's
/// shape can be compared with a recorded Last.fm one regardless of values and list lengths.
enum KeyPaths {
  static func of(_ json: Any, prefix: String = "") -> Set<String> {
    var paths: Set<String> = []
    if let object = json as? [String: Any] {
      for (key, value) in object {
        paths.insert(prefix + "/" + key)
        paths.formUnion(of(value, prefix: prefix + "/" + key))
      }
    } else if let array = json as? [Any] {
      for element in array { paths.formUnion(of(element, prefix: prefix + "[]")) }
    }
    return paths
  }

  static func ofFixture(_ name: String) throws -> Set<String> {
    of(try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes("lastfm/\(name)"))))
  }
}

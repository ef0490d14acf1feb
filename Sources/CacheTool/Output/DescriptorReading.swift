#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor to its end with read(2): works on pipes and `/dev/fd/N` alike, without Foundation's
/// `FileHandle`, which lives in full Foundation and would bring ICU into the binary.
enum DescriptorReading {
  /// Every byte until end of file; nil on a read error (a folder, EIO, a closed descriptor).
  static func readToEnd(_ descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

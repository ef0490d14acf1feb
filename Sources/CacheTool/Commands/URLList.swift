import FoundationEssentials
import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One URL a line; what is not an http(s) URL is reported, not silently dropped.
struct URLList {
  var urls: [URL] = []
  var invalid: [String] = []

  static func read(_ path: String) throws -> URLList {
    parse(try readText(path))
  }

  /// The list's text: `-` is standard input.
  static func readText(_ path: String) throws -> String {
    let text: String
    if path == "-" {
      guard let bytes = DescriptorReading.readToEnd(STDIN_FILENO) else {
        throw CommandFailure("cannot read the URL list from standard input; give it a file or a pipe")
      }
      text = String(decoding: bytes, as: UTF8.self)
    } else {
      // Read with read(2) rather than FileManager.contents(atPath:), which fails on pipes: `--urls <(grep … list)`.
      let failure = CommandFailure("cannot read URL list \(path); check the path")
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw failure }
      defer { close(descriptor) }
      guard let bytes = DescriptorReading.readToEnd(descriptor) else { throw failure }
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
  }

  /// Lines end at LF or CR (so CRLF files read as they should); blank lines and `#` comments are skipped.
  static func parse(_ text: String) -> URLList {
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  // One pass over the bytes with plain indices: the generic `split` into UTF-8 views and a `Character`
  // comparison per line cost about as much as parsing the URLs themselves.
  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> URLList {
    var list = URLList()
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      if end > start { list.add(trimmed(UnsafeBufferPointer(rebasing: bytes[start..<end]))) }
      start = end + 1
    }
    return list
  }

  private mutating func add(_ line: String) {
    if line.isEmpty || isComment(line) { return }
    if let url = URL(string: line), let scheme = url.scheme, Self.isWebScheme(scheme), url.host != nil {
      urls.append(url)
    } else {
      invalid.append(line)
    }
  }

  /// Whether the line's first `Character` is `#`. When the byte after `#` is ASCII it cannot extend that
  /// character (CR, the one ASCII byte that could, ends lines), so only a non-ASCII byte needs the slow check.
  private func isComment(_ line: String) -> Bool {
    var bytes = line.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "#") else { return false }
    guard let next = bytes.next(), next >= 0x80 else { return true }
    return line.hasPrefix("#")
  }

  /// `http` or `https` in any case; the lower-case spelling, the usual one, is compared without a copy.
  private static func isWebScheme(_ scheme: String) -> Bool {
    if scheme == "http" || scheme == "https" { return true }
    let lowered = scheme.lowercased()
    return lowered == "http" || lowered == "https"
  }

  /// The line without surrounding white space. Spaces and tabs are cut byte by byte; only a line that starts or
  /// ends with a non-ASCII byte (a no-break space, say) is trimmed by `Character`, which is ten times the work.
  private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> String {
    let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0B || $0 == 0x0C }
    guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) })
    else { return "" }
    let inner = String(decoding: UnsafeBufferPointer(rebasing: line[first...last]), as: UTF8.self)
    if line[first] >= 0x80 || line[last] >= 0x80 { return String(inner.trimmingWhitespace()) }
    return inner
  }
}

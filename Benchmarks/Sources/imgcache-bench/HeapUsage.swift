import Foundation
import ImageCacheSupport

/// Resident memory beside what glibc's allocator holds, to tell memory the program still uses (`inUse` grows)
/// from memory the allocator keeps after it was freed (`free` grows, or the arenas do while `inUse` stays).
struct HeapUsage {
  /// VmRSS and RssAnon (the heap and other private pages), in KB.
  var residentKB = 0
  var anonymousKB = 0
  /// glibc's figures (`AllocatorPolicy.Usage`), summed over every arena: taken for the arenas, in chunks with
  /// pages of their own, handed out, free inside the arenas.
  var arenaKB = 0
  var mappedKB = 0
  var inUseKB = 0
  var freeKB = 0

  init() {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
      for line in status.split(separator: "\n") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count > 1, let value = Int(fields[1]) else { continue }
        if fields[0] == "VmRSS:" { residentKB = value }
        if fields[0] == "RssAnon:" { anonymousKB = value }
      }
    }
    let usage = AllocatorPolicy.usage
    arenaKB = usage.arena / 1024
    mappedKB = usage.mapped / 1024
    inUseKB = usage.inUse / 1024
    freeKB = usage.free / 1024
  }

  static let header =
    "heap: polls, VmRSS KB, RssAnon KB, malloc arena KB, mmap'd KB, in use KB, free KB, test server's caches KB"

  func line(polls: Int) -> String {
    "heap: \(polls), \(residentKB), \(anonymousKB), \(arenaKB), \(mappedKB), \(inUseKB), \(freeKB)"
  }
}

import FoundationEssentials
import ImageCache
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache folder: where it is, whether this process can write it, room on its disk, its size against the limit
/// and a quick check of its index (SQLite's `quick_check`, not `verify`'s read of every entry).
enum DoctorCacheChecks {
  static func findings(_ context: DoctorContext) -> [DoctorFinding] {
    let configuration: ImageManager.Configuration
    do {
      configuration = try context.cache.configuration(environment: context.environment)
    } catch {
      return [
        DoctorFinding(
          "cache", "settings", .problem, error.description, action: "fix the option or variable it names")
      ]
    }
    guard let folder = configuration.cacheDirectory else { return [] }
    var findings = [DoctorFinding("cache", "folder", .ok, folder.path)]
    let exists = FileManager.default.fileExists(atPath: folder.path)
    let writable = writeProblem(folder)
    if let writable {
      findings.append(
        DoctorFinding(
          "cache", "writable", .problem,
          "cannot write in \(exists ? folder.path : nearestExisting(folder).path): \(writable)",
          action: "make it writable, or pick another folder with --cache-dir or IMGCACHE_DIR"))
    } else {
      findings.append(
        DoctorFinding("cache", "writable", .ok, exists ? "yes" : "does not exist yet; it will be made on first use"))
    }
    if let free = freeBytes(nearestExisting(folder)) {
      let text = "\(ByteSize.format(free)) free on its disk"
      findings.append(
        free >= configuration.maxDiskBytes
          ? DoctorFinding("cache", "free space", .ok, text)
          : DoctorFinding(
            "cache", "free space", .note, text + ", less than the \(ByteSize.format(configuration.maxDiskBytes)) limit",
            action: "free some space or lower --max-disk"))
    }
    findings += index(folder, maxBytes: configuration.maxDiskBytes, writable: writable == nil)
    return findings
  }

  /// Its size against the limit and `quick_check`, through the disk store; nothing to open in an empty cache.
  static func index(_ folder: URL, maxBytes: Int, writable: Bool) -> [DoctorFinding] {
    guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("cache.sqlite").path) else {
      return [DoctorFinding("cache", "index", .ok, "none yet (an empty cache)")]
    }
    guard writable else {
      return [DoctorFinding("cache", "index", .note, "not checked: the folder cannot be written, so not opened")]
    }
    do {
      let disk = try DiskStore(directory: folder, maxBytes: maxBytes)
      defer { try? disk.close() }
      let statistics = try disk.statistics()
      var findings = [
        DoctorFinding(
          "cache", "size", .ok,
          "\(ByteSize.format(statistics.totalBytes)) of \(ByteSize.format(statistics.maxBytes)) in "
            + "\(statistics.entryCount) entries")
      ]
      let check = try disk.quickCheck()
      findings.append(
        check == ["ok"]
          ? DoctorFinding("cache", "index", .ok, "quick_check ok")
          : DoctorFinding(
            "cache", "index", .problem, "quick_check: " + check.prefix(3).joined(separator: "; "),
            action: "run `imgcache verify --fix`, or `imgcache clear` to start over"))
      return findings
    } catch {
      return [
        DoctorFinding(
          "cache", "index", .problem, "cannot open it: \(error)",
          action: "run `imgcache verify --fix`, or `imgcache clear` to start over")
      ]
    }
  }

  /// Why nothing can be made in `folder` (or, while it does not exist, in its nearest existing parent), found by
  /// making and removing a file there: asking `access(2)` would say yes to root on a folder no one can write.
  static func writeProblem(_ folder: URL) -> String? {
    let existing = nearestExisting(folder)
    let probe = existing.appendingPathComponent(".imgcache-doctor-\(getpid())")
    let descriptor = open(probe.path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    close(descriptor)
    unlink(probe.path)
    return nil
  }

  static func nearestExisting(_ folder: URL) -> URL {
    var candidate = folder
    while !FileManager.default.fileExists(atPath: candidate.path), candidate.path != "/" {
      candidate = candidate.deletingLastPathComponent()
    }
    return candidate
  }

  static func freeBytes(_ folder: URL) -> Int? {
    var stats = statvfs()
    guard statvfs(folder.path, &stats) == 0 else { return nil }
    return Int(stats.f_bavail) * Int(stats.f_frsize)
  }
}

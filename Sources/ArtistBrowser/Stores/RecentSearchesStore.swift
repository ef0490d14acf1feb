import FoundationEssentials
import ImageCacheSupport
import Synchronization

/// The queries the user searched for, most recent first, offered as suggestions.
protocol RecentSearchesStore: Sendable {
  func recentSearches() async throws -> [String]
  /// Moves `query` to the front (case-insensitive duplicates collapse), keeping at most the store's capacity.
  func record(_ query: String) async throws
}

/// The list rule both implementations share, kept in one place so they cannot drift apart.
enum RecentSearchesList {
  static func recording(_ query: String, into list: [String], capacity: Int) -> [String] {
    let trimmed = String(query.trimmingWhitespace())
    guard !trimmed.isEmpty else { return list }
    let others = list.filter { $0.lowercased() != trimmed.lowercased() }
    return Array(([trimmed] + others).prefix(max(0, capacity)))
  }
}

final class InMemoryRecentSearchesStore: RecentSearchesStore {
  private let searches: Mutex<[String]>
  private let capacity: Int

  init(_ initial: [String] = [], capacity: Int = 10) {
    self.capacity = capacity
    searches = Mutex(Array(initial.prefix(capacity)))
  }

  func recentSearches() async throws -> [String] { searches.withLock { $0 } }

  func record(_ query: String) async throws {
    searches.withLock { $0 = RecentSearchesList.recording(query, into: $0, capacity: capacity) }
  }
}

/// Recent searches persisted as a JSON array of strings, so they survive restarts.
/// A missing file reads as no searches; a corrupt one too (it is only a convenience), and is overwritten on record.
final class JSONFileRecentSearchesStore: RecentSearchesStore {
  let fileURL: URL
  private let capacity: Int
  /// Serialises read-modify-write so two records can't lose one another.
  private let fileLock = Mutex(())

  init(fileURL: URL, capacity: Int = 10) {
    self.fileURL = fileURL
    self.capacity = capacity
  }

  func recentSearches() async throws -> [String] {
    fileLock.withLock { _ in load() }
  }

  func record(_ query: String) async throws {
    try fileLock.withLock { _ in
      let updated = RecentSearchesList.recording(query, into: load(), capacity: capacity)
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      try JSONEncoder().encode(updated).write(to: fileURL, options: .atomic)
    }
  }

  private func load() -> [String] {
    guard let data = try? Data(contentsOf: fileURL),
      let list = try? JSONDecoder().decode([String].self, from: data)
    else { return [] }
    return Array(list.prefix(capacity))
  }
}

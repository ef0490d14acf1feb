import FoundationEssentials
import LastFM
import Synchronization

/// Metadata answers kept for one session only: the demo catalog's. Its answers are generated in-process and
/// their image URLs name this run's server port, so keeping them on disk would only serve dead links later
/// (and would mix fictional answers into Last.fm's, since cache keys don't name the server).
final class SessionMetadataStore: MetadataStoring {
  private let answers = Mutex<[String: StoredAnswer]>([:])

  func storedAnswer(for key: String) async -> StoredAnswer? {
    answers.withLock { $0[key] }
  }

  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    answers.withLock { $0[key] = StoredAnswer(body: body, storedAt: date) }
  }
}

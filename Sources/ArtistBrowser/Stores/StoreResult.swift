import FoundationEssentials

/// Where a result came from; shown in the status line so the user knows what they are looking at.
enum DataSource: String, Codable, CaseIterable {
  case lastFM
  case demoCatalog
  case offlineCache

  var displayName: String {
    switch self {
    case .lastFM: "Last.fm"
    case .demoCatalog: "demo catalog"
    case .offlineCache: "offline cache"
    }
  }
}

/// A store answer plus its provenance: `isStale` when served from a cache past its freshness.
struct StoreResult<Value> {
  var value: Value
  var source: DataSource
  var isStale: Bool

  init(_ value: Value, source: DataSource, isStale: Bool = false) {
    self.value = value
    self.source = source
    self.isStale = isStale
  }
}

/// Whether a read may be answered from the metadata cache (`r` asks for `.reload`).
enum CachePolicy: Equatable {
  case useCache
  case reload
}

/// The failures a store reports; every one of them ends up as a one-line message, never a crash.
enum StoreError: Error, Equatable {
  case notFound(name: String, suggestions: [String])
  case invalidAPIKey
  case networkFailed(reason: String)
  case offlineNotCached
  /// The catalog refused with a sentence of its own that says it all (a listener unknown or private).
  case unavailable(String)
  case unexpected(String)

  /// Maps anything thrown by a store (adapters may leak their own errors) onto the browser's vocabulary.
  init(_ error: any Error) {
    if let storeError = error as? StoreError {
      self = storeError
    } else {
      self = .unexpected(String(describing: error))
    }
  }
}

extension DataSource: Sendable {}
extension StoreResult: Sendable where Value: Sendable {}
extension StoreResult: Equatable where Value: Equatable {}
extension CachePolicy: Sendable {}
extension StoreError: Sendable {}

/// What the network side did, for summaries and tests.
public struct NetworkStatistics: Equatable {
  /// Responses with new bytes.
  public var downloads = 0
  /// Stale copies the server confirmed with 304 Not Modified.
  public var revalidated = 0
  /// Stale copies served because the network failed.
  public var staleServed = 0
  /// Requests that failed.
  public var failures = 0
  /// Body bytes received.
  public var bytesDownloaded = 0
}

/// What the manager counts behind `ImageManager.networkStatistics`, and whether it has reported a store failure.
struct NetworkCounters {
  var snapshot = NetworkStatistics()
  var storeFailureReported = false
}

extension NetworkStatistics: Sendable {}

import FoundationEssentials

/// Progress of a prefetch, reported after every URL settles.
public struct PrefetchProgress {
  /// URLs in the prefetch.
  public var total: Int
  /// URLs settled so far, failed ones included.
  public var completed: Int
  /// URLs that failed so far.
  public var failed: Int
  /// Bytes that came over the network so far.
  public var bytesDownloaded: Int
  /// Time since the prefetch started.
  public var elapsed: Duration
}

/// What a prefetch did, URL by URL summed up.
public struct PrefetchReport: Codable, Equatable {
  /// One URL that failed, and why.
  public struct Failure: Codable, Equatable {
    /// The URL, without its query (it may carry keys).
    public var url: String
    /// What went wrong, in one line.
    public var message: String

    /// A failure of `url` with `message`.
    public init(url: String, message: String) {
      self.url = url
      self.message = message
    }
  }

  /// URLs asked for.
  public var total = 0
  /// URLs whose bytes came over the network.
  public var fetched = 0
  /// Answered by memory or disk without asking the network.
  public var alreadyFresh = 0
  /// Stale copies the server confirmed with 304 Not Modified.
  public var revalidated = 0
  /// Served from a stale copy because the network failed.
  public var stale = 0
  /// URLs that failed.
  public var failed = 0
  /// Body bytes received.
  public var bytesDownloaded = 0
  /// How long the prefetch took.
  public var seconds = 0.0
  /// Whether the prefetch was cancelled before every URL settled.
  public var cancelled = false
  /// Each failed URL and why.
  public var failures: [Failure] = []
}

extension PrefetchReport {
  mutating func record(_ url: URL, _ outcome: Result<DataResult, ImageManagerError>) {
    switch outcome {
    case .success(let result):
      switch result.tier {
      case .network:
        fetched += 1
        bytesDownloaded += result.byteCount
      case .revalidated: revalidated += 1
      case .memory: alreadyFresh += 1
      case .disk where !result.isStale: alreadyFresh += 1
      case .disk: stale += 1
      }
    case .failure(.cancelled):
      cancelled = true
    case .failure(let error):
      failed += 1
      failures.append(Failure(url: ImageManagerError.redacted(url), message: error.description))
    }
  }
}

extension PrefetchProgress: Sendable {}
extension PrefetchReport: Sendable {}
extension PrefetchReport.Failure: Sendable {}

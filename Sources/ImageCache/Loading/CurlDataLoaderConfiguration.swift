import FoundationEssentials

extension CurlDataLoader {
  /// Tuning for the shared libcurl multi handle and the rules applied to every transfer.
  ///
  /// Proxies: libcurl's default handling of the `http_proxy`, `https_proxy` (and upper-case variants) and
  /// `no_proxy` environment variables is left in place on purpose, so the loader behaves like `curl` in the
  /// same shell.
  public struct Configuration: Equatable {
    /// Bound on connections across all hosts (CURLMOPT_MAX_TOTAL_CONNECTIONS); extra transfers wait, they don't fail.
    public var maxConcurrentTransfers: Int
    /// Bound on connections to one host (CURLMOPT_MAX_HOST_CONNECTIONS); extra transfers wait for a free one.
    public var maxConnectionsPerHost: Int
    /// How long connecting (DNS, TCP and TLS) may take before the transfer fails as `.timedOut`.
    public var connectTimeout: Duration
    /// A transfer receiving less than 1 byte/s for this long is aborted as `.timedOut` (libcurl's low-speed limit).
    /// Whole seconds, at least 1.
    public var stallTimeout: Duration
    /// The longest one transfer may take in all, redirects included (CURLOPT_TIMEOUT_MS), however steadily the bytes
    /// arrive: a server dripping a few bytes a second stays above the stall limit for ever. Past it the transfer
    /// fails as `.timedOut`, naming this limit, and is retried like any timeout. The default, 60 s, brings a 20 MB
    /// image (the body cap) over a 3 Mbit/s link.
    public var transferTimeout: Duration
    /// Redirects followed at most; one more fails as `.tooManyRedirects`.
    public var maxRedirects: Int
    /// The `User-Agent` header sent with every request.
    public var userAgent: String
    /// Let libcurl print its protocol trace to stderr.
    public var verbose: Bool
    /// PEM file of CA certificates to trust for https (CURLOPT_CAINFO), in place of libcurl's default bundle file;
    /// `nil` keeps the default. libcurl's CA directory (CURLOPT_CAPATH, /etc/ssl/certs in Debian's build) still
    /// applies. Made for private CAs (a company proxy, a test server): peer and host verification stay on whatever
    /// this says, and there is no switch to turn them off. A file libcurl cannot read makes every https transfer
    /// fail with `TransferError.tls`.
    public var caBundlePath: String?

    /// A configuration with the given rules; the defaults suit thumbnails.
    public init(
      maxConcurrentTransfers: Int = 16,
      maxConnectionsPerHost: Int = 6,
      connectTimeout: Duration = .seconds(10),
      stallTimeout: Duration = .seconds(15),
      transferTimeout: Duration = .seconds(60),
      maxRedirects: Int = 5,
      userAgent: String = "imgcache/\(ImageCacheVersion.string)",
      verbose: Bool = false,
      caBundlePath: String? = nil
    ) {
      self.maxConcurrentTransfers = maxConcurrentTransfers
      self.maxConnectionsPerHost = maxConnectionsPerHost
      self.connectTimeout = connectTimeout
      self.stallTimeout = stallTimeout
      self.transferTimeout = transferTimeout
      self.maxRedirects = maxRedirects
      self.userAgent = userAgent
      self.verbose = verbose
      self.caBundlePath = caBundlePath
    }
  }

  /// Running totals since the loader was created; read them as deltas around the work you measure.
  public struct Metrics: Equatable {
    /// Transfers handed to libcurl (requests with an unsupported scheme are not counted).
    public var requests: Int = 0
    /// Body bytes delivered to callers (after content decoding).
    public var bytesReceived: Int = 0
    /// New connections libcurl had to open (CURLINFO_NUM_CONNECTS summed); reused connections add nothing.
    public var connectionsMade: Int = 0

    /// Totals with the given figures.
    public init(requests: Int = 0, bytesReceived: Int = 0, connectionsMade: Int = 0) {
      self.requests = requests
      self.bytesReceived = bytesReceived
      self.connectionsMade = connectionsMade
    }
  }
}

extension CurlDataLoader.Configuration: Sendable {}
extension CurlDataLoader.Metrics: Sendable {}

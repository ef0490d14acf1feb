import FoundationEssentials
import Logging
import Synchronization

/// Sends image requests through a shared HTTP cache (`ImageManager.Configuration.sharedCache`), falling back to
/// the origins whenever the shared cache cannot serve.
///
/// An image `SCHEME://HOST[:PORT]/PATH?QUERY` is requested as `SHARED/SCHEME/HOST[:PORT]/PATH?QUERY`, with the same
/// headers (validators included), so the shared cache can key, fetch and revalidate it (deploy/nginx-shared-cache.conf
/// is such a cache). Responses come back under the original URL; what the manager stores, keys and reports is
/// unchanged.
///
/// - Unreachable (any transport failure but a cancellation or an oversized body) or a 5xx answer: the request goes
///   to its origin at once, and so do all requests for `retryDelay`; then one request tries the shared cache again
///   while the others keep going direct. One warning per outage, not one per image, and a note when it answers again.
/// - A 403 carrying `X-Shared-Cache-Refused` (the cache's "origin not listed"): that origin's images are fetched
///   directly for the rest of the process, said once per origin at info level. Any other status is the image's
///   answer, as the origin gave it to the cache.
/// - Never through the shared cache: URLs with a user name or password, or with a query parameter that
///   `CredentialParameters` calls a credential. The shared cache would keep one user's secret in its logs and keys
///   and serve what it unlocked to everyone.
final class SharedCacheDataLoader: DataLoading {
  let base: any DataLoading
  /// The shared cache's address without a trailing slash.
  let prefix: String
  let credentials: CredentialParameters
  let retryDelay: Duration
  /// The shared cache as log lines name it.
  private let shownAddress: String
  private let logger: Logger
  private let now: @Sendable () -> ContinuousClock.Instant
  private let state = Mutex(State())

  /// The header the shipped nginx configuration sets on its refusal of an origin it does not list.
  static let refusalHeader = "x-shared-cache-refused"

  private struct State {
    /// Set while the shared cache is out: until then requests go direct; the first after it probes.
    var downUntil: ContinuousClock.Instant?
    /// Origins (`scheme://authority`) the shared cache refused to fetch.
    var refusedOrigins: Set<String> = []
  }

  /// `sharedCache` must have passed `ImageManager.Configuration.sharedCacheProblem`.
  init(
    wrapping base: any DataLoading, sharedCache: URL, credentials: CredentialParameters = .default,
    retryDelay: Duration = .seconds(30), logger: Logger,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.base = base
    var text = sharedCache.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    self.prefix = text
    self.shownAddress = ImageManagerError.redacted(sharedCache)
    self.credentials = credentials
    self.retryDelay = retryDelay
    self.logger = logger
    self.now = now
  }

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    guard let route = Route(request.url, credentials: credentials), let (routed, isProbe) = admit(request, route)
    else {
      return try await base.load(request)
    }
    let outcome: Result<DataResponse, TransferError>
    do {
      outcome = .success(try await base.load(routed))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .failure(.cancelled): throw .cancelled
    case .failure(.bodyTooLarge(let limit)): throw .bodyTooLarge(limit: limit)  // the origin's body would be too
    case .failure(let error): markDown("unreachable (\(error))")
    case .success(let response) where response.statusCode >= 500:
      markDown("answered HTTP \(response.statusCode)")
    case .success(let response) where Self.isRefusal(response):
      markRefused(route.origin)
    case .success(var response):
      if isProbe { markUp() }
      if response.effectiveURL != routed.url {  // redirected: somewhere else, named as the origin's URL
        response.effectiveURL = originalURL(of: response.effectiveURL) ?? response.effectiveURL
      } else {
        response.effectiveURL = request.url
      }
      return response
    }
    return try await base.load(request)
  }

  /// The request to send to the shared cache, and whether it probes a shared cache that was out; nil when this
  /// one goes to its origin.
  private func admit(_ request: DataRequest, _ route: Route) -> (DataRequest, isProbe: Bool)? {
    guard let url = URL(string: prefix + route.path) else { return nil }
    let current = now()
    let admitted = state.withLock { state -> Bool? in
      if state.refusedOrigins.contains(route.origin) { return nil }
      guard let until = state.downUntil else { return false }
      guard current >= until else { return nil }
      state.downUntil = current + retryDelay  // this request probes; the others keep going direct meanwhile
      return true
    }
    guard let isProbe = admitted else { return nil }
    var routed = request
    routed.url = url
    return (routed, isProbe)
  }

  private func markDown(_ reason: String) {
    let current = now()
    let isNewOutage = state.withLock { state in
      defer { state.downUntil = current + retryDelay }
      return state.downUntil == nil
    }
    let message: Logger.Message = "shared cache \(shownAddress) \(reason); fetching from origins"
    if isNewOutage {
      logger.warning(message)
    } else {
      logger.debug(message)
    }
  }

  /// Only a probe's answer ends an outage: a request sent before the outage began may still succeed after it.
  private func markUp() {
    let wasDown = state.withLock { state in
      defer { state.downUntil = nil }
      return state.downUntil != nil
    }
    if wasDown { logger.notice("shared cache \(shownAddress) answers again") }
  }

  private func markRefused(_ origin: String) {
    let isNew = state.withLock { $0.refusedOrigins.insert(origin).inserted }
    if isNew {
      logger.info(
        "shared cache \(shownAddress) does not list \(origin); fetching its images from the origin"
      )
    }
  }

  private static func isRefusal(_ response: DataResponse) -> Bool {
    response.statusCode == 403 && response.header(refusalHeader) != nil
  }

  /// `SHARED/SCHEME/AUTHORITY/REST` back to `SCHEME://AUTHORITY/REST` (a redirect the shared cache followed for
  /// the origin); nil for an address outside the shared cache.
  private func originalURL(of url: URL) -> URL? {
    let text = url.absoluteString
    guard text.hasPrefix(prefix + "/") else { return nil }
    let path = text.dropFirst(prefix.count + 1)
    guard let slash = path.firstIndex(of: "/") else { return nil }
    return URL(string: path[..<slash] + ":/" + path[slash...])
  }
}

extension SharedCacheDataLoader {
  /// Where an origin URL goes under the shared cache: `/SCHEME/AUTHORITY/PATH?QUERY`.
  struct Route {
    /// `scheme://authority`, lower-cased: what the shared cache lists, and refuses.
    let origin: String
    /// `/scheme/authority/path?query`, the path kept exactly as given (percent escapes and all).
    let path: String

    /// Nil for URLs that must not go through the shared cache: not http(s), with user info, or with credentials in
    /// the query.
    init?(_ url: URL, credentials: CredentialParameters) {
      guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
      var text = Substring(url.absoluteString)
      if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
      guard let start = text.firstRange(of: "://")?.upperBound else { return nil }
      let rest = text[start...]
      let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
      let authority = rest[..<authorityEnd].lowercased()
      guard !authority.isEmpty, !authority.contains("@") else { return nil }
      if let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems {
        let secret = credentials.names(forHost: url.host)
        guard !query.contains(where: { secret.contains($0.name.lowercased()) }) else { return nil }
      }
      var tail = String(rest[authorityEnd...])
      if !tail.hasPrefix("/") { tail = "/" + tail }
      origin = "\(scheme)://\(authority)"
      path = "/\(scheme)/\(authority)\(tail)"
    }
  }
}

extension SharedCacheDataLoader: Sendable {}

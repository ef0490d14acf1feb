import ImageCache

/// Everything that can go wrong talking to Last.fm. Descriptions are one line and never contain the API key:
/// URLs are passed through `Redaction` before they get here.
public enum LastFMError: Error, Equatable {
  /// Last.fm error 6. `what` names the thing ("artist "Cher""); suggestions come from `artist.search`.
  case notFound(what: String, suggestions: [String])
  /// Errors 10 (invalid key) and 26 (suspended key), or no key configured for the real API.
  case invalidAPIKey
  /// Error 29, still after backing off and retrying.
  case rateLimited
  /// Errors 8, 11, 16 or HTTP 5xx, still after retrying. `detail` says which.
  case temporarilyUnavailable(detail: String)
  /// Any other Last.fm error code.
  case api(code: Int, message: String)
  /// Not the JSON we expect: an HTML page, truncated JSON, missing fields.
  case malformedResponse(detail: String)
  /// A non-2xx answer without a Last.fm error payload.
  case unexpectedStatus(code: Int, url: String)
  /// The transfer failed before an HTTP answer arrived.
  case transport(TransferError)
  /// `.offline` policy and nothing stored for this request.
  case notCachedOffline(what: String)
  /// Error 6 for a `user.*` method: no such listener.
  case unknownUser(String)
  /// Error 17 for a `user.*` method: the listener hides their listening.
  case privateProfile(user: String)

  public static let apiKeyHelp =
    "set LASTFM_API_KEY or pass --api-key; get one at https://www.last.fm/api/account/create"
}

extension LastFMError: CustomStringConvertible {
  public var description: String { description(service: "Last.fm") }

  /// The one-line description naming `service` as the one that failed ("the demo catalog" for the embedded
  /// server, whose errors are not Last.fm's).
  public func description(service: String) -> String {
    let text =
      switch self {
      case .notFound(let what, let suggestions) where suggestions.isEmpty: "\(service) has no \(what)"
      case .notFound(let what, let suggestions):
        "\(service) has no \(what); did you mean: \(suggestions.joined(separator: ", "))?"
      case .invalidAPIKey: "Last.fm refused the API key (missing, invalid or suspended): \(Self.apiKeyHelp)"
      case .rateLimited: "\(service) rate limit exceeded (error 29); try again in a minute"
      case .temporarilyUnavailable(let detail): "\(service) is temporarily unavailable (\(detail)); try again later"
      case .api(let code, let message): "\(service) error \(code): \(message)"
      case .malformedResponse(let detail): "unexpected answer from \(service): \(detail)"
      case .unexpectedStatus(let code, let url): "\(service) answered HTTP \(code) for \(url)"
      // An answer that arrived but cannot be used is not a server out of reach.
      case .transport(.bodyTooLarge(let limit)):
        "\(service) sent an answer larger than \(Self.size(limit)), more than any of its answers should be; check the "
          + "API base, or try again later"
      case .transport(.undecodableBody(let detail)): "could not decode the answer from \(service): \(detail)"
      case .transport(let error): "could not reach \(service): \(error)"
      case .notCachedOffline(let what): "offline and \(what) is not in the metadata cache"
      case .unknownUser(let name): "\(service) has no user \"\(name)\"; check the spelling"
      case .privateProfile(let name): "\(name) hides their listening on \(service)"
      }
    // One line, whatever the server put in its message.
    return Redaction.redact(text).replacing("\n", with: " ")
  }

  /// 20 MB for the default cap (binary megabytes, as `--max-body` reads them); bytes below one.
  private static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
  }
}

extension LastFMError: Sendable {}

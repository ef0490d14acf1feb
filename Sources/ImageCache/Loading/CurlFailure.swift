import CCurlShims
import FoundationEssentials
internal import ImageCacheSupport

/// What libcurl told us about a failed transfer, turned into a `TransferError` whose message is safe to log.
struct CurlFailure {
  let code: CURLcode
  /// The URL the caller asked for; whoever reports the failure names it already.
  let requestURL: String
  /// The URL being fetched when it failed (after redirects).
  let url: String
  /// Where libcurl would have gone next, when the failure is about a redirect.
  let redirectTarget: String?
  /// libcurl's CURLOPT_ERRORBUFFER text.
  let detail: String
  let exceededBodyCap: Bool
  let bodyLimit: Int

  var transferError: TransferError {
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .unsupportedScheme(url: URLRedaction.redact(redirectTarget ?? url))
    case CURLE_URL_MALFORMAT:
      return .invalidURL(URLRedaction.redact(url))
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .couldNotResolveHost(message)
    case CURLE_COULDNT_CONNECT:
      return .couldNotConnect(message)
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(message)
    case CURLE_TOO_MANY_REDIRECTS:
      return .tooManyRedirects(message)
    case CURLE_FILESIZE_EXCEEDED:
      return .bodyTooLarge(limit: bodyLimit)
    case CURLE_WRITE_ERROR where exceededBodyCap:
      return .bodyTooLarge(limit: bodyLimit)
    case CURLE_ABORTED_BY_CALLBACK:
      return .cancelled
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_HTTP2,
      CURLE_HTTP2_STREAM, CURLE_WEIRD_SERVER_REPLY:
      return .interrupted(message)
    case CURLE_BAD_CONTENT_ENCODING:
      return .undecodableBody(message)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      return .tls(message)
    default:
      return .other("curl error \(code.rawValue): \(message)")
    }
  }

  /// libcurl's explanation, with any URL inside it redacted. The URL asked for is not repeated: the caller's
  /// message names it. Only where a redirect led elsewhere does the explanation start with that other URL.
  private var message: String {
    let explanation = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    let scrubbed = explanation.split(separator: " ", omittingEmptySubsequences: false)
      .map { $0.contains("://") ? URLRedaction.redact(String($0)) : String($0) }
      .joined(separator: " ")
    let trimmed = String(scrubbed.trimmingWhitespace())
    return isRequestURL(url) ? trimmed : "\(URLRedaction.redact(url)): \(trimmed)"
  }

  /// libcurl's effective URL is the one asked for, give or take the "/" it adds to an empty path.
  private func isRequestURL(_ effective: String) -> Bool {
    let asked = URLRedaction.redact(requestURL).lowercased()
    let failed = URLRedaction.redact(effective).lowercased()
    return asked == failed || asked + "/" == failed
  }
}

/// Strips what may carry secrets from URLs before they reach an error message or a log: the query (Last.fm API keys
/// travel there), the fragment and any user:password.
enum URLRedaction {
  static func redact(_ url: String) -> String {
    var text = url
    if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
    if let schemeEnd = text.firstRange(of: "://") {
      let authorityEnd = text[schemeEnd.upperBound...].firstIndex(of: "/") ?? text.endIndex
      if let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") {
        text.removeSubrange(schemeEnd.upperBound...at)
      }
    }
    return text
  }
}

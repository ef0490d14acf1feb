import FoundationEssentials
import ImageCache

/// Keeps the API key out of anything a person or a file may see.
enum Redaction {
  static let placeholder = "REDACTED"

  /// Replaces the value of every `api_key=` query parameter.
  static func redact(_ text: String) -> String {
    guard text.contains("api_key") else { return text }
    return text.replacing(apiKeyParameter) { _ in "api_key=\(placeholder)" }
  }

  /// `redact`, plus any literal occurrence of `key` (a transport message may quote it outside a URL).
  static func redact(_ text: String, key: String?) -> String {
    var result = redact(text)
    if let key, !key.isEmpty { result = result.replacing(key, with: placeholder) }
    return result
  }

  static func redact(_ url: URL, key: String?) -> String { redact(url.absoluteString, key: key) }

  /// The same error with every message passed through `redact`.
  static func redact(_ error: TransferError, key: String?) -> TransferError {
    let clean = { (text: String) in redact(text, key: key) }
    return switch error {
    case .unsupportedScheme(let url): .unsupportedScheme(url: clean(url))
    case .invalidURL(let url): .invalidURL(clean(url))
    case .couldNotResolveHost(let m): .couldNotResolveHost(clean(m))
    case .couldNotConnect(let m): .couldNotConnect(clean(m))
    case .timedOut(let m): .timedOut(clean(m))
    case .tooManyRedirects(let m): .tooManyRedirects(clean(m))
    case .interrupted(let m): .interrupted(clean(m))
    case .undecodableBody(let m): .undecodableBody(clean(m))
    case .tls(let m): .tls(clean(m))
    case .other(let m): .other(clean(m))
    case .bodyTooLarge, .cancelled: error
    }
  }

  private static var apiKeyParameter: Regex<AnyRegexOutput> { try! Regex(#"api_key=[^&\s"'<>]*"#) }
}

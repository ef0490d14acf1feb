import ImageCache
import ImageCacheSupport

/// What one HTTP exchange means for the retry loop.
enum AttemptOutcome: Equatable {
  /// A usable JSON answer: its bytes and the document parsed from them (parsed once: decoding reads the same
  /// document the check read, which halved the parsing of a sync's pages).
  case success([UInt8], JSONValue)
  /// Worth retrying; `error` is what the caller gets once tries run out.
  case retry(error: LastFMError, rateLimited: Bool)
  case failure(LastFMError)
}

/// Maps Last.fm's ways of failing (error payloads with HTTP 200 or 4xx, 5xx, HTML pages) to outcomes.
enum ResponseClassifier {
  /// `redactedURL` is only worked out for an answer that needs it: redacting runs a regular expression, a few
  /// percent of a sync's time when every request paid for it.
  static func classify(
    _ response: DataResponse, request: LastFMRequest, redactedURL: @autoclosure () -> String
  ) -> AttemptOutcome {
    let json = JSONValue.parse(response.body)
    if let json, let code = json["error"].int {
      return classifyErrorPayload(code: code, message: json["message"].string ?? "", request: request)
    }
    let status = response.statusCode
    if status == 429 { return .retry(error: .rateLimited, rateLimited: true) }
    if status >= 500 { return .retry(error: .temporarilyUnavailable(detail: "HTTP \(status)"), rateLimited: false) }
    guard (200..<300).contains(status) else { return .failure(.unexpectedStatus(code: status, url: redactedURL())) }
    guard let json, json.isObject else {
      let kind = response.header("content-type").map { " (\($0))" } ?? ""
      return .failure(.malformedResponse(detail: "\(request.method) answer is not JSON\(kind): \(snippet(response))"))
    }
    return .success(response.body, json)
  }

  static func classifyErrorPayload(code: Int, message: String, request: LastFMRequest) -> AttemptOutcome {
    switch code {
    case 6 where request.user != nil: .failure(.unknownUser(request.user!))
    case 17 where request.user != nil: .failure(.privateProfile(user: request.user!))
    case 6: .failure(.notFound(what: request.subject, suggestions: []))
    case 10, 26: .failure(.invalidAPIKey)
    case 29: .retry(error: .rateLimited, rateLimited: true)
    case 8, 11, 16:
      .retry(error: .temporarilyUnavailable(detail: "error \(code): \(message)"), rateLimited: false)
    default: .failure(.api(code: code, message: message))
    }
  }

  static func classify(_ error: TransferError, apiKey: String?) -> AttemptOutcome {
    let clean = Redaction.redact(error, key: apiKey)
    return error.isTransient ? .retry(error: .transport(clean), rateLimited: false) : .failure(.transport(clean))
  }

  /// The first characters of a body, on one line, to show what came instead of JSON.
  private static func snippet(_ response: DataResponse) -> String {
    let text = String(decoding: response.body.prefix(60), as: UTF8.self)
      .split(whereSeparator: \.isNewline).joined(separator: " ")
      .trimmingWhitespace()
    return text.isEmpty ? "empty body" : "\"\(text)\(response.body.count > 60 ? "…" : "")\""
  }
}

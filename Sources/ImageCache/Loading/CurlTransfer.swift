import CCurlShims
import FoundationEssentials
internal import ImageCacheSupport

/// One easy handle and the response it accumulates. Created, driven and destroyed on the loop thread only.
final class CurlTransfer {
  let ticket: TransferTicket
  let easy: UnsafeMutableRawPointer
  private let request: DataRequest
  /// Called on every body chunk with (chunk size, total so far, declared length), for metrics and progress.
  private let onBytes: (Int, Int, Int?) -> Void
  private var body: [UInt8] = []
  /// Where a 2xx body goes instead of `body` when the request asks (`DataRequest.bodyFiles`): opened at its first
  /// chunk, so an error page, a redirect or a transfer that fails before any byte arrives opens none.
  private var bodyFile: StreamedBlob?
  /// Body bytes received, in memory or in the file.
  private var received = 0
  private var headers: [String: String] = [:]
  /// The body length the response declared, when it counts the bytes received: its `Content-Length`, unless a
  /// content encoding makes that the length of the encoded bytes, which libcurl decodes before we see them.
  /// Worked out once, at the first body chunk (the headers are complete by then), not at every chunk.
  private lazy var declaredLength: Int? = {
    guard let length = headers["content-length"].flatMap({ Int($0) }), length >= 0 else { return nil }
    if let encoding = headers["content-encoding"], encoding.lowercased() != "identity" { return nil }
    return length
  }()
  /// Set when the write callback refused a chunk because the body crossed `maxBodyBytes`.
  private var exceededBodyCap = false
  private var requestHeaders: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var isCleanedUp = false
  /// When libcurl was handed the transfer, so a timeout can be told apart: the whole-transfer deadline, or a stall.
  private let started = ContinuousClock.now
  private let transferTimeout: Duration

  init(
    ticket: TransferTicket, request: DataRequest, configuration: CurlDataLoader.Configuration,
    onBytes: @escaping (Int, Int, Int?) -> Void
  ) {
    guard let easy = curl_easy_init() else { fatalError("curl_easy_init failed") }
    self.ticket = ticket
    self.easy = easy
    self.request = request
    self.onBytes = onBytes
    self.transferTimeout = configuration.transferTimeout
    let errorSize = ccurl_error_size()
    errorBuffer = .allocate(capacity: errorSize)
    errorBuffer.initialize(repeating: 0, count: errorSize)
    configure(configuration)
  }

  private func configure(_ configuration: CurlDataLoader.Configuration) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
    ccurl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
    ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
    ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    ccurl_easy_setopt_long(easy, CURLOPT_VERBOSE, configuration.verbose ? 1 : 0)

    // Only http(s), also for every redirect hop: a Location to file://, ftp://, gopher:// fails before any I/O.
    // The library's version is checked before the first loop starts (7.85 or newer); a libcurl that still refused
    // these would follow a redirect to any scheme it knows, so that is a crash, not a warning.
    precondition(
      ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        && ccurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_OK,
      "libcurl refused the http/https-only protocol rule")
    ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
    ccurl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, configuration.maxRedirects)
    // libcurl takes http_proxy, HTTPS_PROXY and ALL_PROXY from the environment; this machine's loopback (the demo
    // catalog) is never behind one, whatever no_proxy says. Checked on every redirect hop too.
    ccurl_easy_setopt_string(easy, CURLOPT_NOPROXY, Self.noProxy)

    // Never turned off: a cache must not store what an attacker in the middle served.
    ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
    ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
    // Which CAs to trust is configurable (a private CA); whether to verify is not.
    if let caBundlePath = configuration.caBundlePath, !caBundlePath.isEmpty {
      ccurl_easy_setopt_string(easy, CURLOPT_CAINFO, caBundlePath)
    }
    // HTTP/2 via ALPN when the server offers it; the multi handle multiplexes streams over one connection.
    ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    ccurl_easy_setopt_long(easy, CURLOPT_SSL_ENABLE_ALPN, 1)
    if request.url.scheme?.lowercased() == "https" {
      // Prefer waiting for a multiplexable connection over opening a new one.
      ccurl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1)
    }
    // Empty string: offer every encoding this libcurl can decode (gzip, deflate, br, zstd...).
    ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
    ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)

    ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, Self.milliseconds(configuration.connectTimeout)))
    // Stall detection: below 1 byte/s for `stallTimeout` seconds aborts with CURLE_OPERATION_TIMEDOUT.
    ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
    ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(configuration.stallTimeout) / 1000))
    // The whole transfer, however steady: also CURLE_OPERATION_TIMEDOUT, told apart in `error(for:)`.
    ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(1, Self.milliseconds(configuration.transferTimeout)))
    // Refuses early when the server declares a too-large Content-Length; the write callback covers the rest.
    ccurl_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes))
    // libcurl's default 16 KB receive buffer takes five reads (and five write callbacks) per 70 KB thumbnail.
    ccurl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, Self.receiveBufferBytes)

    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      // A CR or LF would let a caller smuggle extra headers or a second request.
      guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
      requestHeaders = curl_slist_append(requestHeaders, "\(name): \(value)")
    }
    if let requestHeaders { ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, requestHeaders) }

    ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
    ccurl_easy_setopt_write_function(easy) { data, size, count, context in
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
    }
    ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
    ccurl_easy_setopt_header_function(easy) { data, size, count, context in
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
      return size * count
    }
  }

  /// The hosts reached directly: the user's `no_proxy` (which CURLOPT_NOPROXY replaces), plus loopback by name, by
  /// address and as 127.0.0.0/8 (libcurl 7.86 and newer match the range; older ones still match 127.0.0.1).
  static let noProxy: String = {
    let environment = ProcessInfo.processInfo.environment
    let user = String((environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").trimmingWhitespace())
    // "*" means no proxy for any host only when it is the whole list.
    if user == "*" { return user }
    return (["localhost", "127.0.0.1", "::1", "127.0.0.0/8"] + (user.isEmpty ? [] : [user])).joined(separator: ",")
  }()

  /// The one line a transfer past its deadline fails with (after "timed out: ").
  static func deadlineMessage(_ limit: Duration) -> String {
    let milliseconds = Self.milliseconds(limit)
    let shown = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    return "took longer than \(shown), the limit for one transfer; a slow link may need a longer --transfer-timeout"
  }

  /// What curl's command-line tool asks for (its `BUFFER_SIZE`); libcurl's default is 16 KB.
  static let receiveBufferBytes = 100 * 1024

  /// Whole milliseconds, rounded down, never negative (libcurl takes `long`s).
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  // MARK: - Callbacks

  /// Fields whose lines are combined rather than replaced; the ones the cache reads or a caller may. A switch over
  /// short literals, not a `Set`: this runs for every header line, and a set hashes the name first.
  static func isListField(_ name: String) -> Bool {
    switch name {
    case "cache-control", "pragma", "vary", "link", "warning": true
    default: false
    }
  }

  /// Returning less than the chunk size makes libcurl abort with CURLE_WRITE_ERROR.
  private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
    guard received + chunk.count <= request.maxBodyBytes else {
      exceededBodyCap = true
      return 0
    }
    if received == 0, let opener = request.bodyFiles, isSuccess { bodyFile = opener.open() }
    if let bodyFile, bodyFile.failure == nil {
      guard bodyFile.append(chunk) || keepInMemory(after: bodyFile, chunk) else { return 0 }
    } else {
      body.append(contentsOf: chunk)
    }
    received += chunk.count
    onBytes(chunk.count, received, declaredLength)
    return chunk.count
  }

  /// The file could not take a chunk (the disk is full): the body goes on in memory, so the download is not lost,
  /// and the store reports the file's failure. False if what the file holds cannot be read back.
  private func keepInMemory(after file: StreamedBlob, _ chunk: UnsafeRawBufferPointer) -> Bool {
    let written = file.contents()
    file.discard()
    guard let written else { return false }
    body = written
    body.append(contentsOf: chunk)
    return true
  }

  /// Whether the response the body belongs to has a 2xx status.
  private var isSuccess: Bool { (200..<300).contains(statusCode) }

  /// The last response's status so far (0 before one came).
  private var statusCode: Int {
    var status = 0
    ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    return status
  }

  /// The connections this transfer opened (0 when it reused one).
  private var connectionsOpened: Int {
    var connections = 0
    ccurl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connections)
    return connections
  }

  private func receiveHeaderLine(_ line: UnsafeRawBufferPointer) {
    switch HeaderLine(line) {
    case .statusLine:
      // Each response of a redirect chain (and any 1xx) starts with a status line: keep only the last one's headers.
      // Room for a typical response's fields, so the table is not rebuilt as it fills.
      headers = Dictionary(minimumCapacity: 12)
    case .field(let name, let value):
      // A list field sent over several lines means the lines joined with commas (RFC 9110 §5.3): a
      // `Cache-Control: no-store` line must not be lost to a later `Cache-Control: max-age=600`. Single-valued
      // fields (`Expires`, `ETag`) keep the last line.
      if Self.isListField(name), let earlier = headers[name] {
        headers[name] = earlier + ", " + value
      } else {
        headers[name] = value
      }
      // One allocation for the body instead of doubling as it streams in (never past the cap); none for a body
      // that goes to a file.
      if name == "content-length", request.bodyFiles == nil, let length = Int(value), length > 0, body.isEmpty {
        body.reserveCapacity(min(length, request.maxBodyBytes))
      }
    case .other:
      break
    }
  }

  // MARK: - Completion

  /// Resolves the caller with the response or the mapped error and frees the handle.
  /// Returns the number of new connections this transfer opened.
  @discardableResult
  func finish(result: CURLcode) -> Int {
    let connections = connectionsOpened
    let outcome: Result<DataResponse, TransferError>
    if result == CURLE_OK {
      var response = DataResponse(
        statusCode: statusCode, headers: headers, body: body, effectiveURL: effectiveURL ?? request.url)
      response.bodyFile = bodyFile
      outcome = .success(response)
    } else {
      outcome = .failure(error(for: result))
    }
    discard(outcome: outcome)
    return connections
  }

  /// Resolves the caller (unless it already was, e.g. by cancellation) and frees the handle.
  func discard(outcome: Result<DataResponse, TransferError>) {
    // A failed or cancelled transfer's file goes now, not when the last reference does.
    if case .failure = outcome { bodyFile?.discard() }
    bodyFile = nil
    ticket.finish(outcome)
    cleanUp()
  }

  /// Whether the finished transfer's answer is a 200 whose body, in memory, equals `previous`: a repeated poll's
  /// unchanged answer.
  func repeats(_ previous: [UInt8]) -> Bool {
    statusCode == 200 && bodyFile == nil && body == previous
  }

  /// Frees the handle of a finished transfer without resolving the caller, who waits for the next one (a repeated
  /// poll). Returns the number of new connections it opened.
  func release() -> Int {
    let connections = connectionsOpened
    cleanUp()
    return connections
  }

  private func cleanUp() {
    guard !isCleanedUp else { return }
    isCleanedUp = true
    curl_easy_cleanup(easy)
    curl_slist_free_all(requestHeaders)
    errorBuffer.deallocate()
  }

  private var effectiveURL: URL? {
    var pointer: UnsafeMutablePointer<CChar>?
    guard ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK, let pointer else { return nil }
    let effective = String(cString: pointer)
    // Without a redirect it is the URL asked for: no second parse.
    return effective == request.url.absoluteString ? request.url : URL(string: effective)
  }

  private func error(for code: CURLcode) -> TransferError {
    // libcurl says "Operation timed out after N milliseconds" for the deadline and for a slow connect alike; only
    // the time taken tells which limit it was. (A stall or connect timeout ends well before the deadline.)
    if code == CURLE_OPERATION_TIMEDOUT, ContinuousClock.now - started >= transferTimeout * 0.95 {
      return .timedOut(Self.deadlineMessage(transferTimeout))
    }
    var redirectTarget: UnsafeMutablePointer<CChar>?
    ccurl_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &redirectTarget)
    let failure = CurlFailure(
      code: code,
      requestURL: request.url.absoluteString,
      url: effectiveURL?.absoluteString ?? request.url.absoluteString,
      redirectTarget: redirectTarget.map { String(cString: $0) },
      detail: String(cString: errorBuffer),
      exceededBodyCap: exceededBodyCap,
      bodyLimit: request.maxBodyBytes)
    return failure.transferError
  }
}

import FoundationEssentials

/// What a poller keeps of a request between its polls: the last answer's bytes and when the metadata cache last
/// heard of them. Replaced by each new answer, so it stays one answer's size however long the poller runs.
struct PolledAnswer: Sendable, Equatable {
  var body: [UInt8]
  /// Nil when it was not stored (it held the API key): it is then never confirmed either.
  var storedAt: Date?
}

extension CachedLastFMClient {
  /// One poll of `request` from the network, for a poller that asks the same question again and again. An answer
  /// whose bytes equal `last`'s is not parsed, decoded or stored again (nil comes back): most polls hear the same
  /// track. Its stored copy is only confirmed (`MetadataStoring.confirm`, the stored time alone) once it is half its
  /// lifetime old, so a one-shot reader between two polls still finds it fresh. A new answer is decoded, stored and
  /// kept in `last`. Failures are thrown; nothing stored stands in (the poller keeps what it showed).
  ///
  /// With `after`, the poll waits that long first, and a transport that repeats polls
  /// (`LastFMClient.send(_:unlessEqualTo:after:)`) returns only with a new answer or a failure: the stored copy is
  /// then not confirmed in between, and a one-shot reader beside the poller asks the network once it is stale.
  func poll<Value>(
    _ request: LastFMRequest, last: inout PolledAnswer?, after interval: Duration? = nil,
    decode: @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) async throws(LastFMError) -> Value? {
    if let previous = last {
      guard let body = try await client.send(request, unlessEqualTo: previous.body, after: interval) else {
        let now = self.now()
        if let storedAt = previous.storedAt, now.timeIntervalSince(storedAt) >= freshness[request.kind] / 2 {
          await store.confirm(previous.body, for: storageKey(request), method: request.method, at: now)
          last?.storedAt = now
        }
        return nil
      }
      return try await accept(body, request: request, last: &last, decode: decode)
    }
    let body =
      if let interval { try await client.send(request, after: interval) } else { try await client.send(request) }
    return try await accept(body, request: request, last: &last, decode: decode)
  }

  private func accept<Value>(
    _ body: [UInt8], request: LastFMRequest, last: inout PolledAnswer?,
    decode: @Sendable ([UInt8]) throws(LastFMError) -> Value
  ) async throws(LastFMError) -> Value {
    let value = try decode(body)
    let now = self.now()
    let stored = await storeIfSafe(body, request: request, at: now)
    last = PolledAnswer(body: body, storedAt: stored ? now : nil)
    return value
  }

  /// `poll` for what `user` plays now (`nowPlaying`'s request and decoding).
  func pollNowPlaying(user: String, last: inout PolledAnswer?, after interval: Duration? = nil)
    async throws(LastFMError) -> NowPlaying?
  {
    try await poll(.nowPlaying(user: user), last: &last, after: interval, decode: Self.decodeNowPlaying)
  }

  static func decodeNowPlaying(_ bytes: [UInt8]) throws(LastFMError) -> NowPlaying {
    NowPlaying(recentTracks: try LastFMDecoding.recentTracks(bytes))
  }
}

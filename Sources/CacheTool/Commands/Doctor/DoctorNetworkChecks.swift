import FoundationEssentials
import ImageCache
import ImageCacheSupport
import LastFM
import ToolOptions

/// Last.fm (the key, never shown; the catalog; one request and its time) and the shared cache (whether it answers).
enum DoctorNetworkChecks {
  static func findings(_ context: DoctorContext) async -> [DoctorFinding] {
    let configuration = (try? context.cache.configuration(environment: context.environment)) ?? .init()
    let transport = ImageManager.makeTransport(configuration)
    var findings = key(context)
    findings += await catalog(context, transport: transport)
    findings.append(await sharedCache(context, transport: transport))
    return findings
  }

  static func key(_ context: DoctorContext) -> [DoctorFinding] {
    guard context.lastFM.resolvedAPIKey(environment: context.environment) != nil else {
      return [
        DoctorFinding(
          "lastfm", "key", .note, "not set, so the demo catalog is used",
          action: "set LASTFM_API_KEY to browse Last.fm (a key: https://www.last.fm/api/account/create)")
      ]
    }
    let source = (context.lastFM.apiKey ?? "").trimmingWhitespace().isEmpty ? "LASTFM_API_KEY" : "--api-key"
    return [DoctorFinding("lastfm", "key", .ok, "set (from \(source); not shown)")]
  }

  /// The catalog the tools would use, asked for the chart's first artist.
  static func catalog(_ context: DoctorContext, transport: any DataLoading) async -> [DoctorFinding] {
    let source: CatalogSource
    do {
      source = try await context.lastFM.source(environment: context.environment)
    } catch {
      return [
        DoctorFinding(
          "lastfm", "catalog", .problem, "\(error)", action: "fix --api-base or LASTFM_API_BASE, or unset it")
      ]
    }
    var findings = [DoctorFinding("lastfm", "catalog", .ok, source.label)]
    // One attempt, no waiting between retries: this asks whether the server answers now.
    let timing = LastFMTiming(now: LastFMTiming.live.now, sleep: { _ in })
    let client = LastFMClient(configuration: source.configuration, loader: transport, timing: timing)
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = await withDeadline(context.networkDeadline) { () async -> String? in
      do {
        _ = try await client.topArtists(page: 1, limit: 1)
        return nil
      } catch {
        return (error as? LastFMError)?.description(service: source.serviceName) ?? "\(error)"
      }
    }
    let took = DoctorTerminalChecks.milliseconds(clock.now - start)
    let host = source.configuration.baseURL.host ?? "?"
    switch outcome {
    case .some(nil):
      findings.append(DoctorFinding("lastfm", "request", .ok, "\(host) answered chart.getTopArtists in \(took) ms"))
    case .some(let failure?):
      findings.append(
        DoctorFinding(
          "lastfm", "request", .problem, "\(host) did not answer chart.getTopArtists (\(took) ms): \(failure)",
          action: "check the network and the key, or --api-base / LASTFM_API_BASE; --offline uses stored answers"))
    case nil:
      findings.append(
        DoctorFinding(
          "lastfm", "request", .problem, "\(host) gave no answer within \(took) ms",
          action: "check the network, or --api-base / LASTFM_API_BASE; --offline uses stored answers"))
    }
    await source.shutdown()
    return findings
  }

  static func sharedCache(_ context: DoctorContext, transport: any DataLoading) async -> DoctorFinding {
    guard let url = try? context.cache.resolvedSharedCache(environment: context.environment) else {
      return DoctorFinding("shared-cache", "shared cache", .ok, "none configured: images come from their origins")
    }
    let shown = ImageManagerError.redactedURL(url)
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = await withDeadline(context.networkDeadline) { () async -> SharedCacheAnswer in
      do { return .status(try await transport.load(DataRequest(url: url, maxBodyBytes: 1 << 20)).statusCode) } catch {
        return .failure("\(error)")
      }
    }
    let took = DoctorTerminalChecks.milliseconds(clock.now - start)
    switch outcome {
    case .status(let status)?:
      return DoctorFinding("shared-cache", "shared cache", .ok, "\(shown) answers (HTTP \(status), \(took) ms)")
    case .failure(let error)?:
      return DoctorFinding(
        "shared-cache", "shared cache", .problem, "\(shown) does not answer: \(error)",
        action: "start it, or unset --shared-cache / IMGCACHE_SHARED_CACHE; meanwhile images come from their origins")
    case nil:
      return DoctorFinding(
        "shared-cache", "shared cache", .problem, "\(shown) gave no answer within \(took) ms",
        action: "start it, or unset --shared-cache / IMGCACHE_SHARED_CACHE; meanwhile images come from their origins")
    }
  }

  enum SharedCacheAnswer: Sendable {
    case status(Int)
    case failure(String)
  }

  /// `body`'s result, or nil once `deadline` has passed (the body is then cancelled).
  static func withDeadline<T: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
      group.addTask { await body() }
      group.addTask {
        try? await Task.sleep(for: deadline)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}

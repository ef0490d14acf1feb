import FoundationEssentials
import ImageCache
import LastFM
import TerminalUI
import ToolOptions

/// What `warm` and `collage` share before any cover is fetched: the catalog started (Last.fm or the demo), the
/// covers planned through the metadata cache, and the catalog stopped again when planning fails, which becomes one
/// line naming the service.
enum CoverPlanning {
  struct Planned {
    var plan: CoverPlan
    /// Still running: the caller stops it once the covers are fetched (the demo catalog serves them).
    var source: CatalogSource
  }

  static func plan(
    lastFM: LastFMOptions, cacheDirectory: URL, transport: any DataLoading,
    _ makePlan: (CoverPlanner, LastFM.CachePolicy) async throws(LastFMError) -> CoverPlan
  ) async throws -> Planned {
    let source = try await lastFM.settings.source()
    do {
      let client = try CachedLastFMClient(
        configuration: source.configuration, loader: transport, cacheFolder: cacheDirectory,
        namespace: source.metadataNamespace)
      return Planned(plan: try await makePlan(CoverPlanner(client: client), lastFM.settings.policy), source: source)
    } catch let error as LastFMError {
      await source.shutdown()
      throw CommandFailure(error.description(service: source.serviceName))
    } catch {
      await source.shutdown()
      throw CommandFailure("\(error)")
    }
  }

  /// The manager that fetches the planned covers; when it cannot open, `source` (still serving them) is stopped
  /// before the failure is thrown as one line.
  static func manager(
    configuration: ImageManager.Configuration, transport: any DataLoading, stoppingOnFailure source: CatalogSource?
  ) async throws -> ImageManager {
    do {
      return try ImageManager(configuration: configuration, transport: transport)
    } catch {
      await source?.shutdown()
      throw CommandFailure("\(error)")
    }
  }

  /// The line for stderr: what was planned (`subject`, else the plan's artist and its similar artists), how many
  /// covers, and from which catalog.
  static func note(_ planned: Planned, subject: String?) -> String {
    let plan = planned.plan
    let others = plan.similarArtists.isEmpty ? "" : " and \(plan.similarArtists.count) similar artists"
    let missing = plan.albumsWithoutCover > 0 ? " (\(plan.albumsWithoutCover) albums have no cover)" : ""
    let named = TerminalText.sanitize(subject ?? plan.artist + others)
    return "\(named): \(plan.covers.count) covers\(missing), from the \(planned.source.label)"
  }
}

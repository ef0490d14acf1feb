import ArgumentParser
import DemoCatalog
import Foundation
import ImageCache
import LastFM

/// Where artist data comes from, for `warm <artist>`.
struct LastFMOptions: ParsableArguments {
  @Option(
    name: .customLong("api-key"),
    help: "Last.fm API key (default: $LASTFM_API_KEY; with no key and no API base: the demo catalog).")
  var apiKey: String?

  @Option(
    name: .customLong("api-base"), help: "Last.fm-compatible API base URL (default: $LASTFM_API_BASE or Last.fm).")
  var apiBase: String?

  @Flag(help: "Use the embedded demo catalog even when a key is set.")
  var demo = false

  @Flag(help: "Use only stored Last.fm answers; say what is missing.")
  var offline = false

  @Flag(help: "Ask Last.fm again even when a stored answer is fresh.")
  var refresh = false

  var policy: LastFM.CachePolicy { offline ? .offline : refresh ? .refresh : .cacheThenNetwork }

  func source() async throws -> CatalogSource {
    do {
      return try await CatalogSource.resolve(apiKey: apiKey, apiBase: apiBase, forceDemo: demo)
    } catch let error as CatalogChoiceError {
      throw CommandFailure(error.description)
    } catch {
      throw CommandFailure("could not start the demo catalog server: \(error)")
    }
  }
}

extension ImageSet.Size: ExpressibleByArgument {}

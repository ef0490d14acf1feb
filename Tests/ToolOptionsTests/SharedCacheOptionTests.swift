import Foundation
import Testing
import ToolOptions

/// `--shared-cache` and `IMGCACHE_SHARED_CACHE`, the rule both tools follow.
@Suite struct SharedCacheOptionTests {
  @Test func theOptionWinsOverTheEnvironmentAndBlankCountsAsNotGiven() throws {
    let environment = ["IMGCACHE_SHARED_CACHE": "http://from-env:8080"]
    #expect(
      try CacheSettings.sharedCache(option: "https://opt.example/c", environment: environment)
        == URL(string: "https://opt.example/c"))
    #expect(
      try CacheSettings.sharedCache(option: "  ", environment: environment)
        == URL(string: "http://from-env:8080"))
    #expect(try CacheSettings.sharedCache(option: nil, environment: [:]) == nil)
    #expect(try CacheSettings.sharedCache(option: nil, environment: ["IMGCACHE_SHARED_CACHE": ""]) == nil)
  }

  @Test(arguments: [
    ("ftp://cache.example", "not an http or https URL"),
    ("cache.example:8080", "not an http or https URL"),
    ("http://", "has no host"),
    ("http://admin:pw@cache.example", "must not carry a user name or password"),
    ("http://cache.example/?k=1", "must not carry a query or fragment"),
    ("http://cache example", "not a URL"),
  ])
  func badValuesAreOneLineNamingTheirSource(value: String, problem: String) {
    let hint = "; give http(s)://HOST[:PORT][/PATH], e.g. http://imgcache.internal:8080"
    #expect(throws: OptionFailure("--shared-cache: \(problem)\(hint)")) {
      try CacheSettings.sharedCache(option: value, environment: [:])
    }
    #expect(throws: OptionFailure("IMGCACHE_SHARED_CACHE: \(problem)\(hint)")) {
      try CacheSettings.sharedCache(option: nil, environment: ["IMGCACHE_SHARED_CACHE": value])
    }
  }
}

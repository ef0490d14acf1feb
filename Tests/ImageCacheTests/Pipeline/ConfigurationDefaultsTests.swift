import Foundation
import ImageCache
import Testing

@Suite struct ConfigurationDefaultsTests {
  @Test func theMemoryTierHasOneSetOfDefaults() {
    let configuration = ImageManager.Configuration()
    let store = ImageMemoryStore()
    #expect(configuration.memoryCountLimit == store.countLimit)
    #expect(configuration.memoryCostLimit == store.costLimit)
    #expect(store.countLimit == 2000)
    #expect(store.costLimit == 128 << 20)
  }

  @Test func theDefaultCacheFolderFollowsTheDocumentedPrecedence() {
    let all = ["IMGCACHE_DIR": "/env/dir", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
    let resolve = ImageManager.Configuration.defaultCacheDirectory(environment:)
    #expect(resolve(all).path == "/env/dir")
    #expect(resolve(["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]).path == "/xdg/imgcache")
    #expect(resolve(["IMGCACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": "/home/u"]).path == "/home/u/.cache/imgcache")
  }
}

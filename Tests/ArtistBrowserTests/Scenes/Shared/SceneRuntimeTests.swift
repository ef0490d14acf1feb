import Testing

@testable import ArtistBrowser

/// Holds a load until the test lets it finish.
@MainActor
final class Gate {
  private var continuation: CheckedContinuation<Void, Never>?
  private var isOpen = false

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { continuation = $0 }
  }

  func open() {
    isOpen = true
    continuation?.resume()
    continuation = nil
  }
}

@MainActor
@Suite struct SceneChoresTests {
  @Test func anOlderLoadEndingLaterDoesNotClearTheLoadingFlagOfANewerOne() async {
    // Given a slow load overtaken by a newer one (a refresh)
    let chores = SceneChores(preferences: BrowserPreferences(), thumbnails: nil)
    let slow = Gate()
    let newer = Gate()
    var slowFinished = false
    chores.load {
      await slow.wait()
      slowFinished = true
    }
    chores.load { await newer.wait() }
    // When the older one ends first
    slow.open()
    while !slowFinished { await Task.yield() }
    // Then the scene still says it is loading, until the newer one ends
    #expect(chores.isLoading)
    newer.open()
    await chores.waitForLoad()
    #expect(!chores.isLoading)
  }

  @Test func theFlagIsSetAtOnceAndClearedWhenTheLoadEnds() async {
    let chores = SceneChores(preferences: BrowserPreferences(), thumbnails: nil)
    var redraws: [Bool] = []
    chores.onNeedsDisplay = { [unowned chores] in redraws.append(chores.isLoading) }
    let gate = Gate()
    chores.load { await gate.wait() }
    #expect(redraws == [true])
    gate.open()
    await chores.waitForLoad()
    #expect(redraws == [true, false])
  }
}

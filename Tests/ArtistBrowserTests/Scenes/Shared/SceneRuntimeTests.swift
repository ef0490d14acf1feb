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
@Suite struct SceneRuntimeTests {
  @Test func anOlderLoadEndingLaterDoesNotClearTheLoadingFlagOfANewerOne() async {
    // Given a slow load overtaken by a newer one (a refresh)
    let runtime = SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil)
    let slow = Gate()
    let newer = Gate()
    var slowFinished = false
    runtime.load {
      await slow.wait()
      slowFinished = true
    }
    runtime.load { await newer.wait() }
    // When the older one ends first
    slow.open()
    while !slowFinished { await Task.yield() }
    // Then the scene still says it is loading, until the newer one ends
    #expect(runtime.isLoading)
    newer.open()
    await runtime.waitForLoad()
    #expect(!runtime.isLoading)
  }

  @Test func theFlagIsSetAtOnceAndClearedWhenTheLoadEnds() async {
    let runtime = SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil)
    var redraws: [Bool] = []
    runtime.onNeedsDisplay = { [unowned runtime] in redraws.append(runtime.isLoading) }
    let gate = Gate()
    runtime.load { await gate.wait() }
    #expect(redraws == [true])
    gate.open()
    await runtime.waitForLoad()
    #expect(redraws == [true, false])
  }

  @Test func aPinnedWallIsDrawnWhateverWChoseAndWLeavesItAlone() {
    let preferences = BrowserPreferences(showsWall: false)
    let wall = WallView(preferences: preferences, makeSlots: nil)
    let pinned = SceneRuntime(preferences: preferences, thumbnails: nil, wall: wall, pinsWall: true)
    let list = SceneRuntime(
      preferences: preferences, thumbnails: nil, wall: WallView(preferences: preferences, makeSlots: nil))
    #expect(pinned.shownWall === wall)
    #expect(list.shownWall == nil)
    var viewport = ListViewport()
    viewport.setCount(4)
    #expect(!pinned.handleWallKey(.character("w"), viewport: &viewport))
    #expect(!preferences.showsWall)
    // Its movement keys work with the list shown as a list elsewhere.
    #expect(pinned.handleWallKey(.right, viewport: &viewport))
    #expect(viewport.selection == 1)
    #expect(!list.handleWallKey(.right, viewport: &viewport))
  }
}

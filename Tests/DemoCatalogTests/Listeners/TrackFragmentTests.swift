import Testing

@testable import DemoCatalog

/// The parts of a scrobble written once per track are kept for as long as the server runs, so what each keeps
/// is what it needs: a listener followed for a day brings hundreds of tracks.
@Suite struct TrackFragmentTests {
  @Test func eachTrackKeepsStorageOfItsFragmentsSize() throws {
    let asker = ListenerAsker(now: 1_796_372_225, catalog: DemoCatalog())
    let page = try asker.recent("nightjar_radio", "&limit=200")
    let kept = asker.catalog.trackFragments.kept
    #expect(page.scrobbles.count == 200)
    #expect(kept.tracks > 20, "a page of 200 scrobbles repeats some tracks, not all")
    // Three arrays a track, each rounded up to the allocator's size classes at most.
    #expect(kept.capacity <= kept.bytes + kept.tracks * 3 * 64, "\(kept)")
  }
}

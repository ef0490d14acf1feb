import ImageCacheSupport
import Testing

/// A long session paints pictures through buffers of megabytes; with the policy each keeps pages of its own,
/// however large a buffer was freed before it, instead of being carved out of the arenas the small objects share.
@Suite(.enabled(if: AllocatorPolicy.isGlibc, "the policy is glibc's allocator's; elsewhere it does nothing"))
struct AllocatorPolicyTests {
  @Test func aLargeBufferHasPagesOfItsOwnAfterALargerOneWasFreed() {
    AllocatorPolicy.keepLargeBuffersOnTheirOwnPages()
    // Left to itself, glibc frees this (on pages of its own: beyond anything an arena holds free) and from then
    // on serves buffers up to its size from the arenas.
    let larger = UnsafeMutableRawPointer.allocate(byteCount: 30 << 20, alignment: 16)
    larger.deallocate()
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 20 << 20, alignment: 16)
    defer { buffer.deallocate() }
    #expect(AllocatorPolicy.hasOwnPages(buffer))
    // A small block still comes from an arena.
    let small = UnsafeMutableRawPointer.allocate(byteCount: 4 << 10, alignment: 16)
    defer { small.deallocate() }
    #expect(!AllocatorPolicy.hasOwnPages(small))
  }
}

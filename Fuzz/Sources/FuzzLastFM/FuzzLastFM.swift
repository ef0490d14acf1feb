import LastFM

/// Every Last.fm answer decoder on the same bytes: none may crash, whatever the server sends.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLastFM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = try? LastFMDecoding.topArtists(bytes)
  _ = try? LastFMDecoding.topAlbums(bytes)
  _ = try? LastFMDecoding.topTracks(bytes)
  _ = try? LastFMDecoding.similarArtists(bytes)
  _ = try? LastFMDecoding.artistInfo(bytes)
  _ = try? LastFMDecoding.searchArtists(bytes)
  _ = try? LastFMDecoding.albumInfo(bytes)
  return 0
}

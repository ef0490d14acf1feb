import CFuzzDriver
import FuzzSupport
import LastFM

/// Every Last.fm answer decoder on the same bytes: none may crash, whatever the server sends.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLastFM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  _ = try? LastFMDecoding.topArtists(bytes)
  _ = try? LastFMDecoding.topAlbums(bytes)
  _ = try? LastFMDecoding.topTracks(bytes)
  _ = try? LastFMDecoding.similarArtists(bytes)
  _ = try? LastFMDecoding.artistInfo(bytes)
  _ = try? LastFMDecoding.searchArtists(bytes)
  _ = try? LastFMDecoding.albumInfo(bytes)
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzLastFM_main`: this is the process entry, handing over to libFuzzer.
@_cdecl("FuzzLastFM_main")
func fuzzLastFMMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzLastFM(data, size) }
}

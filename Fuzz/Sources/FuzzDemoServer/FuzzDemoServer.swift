import CFuzzDriver
import DemoCatalog
import Foundation
import FuzzSupport

/// Built once, before libFuzzer starts timing: generating the catalog takes longer than thousands of requests
/// (over 10 s under ASan on a busy machine, which libFuzzer took for a hung first input).
let covers = CoverStore(catalog: DemoCatalog(), byteBudget: 8 << 20)

/// The demo server's request handling on any request target: it must never crash, and every API answer must be a
/// JSON object (a result or Last.fm's error shape), whatever the query holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDemoServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
  // Most inputs are queries: sent to the API unless they name a path of their own (covers, unknown paths).
  let target = text.hasPrefix("/") ? text : "/2.0/?" + text
  guard let reply = try? DemoServer.reply(toTarget: target, covers: covers) else { return 0 }
  let isAPI = target.hasPrefix("/2.0/?") || target.hasPrefix("/2.0?")
  if isAPI && reply.status == 200 {
    let json = try? JSONSerialization.jsonObject(with: Data(reply.body))
    precondition(
      json is [String: Any], "API answer is not a JSON object: \(String(decoding: reply.body, as: UTF8.self))")
  }
  precondition([200, 304, 404, 414].contains(reply.status), "unexpected status \(reply.status)")
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzDemoServer_main`: this is the process entry, handing over to
/// libFuzzer.
@_cdecl("FuzzDemoServer_main")
func fuzzDemoServerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  _ = covers
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzDemoServer(data, size) }
}

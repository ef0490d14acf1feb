import CCurlShims
import CSixel

/// The C libraries the binary runs on: libcurl (its version, HTTP/2 and TLS, as `curl_version_info` reports
/// them) and libsixel.
enum DoctorLibraryChecks {
  static func findings() -> [DoctorFinding] {
    let info = ccurl_version_info().pointee
    let version = String(cString: info.version)
    let http2 = info.features & Int32(CURL_VERSION_HTTP2) != 0
    let tls = info.ssl_version.map { String(cString: $0) }
    var findings = [DoctorFinding("libraries", "libcurl", .ok, version)]
    findings.append(
      http2
        ? DoctorFinding("libraries", "HTTP/2", .ok, "supported (nghttp2)")
        : DoctorFinding(
          "libraries", "HTTP/2", .note, "not supported: every transfer uses HTTP/1.1",
          action: "install a libcurl built with nghttp2 (Debian's libcurl4 is)"))
    findings.append(
      tls.map { DoctorFinding("libraries", "TLS", .ok, $0) }
        ?? DoctorFinding(
          "libraries", "TLS", .problem, "libcurl has no TLS: https images and Last.fm cannot be fetched",
          action: "install a libcurl with TLS (Debian's libcurl4)"))
    // Linked, so present whenever this runs; the version is the one it was built against.
    findings.append(DoctorFinding("libraries", "libsixel", .ok, "linked (built against \(LIBSIXEL_VERSION))"))
    return findings
  }
}

/// A loader whose 2xx bodies go into the file a request's `DataRequest.bodyFiles` opens, not into memory: a
/// prefetch's download then goes from the transfer straight into the blob folder that keeps it (`StreamedBlob`).
/// `package`, so that a wrapper elsewhere in the package can declare it: one that hands requests on unchanged to a
/// loader that writes the files keeps the fast path by saying so. A loader that does not declare it gets every body
/// in memory. The manager asks once, when it is made, not per request.
package protocol FileBodyLoading: DataLoading {
  /// Whether bodies go into the files requests ask for: a wrapper answers for the loader it hands requests to.
  var writesBodiesToFiles: Bool { get }
}

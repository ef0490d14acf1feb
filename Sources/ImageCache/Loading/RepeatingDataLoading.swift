/// A transport that can repeat a poll itself: it sends the request after `interval`, and again every `interval`
/// while the answer is a 200 whose body equals `previous`, and returns the first other answer (a new body, another
/// status) or failure. Without `previous`, the first answer returns: a request sent after a wait that needs no
/// timer of the caller's. A poller asking the same question all day then costs one transfer a poll, on the transport's
/// own thread: nothing of the caller's wakes until the answer changes.
package protocol RepeatingDataLoading: DataLoading {
  func load(_ request: DataRequest, every interval: Duration, whileBodyEquals previous: [UInt8]?)
    async throws(TransferError) -> DataResponse
}

/// A fetch's response beside its data: where the data came from, whether it is stale, why the load failed. The
/// interactors fill the three with `record(_:)`; the presenters show them as `status` and `errorMessage`.
protocol LoadedResponse {
  var source: DataSource? { get set }
  var isStale: Bool { get set }
  var error: StoreError? { get set }
}

extension LoadedResponse {
  /// Runs one load: on success keeps where its value came from and whether it is stale, and returns the value;
  /// on failure keeps why, and returns nil.
  @MainActor
  mutating func record<Value>(_ load: @MainActor () async throws -> StoreResult<Value>) async -> Value? {
    do {
      let result = try await load()
      (source, isStale) = (result.source, result.isStale)
      return result.value
    } catch {
      self.error = StoreError(error)
      return nil
    }
  }

  /// Why the load failed, as the screen says it.
  var errorMessage: String? { error.map(ErrorMessage.text(for:)) }

  /// The status line of a screen showing this response.
  var status: StatusLine { StatusLine(source: source, isStale: isStale, error: errorMessage) }
}

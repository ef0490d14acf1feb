/// The one line that says why Enter on a track opened (or stayed on) its artist rather than its album: no album
/// known for it (or the track itself unknown, Last.fm's error 6), or the lookup's failure, without a key hint
/// (`r` on the artist's page reloads the artist, not this lookup).
enum TrackAlbumNote {
  static func text(track name: String, error: StoreError?) -> String {
    let track = DisplayFormat.clean(name, columns: 40)
    switch error {
    case nil, .notFound:
      return "No album known for “\(track)”; showing the artist."
    case let error?:
      let reason = [ErrorMessage.retryWhenOnlineHint, ErrorMessage.retryHint].reduce(ErrorMessage.text(for: error)) {
        $0.replacing(" " + $1, with: "")
      }
      return "No album for “\(track)”: \(reason) Showing the artist."
    }
  }
}

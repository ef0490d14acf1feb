/// What `warm` and `collage` work on: an artist named as the argument, or `--urls FILE`; exactly one of the two.
enum ArtistOrURLs {
  case artist(String)
  case urls(String)

  init(artist: String?, urls: String?) throws {
    switch (artist, urls) {
    case (nil, nil): throw CommandFailure("name an artist, or give --urls FILE (- for standard input)")
    case (.some, .some): throw CommandFailure("give an artist or --urls, not both")
    case (nil, let path?): self = .urls(path)
    case (let name?, nil): self = .artist(name)
    }
  }
}

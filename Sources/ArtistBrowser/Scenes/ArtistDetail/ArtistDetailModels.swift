import Foundation

enum ArtistDetail {
  /// Loads the artist's details and top albums together.
  enum FetchArtist {
    struct Request {
      var refresh = false
    }

    struct Response {
      var artistName: String
      var details: ArtistDetails?
      var albums: [AlbumSummary]
      /// The albums can fail on their own; the details are still worth showing.
      var albumsError: StoreError?
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
    }

    struct ViewModel: Codable, Equatable {
      struct Album: Codable, Equatable {
        var rank: String
        var name: String
        var playCount: String
        var imageURL: URL?
      }

      var name: String
      var listeners: String
      var playCount: String
      var tags: String
      var bio: String
      var imageURL: URL?
      var albums: [Album]
      var albumsMessage: String?
      /// Set when the artist itself could not be loaded.
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// Remembers the album the user opened, for the router to pass on.
  enum SelectAlbum {
    struct Request {
      var index: Int
    }
  }
}

/// A track as `track.getInfo` describes it: what the browser needs is the album it is on, which the charts and
/// loved tracks leave out.
public struct TrackInfo {
  /// The album the track is on, as Last.fm names it (`album.title`).
  public struct AlbumReference {
    public var title: String
    public var artist: String
    /// Last.fm's placeholder star is filtered out, as everywhere.
    public var images: ImageSet

    public init(title: String, artist: String, images: ImageSet = .empty) {
      self.title = title
      self.artist = artist
      self.images = images
    }
  }

  public var name: String
  public var artist: String
  /// Nil when Last.fm names none (it answers an unknown track with a bare track, not an error).
  public var album: AlbumReference?
  /// With a `username`: the listener's plays of the track (`userplaycount`) and whether they love it
  /// (`userloved`); nil when the answer does not say.
  public var userPlaycount: Int?
  public var userLoved: Bool?
  /// The track's tags (`toptags`), most used first.
  public var tags: [String] = []

  public init(name: String, artist: String, album: AlbumReference? = nil) {
    self.name = name
    self.artist = artist
    self.album = album
  }
}

extension TrackInfo: Sendable, Equatable {}
extension TrackInfo.AlbumReference: Sendable, Equatable {}

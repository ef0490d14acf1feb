import BlockArt
import ImageCache

/// The one place that turns the capabilities detected for a run into a way of drawing pictures, for both
/// `imgcache show` and the browser (chafa's canvas does the same: one choice of back end, then one drawing call).
public enum SessionPictures {
  /// A protocol's pictures where the terminal has one, block art (`blockArt`, with its symbol set) where it has
  /// none, nil for `none`. `store`: keep kitty pictures in the terminal and place them (a full-screen session);
  /// without it every picture is sent whole where it is drawn (printing, as `show` does).
  public static func painter(
    for capabilities: GraphicsCapabilities, blockArt: (any ThumbnailRendering)?, store: KittyPictureStore? = nil
  ) -> (any PicturePainting)? {
    guard capabilities.drawsPictures else { return nil }
    if capabilities.protocol != nil {
      return ProtocolPicturePainter(encoder: PictureEncoder(capabilities: capabilities), store: store)
    }
    return blockArt.map { BlockArtPicturePainter(renderer: $0) }
  }
}

/// Block art as printed by `imgcache show`: the renderer's lines as they are (the browser pads them to the box).
extension BlockArtRenderer: ThumbnailRendering {}

import BlockArt
internal import CFreeType
import ImageCache

/// One font at one pixel size, drawing text into RGBA bitmaps through FreeType (anti-aliased, with kerning where
/// the font has it), with fallback fonts for the scalars it has no glyph for (CJK names in a Latin font). Not
/// shared between threads: FreeType's library and face objects are not thread-safe, so each face has a library of
/// its own.
public final class FontFace {
  public enum Failure: Error, CustomStringConvertible {
    case cannotOpen(path: String, code: Int32)

    public var description: String {
      switch self {
      case .cannotOpen(let path, let code):
        "cannot load the font \(path) (FreeType error \(code)); install fonts-dejavu-core or set IMGCACHE_FONT"
      }
    }
  }

  private var library: FT_Library?
  /// The primary face first, then the fallbacks that opened.
  private var faces: [FT_Face] = []
  public let pixelHeight: Int

  /// Opens the font file at `path` at `pixelHeight` pixels (the em size); `fallbacks` that do not open are left out.
  public init(path: String, pixelHeight: Int, fallbacks: [String] = []) throws {
    self.pixelHeight = max(1, pixelHeight)
    var library: FT_Library?
    let code = FT_Init_FreeType(&library)
    guard code == 0, let library else { throw Failure.cannotOpen(path: path, code: code) }
    self.library = library
    for (index, file) in ([path] + fallbacks).enumerated() {
      var face: FT_Face?
      let code = FT_New_Face(library, file, 0, &face)
      guard code == 0, let face else {
        if index == 0 { throw Failure.cannotOpen(path: path, code: code) }  // deinit frees the library
        continue
      }
      FT_Set_Pixel_Sizes(face, 0, FT_UInt(self.pixelHeight))
      faces.append(face)
    }
  }

  deinit {
    for face in faces { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// Pixels from the baseline up to the top of the tallest glyph, and down to the lowest (positive both), of the
  /// primary face.
  public var ascender: Int { Int(faces[0].pointee.size.pointee.metrics.ascender >> 6) }
  public var descender: Int { Int(-(faces[0].pointee.size.pointee.metrics.descender >> 6)) }
  public var lineHeight: Int { ascender + descender }

  /// The width `text` takes when drawn, in pixels.
  public func width(of text: String) -> Int {
    var pen = 0
    walk(text, render: false) { _, advance, _ in pen += advance }
    return pen
  }

  /// `text` shortened with an ellipsis so that it fits in `maxWidth` pixels (whole if it fits).
  public func fitted(_ text: String, maxWidth: Int) -> String {
    if width(of: text) <= maxWidth { return text }
    var characters = Array(text)
    while !characters.isEmpty {
      characters.removeLast()
      while characters.last == " " { characters.removeLast() }
      let candidate = String(characters) + "…"
      if width(of: candidate) <= maxWidth { return candidate }
    }
    return ""
  }

  /// Draws `text` with its baseline at `baseline`, starting at `x`, blending `color` by the glyphs' coverage;
  /// nothing is drawn outside `clip` (x, y, width, height). Returns the pen's position after the text.
  @discardableResult
  public func draw(
    _ text: String, into canvas: inout RGBACanvas, x: Int, baseline: Int, color: RGBColor,
    clip: (x: Int, y: Int, width: Int, height: Int)? = nil
  ) -> Int {
    let clip = clip ?? (0, 0, canvas.width, canvas.height)
    var pen = x
    walk(text, render: true) { slot, advance, kerning in
      pen += kerning
      let bitmap = slot.bitmap
      let left = pen + Int(slot.bitmap_left)
      let top = baseline - Int(slot.bitmap_top)
      if let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
        for row in 0..<Int(bitmap.rows) {
          let y = top + row
          guard y >= clip.y, y < clip.y + clip.height else { continue }
          for column in 0..<Int(bitmap.width) {
            let x = left + column
            guard x >= clip.x, x < clip.x + clip.width else { continue }
            let coverage = buffer[row * Int(bitmap.pitch) + column]
            if coverage > 0 { canvas.blend(x: x, y: y, color: color, alpha: coverage) }
          }
        }
      }
      pen += advance - kerning
    }
    return pen
  }

  /// Loads each scalar's glyph from the first face that has it (the primary's missing-glyph box when none does)
  /// and hands `body` the glyph slot, its advance including kerning, and the kerning alone.
  private func walk(_ text: String, render: Bool, _ body: (FT_GlyphSlotRec, Int, Int) -> Void) {
    var previous: (face: FT_Face, glyph: FT_UInt)?
    for scalar in text.unicodeScalars {
      var face = faces[0]
      var glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      if glyph == 0 {
        for fallback in faces.dropFirst() {
          let index = FT_Get_Char_Index(fallback, FT_ULong(scalar.value))
          if index != 0 {
            (face, glyph) = (fallback, index)
            break
          }
        }
      }
      var kerning = 0
      if let previous, previous.face == face, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 {
        var delta = FT_Vector()
        FT_Get_Kerning(face, previous.glyph, glyph, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta)
        kerning = Int(delta.x >> 6)
      }
      previous = (face, glyph)
      let flags = render ? FT_Int32(FT_LOAD_RENDER) : FT_Int32(FT_LOAD_DEFAULT)
      guard FT_Load_Glyph(face, glyph, flags) == 0 else { continue }
      let slot = face.pointee.glyph.pointee
      body(slot, Int(slot.advance.x >> 6) + kerning, kerning)
    }
  }
}

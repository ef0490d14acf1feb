import Synchronization

/// A rectangle of cells, 0-based from the top-left corner of the screen.
public struct CellRect: Hashable {
  public var row: Int
  public var column: Int
  public var columns: Int
  public var rows: Int

  public init(row: Int, column: Int, columns: Int, rows: Int) {
    self.row = row
    self.column = column
    self.columns = columns
    self.rows = rows
  }

  public var rowRange: Range<Int> { row..<(row + max(0, rows)) }
  public var columnRange: Range<Int> { column..<(column + max(0, columns)) }
}

/// The bytes that draw one picture and the bytes that take it away, from whatever encoder made them.
/// Encoding waits until the renderer sends the picture (a frame usually carries pictures that are on screen
/// already), and happens once per drawing: keep the drawing to keep its bytes.
public final class PictureDrawing {
  private let encode: @Sendable () -> [UInt8]
  private let encoded = Mutex<[UInt8]?>(nil)
  /// False for drawings whose bytes depend on what the terminal holds already (kitty's pictures sent once).
  private let keepsBytes: Bool
  /// What removes the picture from the screen (kitty's delete by id); empty where overwriting its cells does.
  public let erase: [UInt8]

  public convenience init(erase: [UInt8] = [], encode: @escaping @Sendable () -> [UInt8]) {
    self.init(erase: erase, encode: encode, keepsBytes: true)
  }

  /// A drawing whose bytes are asked for again every time it is sent: the first time may carry the picture's
  /// data, later times only its placement.
  public static func sendingEachTime(erase: [UInt8] = [], _ send: @escaping @Sendable () -> [UInt8]) -> PictureDrawing {
    PictureDrawing(erase: erase, encode: send, keepsBytes: false)
  }

  private init(erase: [UInt8], encode: @escaping @Sendable () -> [UInt8], keepsBytes: Bool) {
    self.erase = erase
    self.encode = encode
    self.keepsBytes = keepsBytes
  }

  /// The bytes to write with the cursor at the top-left cell of the picture's box.
  public var bytes: [UInt8] {
    guard keepsBytes else { return encode() }
    if let bytes = encoded.withLock({ $0 }) { return bytes }
    let bytes = encode()
    encoded.withLock { $0 = bytes }
    return bytes
  }
}

/// A picture in a frame. The renderer sends it only when no picture with the same id, place and content is on
/// the screen already, and leaves its cells alone when it draws text.
public struct PicturePlacement: Hashable {
  public var id: UInt32
  public var rect: CellRect
  /// What the picture shows (its source and pixel size): the same key at the same place is not sent again.
  public var contentKey: String
  public var drawing: PictureDrawing

  public init(id: UInt32, rect: CellRect, contentKey: String, drawing: PictureDrawing) {
    self.id = id
    self.rect = rect
    self.contentKey = contentKey
    self.drawing = drawing
  }

  public static func == (left: PicturePlacement, right: PicturePlacement) -> Bool {
    left.id == right.id && left.rect == right.rect && left.contentKey == right.contentKey
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(rect)
    hasher.combine(contentKey)
  }
}

extension CellRect: Sendable {}
extension PictureDrawing: Sendable {}
extension PicturePlacement: Sendable {}

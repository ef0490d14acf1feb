import FoundationEssentials

/// The kitty graphics protocol's sequences: `ESC _ G <keys> ; <payload> ESC \`.
enum KittyGraphics {
  /// The protocol's limit for one chunk of base64 payload.
  static let chunkLimit = 4096

  /// Transmits a PNG and places it over `columns × rows` cells at the cursor, one sequence per chunk.
  /// `f=100`: PNG; `i`: the id that later replaces or deletes it; `c`,`r`: the cell box the picture is scaled
  /// to; `C=1`: the cursor stays where it is; `q=2`: the terminal sends no reply, which would otherwise arrive
  /// as input.
  static func transmit(png: [UInt8], id: UInt32, columns: Int, rows: Int) -> [[UInt8]] {
    chunked(png, firstKeys: "a=T,f=100,t=d,i=\(id),c=\(columns),r=\(rows),C=1,q=2")
  }

  /// Transmits a PNG under `id` without showing it (`a=t`): placements show it later, as often as needed.
  static func transmitOnly(png: [UInt8], id: UInt32) -> [[UInt8]] {
    chunked(png, firstKeys: "a=t,f=100,t=d,i=\(id),q=2")
  }

  /// Shows picture `id` over `columns × rows` cells at the cursor as placement `placement`; placing the same pair
  /// again moves it. No image data.
  static func place(id: UInt32, placement: UInt32, columns: Int, rows: Int) -> [UInt8] {
    sequence(keys: "a=p,i=\(id),p=\(placement),c=\(columns),r=\(rows),C=1,q=2", payload: [])
  }

  /// A virtual placement of picture `id` (`U=1`): nothing is drawn until placeholder cells name the picture.
  static func placeVirtual(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    sequence(keys: "a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2", payload: [])
  }

  /// Removes one placement and keeps the picture's data (`d=i` with `p`), so it can be placed again for free.
  static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
    sequence(keys: "a=d,d=i,i=\(id),p=\(placement),q=2", payload: [])
  }

  /// Removes every picture whose id is in `ids` and frees its data (`d=R`, kitty 0.33 and later; older terminals
  /// ignore it and free the data under their own quota).
  static func delete(ids: ClosedRange<UInt32>) -> [UInt8] {
    sequence(keys: "a=d,d=R,x=\(ids.lowerBound),y=\(ids.upperBound),q=2", payload: [])
  }

  /// The payload in base64, cut into chunks of the protocol's size: the keys go on the first, `m=1` on every one
  /// but the last.
  private static func chunked(_ file: [UInt8], firstKeys: String) -> [[UInt8]] {
    let payload = [UInt8](Data(file).base64EncodedData())
    var sequences: [[UInt8]] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkLimit)
      let more = end < payload.count ? 1 : 0
      let keys = start == 0 ? "\(firstKeys),m=\(more)" : "m=\(more),q=2"
      sequences.append(sequence(keys: keys, payload: payload[start..<end]))
      start = end
    } while start < payload.count
    return sequences
  }

  /// Removes the picture with this id and frees its data (`d=I`).
  static func delete(id: UInt32) -> [UInt8] {
    sequence(keys: "a=d,d=I,i=\(id),q=2", payload: [])
  }

  /// Removes every picture and frees their data (`d=A`).
  static func deleteAll() -> [UInt8] {
    sequence(keys: "a=d,d=A,q=2", payload: [])
  }

  /// A query that a kitty-protocol terminal answers with `ESC _ G i=<id>;OK ESC \` and draws nothing for: one
  /// RGB pixel sent directly (`a=q,t=d,f=24`).
  static func probe(id: UInt32) -> [UInt8] {
    sequence(keys: "i=\(id),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8))
  }

  private static func sequence(keys: String, payload: some Collection<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
    bytes += Array(keys.utf8)
    if !payload.isEmpty {
      bytes.append(UInt8(ascii: ";"))
      bytes += payload
    }
    bytes += [0x1B, UInt8(ascii: "\\")]
    return bytes
  }
}

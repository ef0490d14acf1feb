/// tmux keeps what it does not understand from the outer terminal; wrapped like this (and with
/// `allow-passthrough on`), a sequence reaches the terminal unchanged: `ESC P tmux;` + the sequence with every
/// ESC doubled + `ESC \`.
enum TmuxPassthrough {
  static func wrap(_ sequence: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
    bytes.reserveCapacity(sequence.count + 16)
    for byte in sequence {
      if byte == 0x1B { bytes.append(0x1B) }
      bytes.append(byte)
    }
    bytes += [0x1B, UInt8(ascii: "\\")]
    return bytes
  }
}

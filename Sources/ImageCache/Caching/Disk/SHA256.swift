/// SHA-256 (FIPS 180-4) of short strings: blob files are named by the digest of their key, and Foundation on
/// Linux has no CryptoKit. It runs once per stored image, so it works on raw buffers with no array per block;
/// correctness is checked against the NIST examples in `SHA256Tests`.
enum SHA256 {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private static let initialState: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]

  static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
    if let digest = message.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) {
      return digest
    }
    return Array(message).withUnsafeBytes { digest($0) }
  }

  /// Lower-case hexadecimal digest of the UTF-8 bytes of `text`.
  static func hex(of text: String) -> String {
    let digest = digest(text.utf8)
    return String(unsafeUninitializedCapacity: 64) { ascii in
      writeHex(digest, into: ascii, at: 0)
      return 64
    }
  }

  /// Writes `bytes` as two lower-case hexadecimal digits each into `ascii` from `offset` on.
  static func writeHex(_ bytes: some Sequence<UInt8>, into ascii: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    var position = offset
    for byte in bytes {
      ascii[position] = hexDigit(byte >> 4)
      ascii[position + 1] = hexDigit(byte & 0xF)
      position += 2
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] {
    // The message's whole blocks are read where they are; the rest, the 0x80 marker and the bit length go into one
    // or two blocks of their own.
    let wholeBlocks = message.count / 64
    let remainder = message.count - wholeBlocks * 64
    let tailBlocks = remainder < 56 ? 1 : 2
    let bitLength = UInt64(message.count) &* 8
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8 + 64) { words in
      let state = UnsafeMutableBufferPointer(rebasing: words[0..<8])
      let schedule = UnsafeMutableBufferPointer(rebasing: words[8..<72])
      _ = state.initialize(from: initialState)
      roundConstants.withUnsafeBufferPointer { constants in
        for block in 0..<wholeBlocks {
          compress(
            UnsafeRawBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]), state, schedule, constants)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
          tail.initialize(repeating: 0)
          for index in 0..<remainder { tail[index] = message[wholeBlocks * 64 + index] }
          tail[remainder] = 0x80
          let end = tailBlocks * 64
          for index in 0..<8 { tail[end - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index))) }
          for block in 0..<tailBlocks {
            compress(
              UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: tail[(block * 64)..<(block * 64 + 64)])),
              state, schedule, constants)
          }
        }
      }
      return [UInt8](unsafeUninitializedCapacity: 32) { bytes, count in
        for (index, word) in state.enumerated() {
          for shift in 0..<4 { bytes[index * 4 + shift] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(shift))) }
        }
        count = 32
      }
    }
  }

  private static func compress(
    _ block: UnsafeRawBufferPointer, _ state: UnsafeMutableBufferPointer<UInt32>,
    _ schedule: UnsafeMutableBufferPointer<UInt32>, _ constants: UnsafeBufferPointer<UInt32>
  ) {
    for index in 0..<16 {
      schedule[index] =
        UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16 | UInt32(block[index * 4 + 2]) << 8
        | UInt32(block[index * 4 + 3])
    }
    for index in 16..<64 {
      let previous15 = schedule[index - 15]
      let previous2 = schedule[index - 2]
      let sigma0 = rotateRight(previous15, 7) ^ rotateRight(previous15, 18) ^ (previous15 >> 3)
      let sigma1 = rotateRight(previous2, 17) ^ rotateRight(previous2, 19) ^ (previous2 >> 10)
      schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
    }
    var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
    for index in 0..<64 {
      let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temporary1 = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
      let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temporary2 = sum0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}

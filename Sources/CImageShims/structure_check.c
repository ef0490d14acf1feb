// Cheap integrity checks for encoded images: everything but inflating/decoding the pixels.
// Used when bytes are cached without being displayed (prefetch): a truncated, bit-flipped or mislabelled body is
// refused for the cost of a CRC pass, while the full decode still happens when the image is shown.
#include "CImageShims.h"
#include <stdio.h>
#include <string.h>

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

int cimg_png_check_structure(const uint8_t *data, size_t size, char *err, size_t err_size) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (size < 8 || memcmp(data, signature, 8) != 0) {
    snprintf(err, err_size, "no PNG signature");
    return -1;
  }
  size_t offset = 8;
  int chunks = 0, idat = 0, idat_ended = 0;
  while (offset + 12 <= size) {
    uint32_t length = be32(data + offset);
    const uint8_t *type = data + offset + 4;
    if (length > 0x7FFFFFFFu || (size_t)length > size - offset - 12) {
      snprintf(err, err_size, "chunk %.4s runs past the end of the file (truncated?)", (const char *)type);
      return -1;
    }
    uint32_t crc = cimg_crc32(0, type, (size_t)length + 4);
    if (crc != be32(data + offset + 8 + length)) {
      snprintf(err, err_size, "CRC mismatch in chunk %.4s", (const char *)type);
      return -1;
    }
    if (chunks == 0 && memcmp(type, "IHDR", 4) != 0) {
      snprintf(err, err_size, "first chunk is not IHDR");
      return -1;
    }
    if (memcmp(type, "IDAT", 4) == 0) {
      if (idat_ended) {
        snprintf(err, err_size, "IDAT chunks are not consecutive");
        return -1;
      }
      idat = 1;
    } else if (idat) {
      idat_ended = 1;
    }
    chunks++;
    offset += 12 + length;
    if (memcmp(type, "IEND", 4) == 0) {
      if (!idat) {
        snprintf(err, err_size, "no IDAT chunk");
        return -1;
      }
      return 0;
    }
  }
  snprintf(err, err_size, "file ends before the IEND chunk (truncated)");
  return -1;
}

int cimg_jpeg_check_structure(const uint8_t *data, size_t size, char *err, size_t err_size) {
  if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
    snprintf(err, err_size, "no JPEG start-of-image marker");
    return -1;
  }
  size_t offset = 2;
  int frame = 0, scans = 0;
  while (offset + 2 <= size) {
    if (data[offset] != 0xFF) {
      snprintf(err, err_size, "expected a marker at byte %zu", offset);
      return -1;
    }
    uint8_t marker = data[offset + 1];
    if (marker == 0xFF) {  // fill byte
      offset++;
      continue;
    }
    offset += 2;
    if (marker == 0xD9) {  // EOI
      if (!frame || !scans) {
        snprintf(err, err_size, "no frame or scan before the end-of-image marker");
        return -1;
      }
      return 0;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // TEM, RSTn: no length
    if (offset + 2 > size) break;
    size_t length = (size_t)data[offset] << 8 | data[offset + 1];
    if (length < 2 || length > size - offset) {
      snprintf(err, err_size, "segment FF%02X runs past the end of the file (truncated?)", marker);
      return -1;
    }
    if ((marker >= 0xC0 && marker <= 0xCF) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) frame = 1;
    offset += length;
    if (marker == 0xDA) {  // SOS: entropy-coded data follows until the next real marker
      if (!frame) {
        snprintf(err, err_size, "scan before frame header");
        return -1;
      }
      scans++;
      // Jumps from one 0xFF to the next with memchr: entropy-coded data is nearly all of a JPEG's bytes.
      while (offset + 1 < size) {
        const uint8_t *ff = memchr(data + offset, 0xFF, size - 1 - offset);
        if (ff == NULL) {
          offset = size - 1;
          break;
        }
        offset = (size_t)(ff - data);
        uint8_t next = data[offset + 1];
        if (next == 0x00 || next == 0xFF || (next >= 0xD0 && next <= 0xD7)) {
          offset += (next == 0xFF) ? 1 : 2;
          continue;
        }
        break;
      }
    }
  }
  snprintf(err, err_size, "file ends before the end-of-image marker (truncated)");
  return -1;
}

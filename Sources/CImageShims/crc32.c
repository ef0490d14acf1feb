// CRC-32 (the zlib/PNG polynomial) for the prefetch path's chunk checks, which read every byte of every download.
// zlib 1.2.13's crc32 is table-driven, a byte or a word at a time; folding with carry-less multiplication
// (PCLMULQDQ, every x86-64 CPU since 2010) does 16 bytes per step (BENCHMARKS.md compares the two). The constants are the standard ones for this polynomial, as in Intel's
// white paper "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction" (2009).
#include "CImageShims.h"
#include <zlib.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define CIMG_HAVE_FOLDING 1

// `crc` is the register form (already inverted); len >= 64 and a multiple of 16; p need not be aligned.
__attribute__((target("pclmul,sse4.1"))) static uint32_t fold_crc32(uint32_t crc, const uint8_t *p, size_t len) {
  const __m128i k1k2 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);  // x^(4*128+32), x^(4*128-32) mod P, reflected
  const __m128i k3k4 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);  // x^(128+32), x^(128-32) mod P
  const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124);              // x^64 mod P
  const __m128i barrett = _mm_set_epi64x(0x1f7011641, 0x1db710641);  // mu, P
  const __m128i low32 = _mm_set_epi32(0, 0, 0, -1);

  __m128i x1 = _mm_loadu_si128((const __m128i *)p), x2 = _mm_loadu_si128((const __m128i *)(p + 16));
  __m128i x3 = _mm_loadu_si128((const __m128i *)(p + 32)), x4 = _mm_loadu_si128((const __m128i *)(p + 48));
  x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
  p += 64;
  len -= 64;
#define FOLD(x, k, next) \
  _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)), next)
  for (; len >= 64; p += 64, len -= 64) {
    x1 = FOLD(x1, k1k2, _mm_loadu_si128((const __m128i *)p));
    x2 = FOLD(x2, k1k2, _mm_loadu_si128((const __m128i *)(p + 16)));
    x3 = FOLD(x3, k1k2, _mm_loadu_si128((const __m128i *)(p + 32)));
    x4 = FOLD(x4, k1k2, _mm_loadu_si128((const __m128i *)(p + 48)));
  }
  x1 = FOLD(x1, k3k4, x2);
  x1 = FOLD(x1, k3k4, x3);
  x1 = FOLD(x1, k3k4, x4);
  for (; len >= 16; p += 16, len -= 16) x1 = FOLD(x1, k3k4, _mm_loadu_si128((const __m128i *)p));
#undef FOLD
  // 128 → 64 bits, then 64 → 32, then Barrett reduction to the 32-bit remainder.
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, k3k4, 0x10));
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 4), _mm_clmulepi64_si128(_mm_and_si128(x1, low32), k5, 0x00));
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x1, low32), barrett, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), barrett, 0x00);
  return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x1, t), 1);
}

static int cpu_can_fold(void) {
  static int answer = -1;  // a benign race: every thread computes the same value
  if (answer < 0) answer = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
  return answer;
}
#endif

uint32_t cimg_crc32(uint32_t crc, const uint8_t *data, size_t size) {
#ifdef CIMG_HAVE_FOLDING
  if (size >= 64 && cpu_can_fold()) {
    size_t folded = size & ~(size_t)15;
    crc = ~fold_crc32(~crc, data, folded);
    data += folded;
    size -= folded;
  }
#endif
  return (uint32_t)crc32_z(crc, data, size);
}

int cimg_crc32_uses_folding(void) {
#ifdef CIMG_HAVE_FOLDING
  return cpu_can_fold();
#else
  return 0;
#endif
}

#ifndef CALLOCATOR_H
#define CALLOCATOR_H

#include <stddef.h>

// glibc's allocator controls and figures (malloc.h is not part of Swift's Glibc module). Elsewhere they do
// nothing and report zeros.
#if defined(__linux__)
#include <malloc.h>  // and with it features.h, which says whether this is glibc
#endif

/// Fixes the size from which an allocation gets pages of its own (M_MMAP_THRESHOLD), which stops glibc raising
/// it as such allocations are freed, and the free space at an arena's top beyond which the arena shrinks
/// (M_TRIM_THRESHOLD, which glibc raises alongside). 1 when both are set.
static inline int callocator_fix_thresholds(int bytes) {
#if defined(__GLIBC__)
  return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, bytes);
#else
  (void)bytes;
  return 0;
#endif
}

/// Whether the block `pointer` (from malloc) has pages of its own: glibc marks such a chunk in the size word
/// before it (IS_MMAPPED). 0 elsewhere.
static inline int callocator_has_own_pages(const void *pointer) {
#if defined(__GLIBC__)
  return (((const size_t *)pointer)[-1] & 2) != 0;
#else
  (void)pointer;
  return 0;
#endif
}

/// Bytes summed over every arena: taken from the system for the arenas, in chunks mapped on their own, handed
/// out, and free inside the arenas.
typedef struct {
  size_t arena;
  size_t mapped;
  size_t in_use;
  size_t free;
} callocator_usage;

static inline callocator_usage callocator_current_usage(void) {
  callocator_usage usage = {0, 0, 0, 0};
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  usage.arena = info.arena;
  usage.mapped = info.hblkhd;
  usage.in_use = info.uordblks;
  usage.free = info.fordblks;
#endif
  return usage;
}

#endif

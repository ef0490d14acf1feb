// The header's inline functions are the whole target; SwiftPM wants a source file.
#include "CAllocator.h"

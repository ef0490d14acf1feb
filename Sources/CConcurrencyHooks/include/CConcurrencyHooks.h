#ifndef CCONCURRENCY_HOOKS_H
#define CCONCURRENCY_HOOKS_H

#include <stdbool.h>

/// Sets the Swift runtime's global-executor hook (`swift_task_enqueueGlobal_hook`) to `hook`, a Swift
/// `@convention(thin) (UnownedJob, original) -> Void` function, unless one is set already: false then.
/// The hook is not exported from a binary that links the runtime statically, so it is reached at link time.
bool cch_install_enqueue_global_hook(void *hook);

#endif

#include "CConcurrencyHooks.h"

#include <stddef.h>

extern void *swift_task_enqueueGlobal_hook;

bool cch_install_enqueue_global_hook(void *hook) {
  void *expected = NULL;
  return __atomic_compare_exchange_n(&swift_task_enqueueGlobal_hook, &expected, hook, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE);
}

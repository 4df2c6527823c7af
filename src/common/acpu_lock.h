/* The runtime's lock for tiny critical sections (a hash probe, a few stores): test-and-test-and-set
 * on one atomic int. Uncontended it costs one atomic exchange to take and one release store to give
 * back, where a pthread mutex needs a locked instruction for each (about 10 ns per call of the
 * 5 that a two-phase call makes). A waiter relaxes the core while the lock is held and yields the
 * CPU after 64 spins, so an oversubscribed machine still makes progress. Not recursive. */
#ifndef ACPU_LOCK_H_
#define ACPU_LOCK_H_

#include <sched.h>
#include <stdatomic.h>

typedef struct {
    atomic_int held;
} acpu_lock;

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ACPU_LOCK_INIT {0}
/* clang-format on */

static inline void acpu_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline void acpu_lock_take(acpu_lock *l)
{
    unsigned spins = 0;
    while (atomic_exchange_explicit(&l->held, 1, memory_order_acquire)) {
        while (atomic_load_explicit(&l->held, memory_order_relaxed)) {
            if (++spins < 64) {
                acpu_cpu_relax();
            } else {
                sched_yield();
                spins = 0;
            }
        }
    }
}

static inline void acpu_lock_give(acpu_lock *l) { atomic_store_explicit(&l->held, 0, memory_order_release); }

#endif /* ACPU_LOCK_H_ */

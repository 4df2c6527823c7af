/* How many OS threads phase 2 may ask libgomp for. libgomp cannot fail gracefully: when it cannot
 * create a thread (`Thread creation failed`) or allocate a team it ends the process, so the library
 * keeps its requests within what the process can create:
 * - at most ACPU_THREADS_PER_CPU threads per CPU of the affinity mask, and at least
 *   ACPU_MIN_THREAD_LIMIT: more threads than CPUs never speed up a kernel, and a few per CPU keep
 *   thread-count experiments running as asked (the determinism suites run 7 threads on 2 CPUs);
 * - under a finite address-space limit (RLIMIT_AS, `ulimit -v`), as many threads as half the
 *   remaining address space holds stacks for (each thread reserves RLIMIT_STACK's size, 8 MiB when
 *   unlimited, plus a guard page). Measured on a 2-CPU machine: a 1M-element call asking for 8
 *   threads under `ulimit -v 60000` ended the process before this rule; 2 threads ran. */
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "acpu_engine.h"

#define ACPU_THREADS_PER_CPU 4u
#define ACPU_MIN_THREAD_LIMIT 8u
#define ACPU_DEFAULT_STACK (8u << 20)
#define ACPU_STACK_SLACK (64u << 10) /* guard page, TLS and libgomp's per-thread data */

static pthread_once_t limits_once = PTHREAD_ONCE_INIT;
static uint64_t as_limit;    /* RLIMIT_AS soft limit in bytes; 0 when unlimited */
static uint64_t stack_bytes; /* address space one more thread reserves */
static unsigned cpu_limit;   /* ACPU_THREADS_PER_CPU per CPU of the affinity mask, >= ACPU_MIN_THREAD_LIMIT */

/* Read once per process: omp_get_num_procs() asks the kernel for the affinity mask on every call (a
 * system call, about a third of a 4K-element call's whole overhead), and getrlimit is one too. */
static void read_limits(void)
{
    int procs = omp_get_num_procs(); /* the CPUs of the process's affinity mask */
    unsigned per_cpu = procs > 0 ? (unsigned)procs * ACPU_THREADS_PER_CPU : 1u;
    cpu_limit = per_cpu > ACPU_MIN_THREAD_LIMIT ? per_cpu : ACPU_MIN_THREAD_LIMIT;
    struct rlimit r;
    as_limit = getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY ? (uint64_t)r.rlim_cur : 0u;
    uint64_t stack = getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur > 0
                         ? (uint64_t)r.rlim_cur : ACPU_DEFAULT_STACK;
    stack_bytes = stack + ACPU_STACK_SLACK;
}

/* The process's current address-space size (first field of /proc/self/statm, in pages); 0 when it
 * cannot be read. */
static uint64_t address_space_used(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long pages = 0;
    if (f != NULL) {
        if (fscanf(f, "%llu", &pages) != 1)
            pages = 0;
        fclose(f);
    }
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (uint64_t)pages * (uint64_t)page : 0u;
}

/* Threads whose stacks fit half the address space left under RLIMIT_AS (1 if none; unlimited when
 * there is no limit or the size cannot be read). */
static unsigned address_space_threads(void)
{
    if (as_limit == 0)
        return UINT_MAX;
    uint64_t used = address_space_used();
    if (used == 0)
        return UINT_MAX;
    uint64_t spare = used < as_limit ? (as_limit - used) / 2u : 0u;
    uint64_t extra = spare / stack_bytes; /* threads beyond the calling one */
    return extra + 1u < UINT_MAX ? (unsigned)(extra + 1u) : UINT_MAX;
}

unsigned acpu_engine_thread_limit(void)
{
    pthread_once(&limits_once, read_limits);
    unsigned by_memory = address_space_threads();
    return by_memory < cpu_limit ? by_memory : cpu_limit;
}

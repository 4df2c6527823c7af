/* How many OS threads phase 2 may ask libgomp for. libgomp cannot fail gracefully: when it cannot
 * create a thread (`Thread creation failed`) or allocate a team it ends the process, so the library
 * keeps its requests within what the process can create:
 * - at most ACPU_THREADS_PER_CPU threads per CPU of the affinity mask, and at least
 *   ACPU_MIN_THREAD_LIMIT: more threads than CPUs never speed up a kernel, and a few per CPU keep
 *   thread-count experiments running as asked (the determinism suites run 7 threads on 2 CPUs);
 * - under a finite address-space limit (RLIMIT_AS, `ulimit -v`) or data limit (RLIMIT_DATA,
 *   `ulimit -d`, which counts thread stacks as private writable mappings), as many threads as half
 *   the remaining room holds stacks for (each thread reserves RLIMIT_STACK's size, 8 MiB when
 *   unlimited, plus slack). tests/test_hardening.c asks for 8 threads 40 MiB above the process's
 *   size under each limit: that ended the process before this rule.
 * The CPU count is read once (omp_get_num_procs() is a system call); the limits and the process's
 * size are read in phase 2, just before a call's team starts, whenever it needs more threads than
 * the running thread's last team had, so that a limit lowered at run time is honoured. A team no larger than the last one
 * creates no thread (libgomp keeps a master's threads docked between regions; when a team shrinks
 * the surplus threads exit, hence the last team, not the largest), so those calls skip the two
 * getrlimit calls (about 0.5 us each on a virtual machine, against a 64K-element call's few
 * microseconds). Nested regions (omp_get_level() > 0) always read them. */
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "acpu_engine.h"
#include "acpu_proc_file.h"

#define ACPU_THREADS_PER_CPU 4u
#define ACPU_MIN_THREAD_LIMIT 8u
#define ACPU_DEFAULT_STACK (8u << 20)
#define ACPU_STACK_SLACK (64u << 10) /* guard page, TLS and libgomp's per-thread data */

static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static unsigned cpu_limit;

static void read_cpus(void)
{
    int procs = omp_get_num_procs(); /* the CPUs of the process's affinity mask */
    unsigned per_cpu = procs > 0 ? (unsigned)procs * ACPU_THREADS_PER_CPU : 1u;
    cpu_limit = per_cpu > ACPU_MIN_THREAD_LIMIT ? per_cpu : ACPU_MIN_THREAD_LIMIT;
}

unsigned acpu_engine_thread_limit(void)
{
    pthread_once(&cpus_once, read_cpus);
    return cpu_limit;
}

/* Soft limit of `resource` in bytes; 0 when unlimited (or unreadable). */
static uint64_t soft_limit(int resource)
{
    struct rlimit r;
    return getrlimit(resource, &r) == 0 && r.rlim_cur != RLIM_INFINITY ? (uint64_t)r.rlim_cur : 0u;
}

/* The process's address-space size and private data size (fields 1 and 6 of /proc/self/statm, in
 * pages: VmSize, and VmData + VmStk), read without stdio so that nothing is allocated. False when
 * they cannot be read. */
static bool process_size(uint64_t *vm, uint64_t *data)
{
    char buf[256];
    if (acpu_proc_file_read("/proc/self/statm", buf, sizeof buf) <= 0)
        return false;
    unsigned long long f[6];
    char *p = buf;
    for (int i = 0; i < 6; i++) {
        char *end;
        f[i] = strtoull(p, &end, 10);
        if (end == p)
            return false;
        p = end;
    }
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0)
        return false;
    *vm = (uint64_t)f[0] * (uint64_t)page;
    *data = (uint64_t)f[5] * (uint64_t)page;
    return true;
}

/* Threads (the calling one included) whose stacks fit half of the room `limit - used`. */
static unsigned threads_in(uint64_t limit, uint64_t used, uint64_t stack)
{
    uint64_t spare = used < limit ? (limit - used) / 2u : 0u;
    uint64_t extra = spare / stack;
    return extra + 1u < UINT_MAX ? (unsigned)(extra + 1u) : UINT_MAX;
}

/* The size of the calling thread's last team at level 0 (acpu_engine_run records it). */
static _Thread_local unsigned last_team;

void acpu_engine_note_team(unsigned threads)
{
    if (omp_get_level() == 0)
        last_team = threads;
}

unsigned acpu_engine_memory_thread_limit(unsigned threads)
{
    if (threads <= last_team && omp_get_level() == 0)
        return UINT_MAX;
    uint64_t as = soft_limit(RLIMIT_AS), data = soft_limit(RLIMIT_DATA);
    if (as == 0 && data == 0)
        return UINT_MAX;
    uint64_t vm, private_size;
    if (!process_size(&vm, &private_size))
        return 1u; /* a limit we cannot measure against: stay out of libgomp */
    uint64_t stack = soft_limit(RLIMIT_STACK);
    stack = (stack != 0 ? stack : ACPU_DEFAULT_STACK) + ACPU_STACK_SLACK;
    unsigned by_as = as != 0 ? threads_in(as, vm, stack) : UINT_MAX;
    unsigned by_data = data != 0 ? threads_in(data, private_size, stack) : UINT_MAX;
    return by_as < by_data ? by_as : by_data;
}

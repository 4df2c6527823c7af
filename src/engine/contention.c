/* Contention back-off (acpu_contention.h). A call was held hostage when its wall time exceeded twice
 * the ideal by more than ACPU_HOSTAGE_SLACK_NS (held_hostage): on a quiet machine a join costs a few
 * microseconds, a descheduled thread a scheduler slice. A call held by less than ACPU_SLICE_NS
 * beyond that alone starts nothing: waking a thread that slept costs as much (the process's first
 * parallel region creates its threads, the probe that ends a back-off period wakes threads that
 * slept through it, and on a virtual machine an idle CPU takes 100-300 us to wake), and the call
 * after it finds the threads awake; the second such call in a row starts the back-off, and each
 * period starts the count again, so that a probe's wake-up alone does not renew it. A call held
 * longer than that waited for a scheduler tick (4 ms with Linux's HZ=250: 3.7-13 ms were measured
 * with a process spinning on one of 2 CPUs) and starts the back-off on its own: every such probe
 * costs a slice, one is enough.
 *
 * When a period ends, the kernel's count of runnable threads decides whether a probe can be clean
 * at all: while other threads would leave one of the call's threads without a CPU (others +
 * threads > online CPUs), the period is extended by ACPU_RECHECK_NS (or 100 times what the look
 * took) with no parallel region. A probe into a busy machine costs more than its own wait:
 * libgomp's workers spin after every region (about 8 ms of CPU per worker on a Xeon), and with one
 * CPU held by another process the OS puts the spinning worker on the caller's CPU, which then
 * waits for a scheduler tick (4 ms) in the calls after the probe, one-thread calls included. The
 * count is /proc/loadavg's runnable field less this process's OpenMP workers that are runnable
 * (their spinning waits for this process's next region; the engine notes their thread ids), so
 * an application's own OpenMP regions between calls are not taken for load. It is host-wide and
 * instantaneous, and it misses what it cannot see (a hypervisor's other guests), so a period
 * still ends in a probe whenever it shows room, and a held probe still doubles the period; the
 * recheck is short because other threads are often runnable only for a moment (a thread pool
 * another library has just created). The state is relaxed atomics shared by all callers: a race
 * between two calls only changes which of their observations wins, never a result. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* syscall(), for the thread id */
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "acpu_contention.h"

#define ACPU_HOSTAGE_SLACK_NS 20000u    /* 20 us */
#define ACPU_BACKOFF_MIN_NS 10000000u   /* 10 ms */
#define ACPU_BACKOFF_MAX_NS 1000000000u /* 1 s */
#define ACPU_HELD_TO_BACK_OFF 2u        /* held calls in a row that start a back-off period */
#define ACPU_SLICE_NS 2000000u          /* 2 ms late: a scheduler slice, not a wake-up */
#define ACPU_RECHECK_NS 2000000u        /* a period extended for want of CPUs: looked at again after 2 ms at least */

static atomic_uint_fast64_t contended_until_ns; /* calls up to contended_elems use fewer threads until then */
static atomic_uint_fast64_t contended_elems;    /* 0: no contention seen since the last clean probe */
static atomic_uint_fast64_t contended_threads;  /* the prompt threads of the last hostage call */
static atomic_uint_fast64_t backoff_ns = ACPU_BACKOFF_MIN_NS;
static atomic_uint_fast64_t held_in_row; /* held multi-threaded calls since the last clean one or period */

bool acpu_loadavg_runnable(const char *text, unsigned *runnable)
{
    const char *p = text;
    for (int field = 0; field < 3 && p != NULL; field++) {
        p = strchr(p, ' ');
        p = p != NULL ? p + 1 : NULL;
    }
    if (p == NULL || *p < '0' || *p > '9')
        return false;
    char *end;
    unsigned long r = strtoul(p, &end, 10);
    if (*end != '/' || r == 0 || r > 1000000u)
        return false;
    *runnable = (unsigned)r;
    return true;
}

bool acpu_task_stat_running(const char *text)
{
    const char *close_paren = strrchr(text, ')'); /* the command name may hold ')' itself */
    return close_paren != NULL && close_paren[1] == ' ' && close_paren[2] == 'R';
}

#if defined(__linux__)
/* The thread ids of this process's OpenMP workers, by thread number (0, the caller, is not
 * kept), as seen in the engine's parallel regions: libgomp keeps a calling thread's pool, so the
 * same threads run its later regions, the application's own ones included. */
static atomic_int worker_tid[ACPU_CONTENTION_SLOTS];

void acpu_contention_note_thread(unsigned index)
{
    static _Thread_local int my_tid;
    if (index == 0 || index >= ACPU_CONTENTION_SLOTS)
        return;
    if (my_tid == 0)
        my_tid = (int)syscall(SYS_gettid);
    if (atomic_load_explicit(&worker_tid[index], memory_order_relaxed) != my_tid)
        atomic_store_explicit(&worker_tid[index], my_tid, memory_order_relaxed);
}

/* Whether thread `tid` of this process is runnable (/proc/self/task/<tid>/stat's state R); a
 * thread that is gone is forgotten. */
static bool worker_running(unsigned index, int tid)
{
    char path[64], buf[128];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        atomic_compare_exchange_strong_explicit(&worker_tid[index], &tid, 0, memory_order_relaxed,
                                                memory_order_relaxed);
        return false;
    }
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    return acpu_task_stat_running(buf);
}

/* /proc/loadavg's runnable count less this process's OpenMP workers that are runnable (after a
 * parallel region, its own or the application's, libgomp's workers spin for milliseconds: they
 * wait for this process's next region, they do not compete with it), and the online CPUs (cached:
 * reading them is a file read too). */
static bool proc_runnable(unsigned *runnable, unsigned *cpus)
{
    static atomic_long online;
    char buf[128];
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return false;
    buf[n] = '\0';
    if (!acpu_loadavg_runnable(buf, runnable))
        return false;
    unsigned counted = *runnable;
    for (unsigned i = 1; i < ACPU_CONTENTION_SLOTS && counted > 1; i++) {
        int tid = atomic_load_explicit(&worker_tid[i], memory_order_relaxed);
        if (tid != 0 && worker_running(i, tid))
            counted--;
    }
    *runnable = counted;
    long cpu = atomic_load_explicit(&online, memory_order_relaxed);
    if (cpu <= 0) {
        cpu = sysconf(_SC_NPROCESSORS_ONLN);
        if (cpu <= 0)
            return false;
        atomic_store_explicit(&online, cpu, memory_order_relaxed);
    }
    *cpus = cpu > 1000000 ? 1000000u : (unsigned)cpu;
    return true;
}
static acpu_runnable_fn runnable_source_default = proc_runnable;
#else
void acpu_contention_note_thread(unsigned index) { (void)index; }
static acpu_runnable_fn runnable_source_default = NULL;
#endif
static _Atomic(acpu_runnable_fn) runnable_source;
static atomic_bool runnable_source_set;

void acpu_contention_set_runnable_source(acpu_runnable_fn fn)
{
    atomic_store_explicit(&runnable_source, fn, memory_order_relaxed);
    atomic_store_explicit(&runnable_source_set, fn != NULL, memory_order_relaxed);
}

/* Whether other runnable threads would leave one of `threads` without a CPU: others (the runnable
 * count less this thread) + threads > online CPUs. False when the count cannot be read. */
static bool others_take_cpus(unsigned threads)
{
    acpu_runnable_fn fn = atomic_load_explicit(&runnable_source_set, memory_order_relaxed)
                              ? atomic_load_explicit(&runnable_source, memory_order_relaxed)
                              : runnable_source_default;
    unsigned runnable, cpus;
    if (fn == NULL || !fn(&runnable, &cpus))
        return false;
    return (uint64_t)(runnable - 1u) + threads > cpus;
}

uint64_t acpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

unsigned acpu_contention_threads(unsigned threads, uint64_t total)
{
    uint64_t elems = atomic_load_explicit(&contended_elems, memory_order_relaxed);
    if (threads <= 1 || elems == 0 || total > elems)
        return threads;
    uint64_t now = acpu_now_ns();
    if (now >= atomic_load_explicit(&contended_until_ns, memory_order_relaxed)) {
        if (!others_take_cpus(threads))
            return threads; /* the period is over and the CPUs have room: a probe with every thread */
        /* looked at again after 2 ms, or 100 times what this look took (a file read per
         * OpenMP worker: about 6 us each on a Xeon), so that looking costs at most 1% */
        uint64_t looked = acpu_now_ns() - now;
        uint64_t again = looked * 100u > ACPU_RECHECK_NS ? looked * 100u : ACPU_RECHECK_NS;
        atomic_store_explicit(&contended_until_ns, now + again, memory_order_relaxed);
    }
    uint64_t prompt = atomic_load_explicit(&contended_threads, memory_order_relaxed);
    return prompt >= 1 && prompt < threads ? (unsigned)prompt : threads;
}

/* How long the call waited for threads that were not running (0: it did not). Wall times include a
 * thread's time off the CPU, so the yardstick is the fastest thread's time per unit t_u: the call
 * was held when its wall time exceeded twice the ideal U * t_u / n (U units, n threads) plus the
 * slack, by its excess over twice the ideal. A thread was prompt when it arrived within the slack
 * and took no more than twice t_u per unit it ran. */
static uint64_t held_hostage(uint64_t fork_ns, uint64_t join_ns, const acpu_thread_times *t, unsigned n,
                             uint64_t *prompt)
{
    uint64_t units = 0, per_unit = UINT64_MAX;
    for (unsigned i = 0; i < n; i++) {
        uint64_t busy = t[i].leave_ns > t[i].arrive_ns ? t[i].leave_ns - t[i].arrive_ns : 0;
        units += t[i].units;
        if (t[i].units > 0 && busy / t[i].units < per_unit)
            per_unit = busy / t[i].units;
    }
    *prompt = 0;
    if (n == 0 || units == 0 || per_unit == UINT64_MAX)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t busy = t[i].leave_ns > t[i].arrive_ns ? t[i].leave_ns - t[i].arrive_ns : 0;
        uint64_t late = t[i].arrive_ns > fork_ns ? t[i].arrive_ns - fork_ns : 0;
        *prompt += late <= ACPU_HOSTAGE_SLACK_NS && t[i].units > 0 &&
                   busy <= 2u * t[i].units * per_unit + ACPU_HOSTAGE_SLACK_NS;
    }
    uint64_t wall = join_ns > fork_ns ? join_ns - fork_ns : 0, twice_ideal = 2u * (units * per_unit / n);
    return wall > twice_ideal + ACPU_HOSTAGE_SLACK_NS ? wall - twice_ideal : 0;
}

void acpu_contention_observe(uint64_t total, uint64_t fork_ns, uint64_t join_ns, const acpu_thread_times *t, unsigned n)
{
    uint64_t prompt;
    uint64_t late = held_hostage(fork_ns, join_ns, t, n, &prompt);
    if (late > 0) {
        if (late <= ACPU_SLICE_NS &&
            atomic_fetch_add_explicit(&held_in_row, 1, memory_order_relaxed) + 1 < ACPU_HELD_TO_BACK_OFF)
            return;
        atomic_store_explicit(&held_in_row, 0, memory_order_relaxed);
        uint64_t backoff = atomic_load_explicit(&backoff_ns, memory_order_relaxed);
        uint64_t elems = atomic_load_explicit(&contended_elems, memory_order_relaxed);
        /* the prompt threads, and at least one fewer than this call had */
        uint64_t keep = prompt < n ? prompt : n - 1;
        atomic_store_explicit(&contended_threads, keep >= 1 ? keep : 1, memory_order_relaxed);
        atomic_store_explicit(&contended_elems, total > elems ? total : elems, memory_order_relaxed);
        atomic_store_explicit(&contended_until_ns, join_ns + backoff, memory_order_relaxed);
        atomic_store_explicit(&backoff_ns, backoff * 2 < ACPU_BACKOFF_MAX_NS ? backoff * 2 : ACPU_BACKOFF_MAX_NS,
                              memory_order_relaxed);
        return;
    }
    atomic_store_explicit(&held_in_row, 0, memory_order_relaxed);
    /* A clean call of a size the contention covered: the contention is over. */
    if (total <= atomic_load_explicit(&contended_elems, memory_order_relaxed)) {
        atomic_store_explicit(&contended_elems, 0, memory_order_relaxed);
        atomic_store_explicit(&backoff_ns, ACPU_BACKOFF_MIN_NS, memory_order_relaxed);
    }
}

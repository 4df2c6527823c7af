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
 * threads > online CPUs, threads counted up to the CPUs), the period is put off (period_end_probes)
 * with no parallel region, and until the next look the calls run on the CPUs the others leave free
 * when those outnumber the held call's prompt threads (a 16-thread call on 16 CPUs, one kept busy,
 * had often only its calling thread prompt: the wake-ups of the rest took longer than the slack),
 * one CPU fewer after each call held on them; only a clean probe (a call outside any period, or the
 * one that ends a period) ends the contention, not a clean call inside a period. A probe into a
 * busy machine costs more than its own wait: libgomp's workers spin after every
 * region (about 8 ms of CPU per worker on a Xeon), and with one CPU held by another process the
 * OS puts the spinning worker on the caller's CPU, which then waits for a scheduler tick (4 ms) in
 * the calls after the probe, one-thread calls included. The count is /proc/loadavg's runnable
 * field less this process's OpenMP workers that are runnable (their spinning waits for this
 * process's next region; the engine notes their thread ids), so that an application's own OpenMP
 * regions between calls are not taken for load. It is host-wide and instantaneous and it
 * misjudges some loads (a hypervisor's other guests, threads on CPUs outside this process's
 * affinity, workers of another copy of libgomp or of another calling thread's pool), so a period
 * still ends in a probe whenever it shows room, a held probe still doubles the period, and after
 * ACPU_BACKOFF_MAX_NS of delays in a row a probe runs anyway. The state is atomics shared by all
 * callers (relaxed, but for a new period's size, published after its end): a race between two calls
 * only changes which of their observations wins, never a result. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* syscall(), for the thread id */
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

#include "acpu_proc_file.h"
#endif

#include "acpu_contention.h"

#define ACPU_HOSTAGE_SLACK_NS 20000u    /* 20 us */
#define ACPU_BACKOFF_MIN_NS 10000000u   /* 10 ms */
#define ACPU_BACKOFF_MAX_NS 1000000000u /* 1 s */
#define ACPU_HELD_TO_BACK_OFF 2u        /* held calls in a row that start a back-off period */
#define ACPU_SLICE_NS 2000000u          /* 2 ms late: a scheduler slice, not a wake-up */
#define ACPU_RECHECK_NS 2000000u        /* a period put off for want of CPUs: looked at again after 2 ms */
#define ACPU_RECHECK_MAX_NS 100000000u  /* ... and after 100 ms at most */

static atomic_uint_fast64_t contended_until_ns; /* calls up to contended_elems use fewer threads until then */
static atomic_uint_fast64_t contended_elems;    /* 0: no contention seen since the last clean probe */
static atomic_uint_fast64_t contended_threads;  /* the prompt threads of the last hostage call */
static atomic_uint_fast64_t contended_room;     /* CPUs the last put-off look left free, less one per held
                                                 * call since (0: no look yet) */
static atomic_uint_fast64_t backoff_ns = ACPU_BACKOFF_MIN_NS;
static atomic_uint_fast64_t held_in_row;      /* held multi-threaded calls since the last clean one or period */
static atomic_uint_fast64_t put_off_since_ns; /* the first period end in a row put off for want of CPUs; 0: none */

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

char acpu_task_stat_state(const char *text)
{
    const char *close_paren = strrchr(text, ')'); /* the command name may hold ')' itself */
    if (close_paren == NULL || close_paren[1] != ' ' || close_paren[2] < 'A' || close_paren[2] > 'Z' ||
        (close_paren[3] != ' ' && close_paren[3] != '\0' && close_paren[3] != '\n'))
        return 0;
    return close_paren[2];
}

#if defined(__linux__)
/* The thread ids of this process's OpenMP workers, by thread number (0, the caller, is not
 * kept), as seen in the engine's parallel regions: libgomp keeps a calling thread's pool, so the
 * same threads run its later regions, the application's own ones included. */
static atomic_int worker_tid[ACPU_CONTENTION_SLOTS];

/* The calling thread's id (cached per thread: a system call). */
static int this_tid(void)
{
    static _Thread_local int my_tid;
    if (my_tid == 0)
        my_tid = (int)syscall(SYS_gettid);
    return my_tid;
}

void acpu_contention_note_thread(unsigned index)
{
    if (index == 0 || index >= ACPU_CONTENTION_SLOTS)
        return;
    int tid = this_tid();
    if (atomic_load_explicit(&worker_tid[index], memory_order_relaxed) != tid)
        atomic_store_explicit(&worker_tid[index], tid, memory_order_relaxed);
}

/* Whether thread `tid` of this process is runnable (/proc/self/task/<tid>/stat's state R); a
 * thread that is gone, or exiting (a zombie, Z, or dead, X, until it is reaped), is forgotten. */
static bool worker_running(unsigned index, int tid)
{
    char path[64], buf[128];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    ssize_t n = acpu_proc_file_read(path, buf, sizeof buf);
    char state = n > 0 ? acpu_task_stat_state(buf) : 0;
    if (n < 0 || state == 'Z' || state == 'X')
        atomic_compare_exchange_strong_explicit(&worker_tid[index], &tid, 0, memory_order_relaxed,
                                                memory_order_relaxed);
    return state == 'R';
}

/* How many of the noted workers are runnable (at most `limit`; a thread id noted twice, by a
 * thread that ran under two numbers, counts once; the calling thread, a worker of an
 * application's region that calls the library, is not one: the caller is counted apart). */
static unsigned own_workers_running(unsigned limit)
{
    int seen[ACPU_CONTENTION_SLOTS];
    unsigned n_seen = 0, running = 0;
    int caller = this_tid();
    for (unsigned i = 1; i < ACPU_CONTENTION_SLOTS; i++) {
        int tid = atomic_load_explicit(&worker_tid[i], memory_order_relaxed);
        bool again = tid == caller;
        for (unsigned k = 0; k < n_seen && !again; k++)
            again = seen[k] == tid;
        if (tid == 0 || again)
            continue;
        seen[n_seen++] = tid;
        running += worker_running(i, tid);
    }
    return running < limit ? running : limit;
}

/* /proc/loadavg's runnable count less this process's OpenMP workers that are runnable (after a
 * parallel region, its own or the application's, libgomp's workers spin for milliseconds: they
 * wait for this process's next region, they do not compete with it), and the online CPUs (cached:
 * reading them is a file read too). */
static bool proc_runnable(unsigned *runnable, unsigned *cpus)
{
    static atomic_long online;
    char buf[128];
    if (acpu_proc_file_read("/proc/loadavg", buf, sizeof buf) <= 0 || !acpu_loadavg_runnable(buf, runnable))
        return false;
    *runnable -= own_workers_running(*runnable - 1u);
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
int acpu_contention_noted_thread(unsigned index)
{
    return index < ACPU_CONTENTION_SLOTS ? atomic_load_explicit(&worker_tid[index], memory_order_relaxed) : 0;
}
unsigned acpu_contention_own_running(void) { return own_workers_running(ACPU_CONTENTION_SLOTS); }
#define ACPU_DEFAULT_RUNNABLE_SOURCE proc_runnable
#else
void acpu_contention_note_thread(unsigned index) { (void)index; }
int acpu_contention_noted_thread(unsigned index)
{
    (void)index;
    return 0;
}
unsigned acpu_contention_own_running(void) { return 0; }
#define ACPU_DEFAULT_RUNNABLE_SOURCE NULL
#endif
static _Atomic(acpu_runnable_fn) runnable_source; /* NULL: the default */
static _Atomic(acpu_clock_fn) clock_source;       /* NULL: acpu_now_ns */

void acpu_contention_set_clock(acpu_clock_fn fn) { atomic_store_explicit(&clock_source, fn, memory_order_relaxed); }

/* The rule's clock: acpu_now_ns, the clock the engine's observations are taken on, or a test's. */
static uint64_t rule_now_ns(void)
{
    acpu_clock_fn fn = atomic_load_explicit(&clock_source, memory_order_relaxed);
    return fn != NULL ? fn() : acpu_now_ns();
}

void acpu_contention_set_runnable_source(acpu_runnable_fn fn)
{
    atomic_store_explicit(&runnable_source, fn, memory_order_relaxed);
}

bool acpu_contention_runnable(unsigned *runnable, unsigned *cpus)
{
    acpu_runnable_fn fn = atomic_load_explicit(&runnable_source, memory_order_relaxed);
    fn = fn != NULL ? fn : ACPU_DEFAULT_RUNNABLE_SOURCE;
    return fn != NULL && fn(runnable, cpus);
}

/* Whether other runnable threads would leave one of `threads` without a CPU: others (the runnable
 * count less this thread) + threads > online CPUs, with threads counted up to the CPUs (a call
 * asked to run more threads than CPUs shares them with itself, and a quiet machine has room for
 * it). False when the count cannot be read. When true, *room is the CPUs the others leave (at
 * least 1): 15 of 16 with one other process spinning. */
static bool others_take_cpus(unsigned threads, uint64_t *room)
{
    unsigned runnable, cpus;
    if (!acpu_contention_runnable(&runnable, &cpus))
        return false;
    uint64_t others = runnable > 0 ? runnable - 1u : 0;
    *room = others < cpus ? cpus - others : 1;
    return others + (threads < cpus ? threads : cpus) > cpus;
}

static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* At the end of a period: whether this call probes with every thread. One caller looks (it moves
 * the end first; the others keep the prompt threads meanwhile). While the count shows no room,
 * the period is put off by ACPU_RECHECK_NS, or 100 times the CPU time the look took (a file read
 * per OpenMP worker: about 6 us each on a Xeon), so that looking costs at most 1%, up to
 * ACPU_RECHECK_MAX_NS; after ACPU_BACKOFF_MAX_NS of such delays in a row a probe runs anyway, as
 * the count may misjudge this process's CPUs (load on CPUs outside its affinity, another copy of
 * libgomp's workers). */
static bool period_end_probes(uint64_t now, uint_fast64_t until, unsigned threads)
{
    if (!atomic_compare_exchange_strong_explicit(&contended_until_ns, &until, now + ACPU_RECHECK_NS,
                                                 memory_order_relaxed, memory_order_relaxed))
        return false;
    uint64_t since = atomic_load_explicit(&put_off_since_ns, memory_order_relaxed);
    uint64_t cpu0 = thread_cpu_ns(), room = 0;
    if ((since != 0 && now - since >= ACPU_BACKOFF_MAX_NS) || !others_take_cpus(threads, &room)) {
        atomic_store_explicit(&put_off_since_ns, 0, memory_order_relaxed);
        return true;
    }
    if (since == 0)
        atomic_store_explicit(&put_off_since_ns, now, memory_order_relaxed);
    atomic_store_explicit(&contended_room, room, memory_order_relaxed);
    uint64_t again = (thread_cpu_ns() - cpu0) * 100u;
    again = again < ACPU_RECHECK_NS ? ACPU_RECHECK_NS : again > ACPU_RECHECK_MAX_NS ? ACPU_RECHECK_MAX_NS : again;
    /* only over this look's own end: a period that another call's observation set meanwhile stays */
    uint_fast64_t mine = now + ACPU_RECHECK_NS;
    atomic_compare_exchange_strong_explicit(&contended_until_ns, &mine, now + again, memory_order_relaxed,
                                            memory_order_relaxed);
    return false;
}

uint64_t acpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

unsigned acpu_contention_threads(unsigned threads, uint64_t total, bool *probe)
{
    bool ignored;
    probe = probe != NULL ? probe : &ignored;
    *probe = true;
    uint64_t elems = atomic_load_explicit(&contended_elems, memory_order_acquire);
    if (threads <= 1 || elems == 0 || total > elems)
        return threads;
    uint64_t now = rule_now_ns(), until = atomic_load_explicit(&contended_until_ns, memory_order_relaxed);
    if (now >= until && period_end_probes(now, until, threads))
        return threads; /* the period is over and the CPUs have room: a probe with every thread */
    *probe = false;     /* in a period, even where it leaves this call all its threads */
    /* the prompt threads of the held call, or the CPUs the last look found free if more: on 16
     * CPUs with one kept busy, 15 threads rather than the few that woke within the slack */
    uint64_t prompt = atomic_load_explicit(&contended_threads, memory_order_relaxed);
    uint64_t room = atomic_load_explicit(&contended_room, memory_order_relaxed);
    uint64_t keep = prompt > room ? prompt : room;
    return keep >= 1 && keep < threads ? (unsigned)keep : threads;
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

void acpu_contention_observe(uint64_t total, uint64_t fork_ns, uint64_t join_ns, const acpu_thread_times *t, unsigned n,
                             bool probe)
{
    uint64_t prompt;
    uint64_t late = held_hostage(fork_ns, join_ns, t, n, &prompt);
    if (late > 0) {
        if (late <= ACPU_SLICE_NS &&
            atomic_fetch_add_explicit(&held_in_row, 1, memory_order_relaxed) + 1 < ACPU_HELD_TO_BACK_OFF)
            return;
        atomic_store_explicit(&held_in_row, 0, memory_order_relaxed);
        atomic_store_explicit(&put_off_since_ns, 0, memory_order_relaxed); /* a new period: delays start over */
        uint64_t backoff = atomic_load_explicit(&backoff_ns, memory_order_relaxed);
        uint64_t elems = atomic_load_explicit(&contended_elems, memory_order_relaxed);
        /* the prompt threads, and at least one fewer than this call had */
        uint64_t keep = prompt < n ? prompt : n - 1;
        /* the period's end and threads first, the size last (release; read with acquire): a call
         * that sees a new size (from none, or larger) sees them too; one that pairs an unchanged
         * size with the old end only starts a look, which the end's compare-and-swap settles */
        atomic_store_explicit(&contended_threads, keep >= 1 ? keep : 1, memory_order_relaxed);
        /* one CPU fewer than the last look found free (the call on that many was held), until the
         * next look counts anew; no look yet: the prompt threads alone */
        uint64_t room = atomic_load_explicit(&contended_room, memory_order_relaxed);
        atomic_store_explicit(&contended_room, room > 1 ? room - 1 : 0, memory_order_relaxed);
        atomic_store_explicit(&contended_until_ns, join_ns + backoff, memory_order_relaxed);
        atomic_store_explicit(&contended_elems, total > elems ? total : elems, memory_order_release);
        atomic_store_explicit(&backoff_ns, backoff * 2 < ACPU_BACKOFF_MAX_NS ? backoff * 2 : ACPU_BACKOFF_MAX_NS,
                              memory_order_relaxed);
        return;
    }
    atomic_store_explicit(&held_in_row, 0, memory_order_relaxed);
    /* A clean probe (a call outside any period, or the probe that ends one) of a size the contention
     * covered: the contention is over. A clean call inside a period, on fewer threads than asked or
     * on all of a few (no more than the room), says nothing of the CPUs it did not use. */
    if (probe && total <= atomic_load_explicit(&contended_elems, memory_order_relaxed)) {
        atomic_store_explicit(&contended_elems, 0, memory_order_relaxed);
        atomic_store_explicit(&backoff_ns, ACPU_BACKOFF_MIN_NS, memory_order_relaxed);
    }
}

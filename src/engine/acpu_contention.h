/* Contention: a multi-threaded call whose threads did not all run promptly (another process kept
 * their CPUs busy) waited at OpenMP's join for a thread the OS had not scheduled, up to a
 * scheduler slice (milliseconds against microseconds of work). The engine shares work dynamically,
 * so such a thread holds no work, but the join still waits for it to arrive. After two such calls in
 * a row (one alone is what waking a sleeping thread costs), or one held for more than a scheduler
 * slice, calls of that size or smaller run on the threads that were prompt (or on the CPUs that
 * other runnable threads leave free, once a look found them more), for a back-off period
 * that doubles while the contention lasts (probes with all threads end each period, once the
 * kernel's count of runnable threads shows room for them, or after a second of periods put off
 * for want of room, as the count can misjudge). Results do not
 * depend on the thread count, so this changes timing only. */
#ifndef ACPU_CONTENTION_H_
#define ACPU_CONTENTION_H_

#include <stdbool.h>
#include <stdint.h>

#define ACPU_CONTENTION_SLOTS 64u /* threads observed per call (the rest are not counted) */

typedef struct {
    uint64_t arrive_ns, leave_ns; /* a thread's entry into the parallel region and its exit */
    uint64_t units;               /* work units it ran */
} acpu_thread_times;

uint64_t acpu_now_ns(void);
/* The kernel's count of runnable threads that compete with the caller's (the caller included)
 * and of online CPUs; false when unknown. The default reads /proc/loadavg, less this process's
 * runnable OpenMP workers (Linux; elsewhere none); tests set their own, NULL restores it. */
typedef bool (*acpu_runnable_fn)(unsigned *runnable, unsigned *cpus);
void acpu_contention_set_runnable_source(acpu_runnable_fn fn);
/* The clock the rule compares periods' ends with (for tests, whose observations then give times on
 * it; NULL: acpu_now_ns, the engine's). */
typedef uint64_t (*acpu_clock_fn)(void);
void acpu_contention_set_clock(acpu_clock_fn fn);
/* The count as the active source gives it (for tests: the default when none is set). */
bool acpu_contention_runnable(unsigned *runnable, unsigned *cpus);
/* The thread id noted for OpenMP thread `index` (0: none, or forgotten after it exited). */
int acpu_contention_noted_thread(unsigned index);
/* How many noted threads other than the caller are runnable now (what the default count leaves
 * out; for tests). */
unsigned acpu_contention_own_running(void);
/* Called by thread `index` of an engine's parallel region: its thread id is kept, so that its
 * spinning after a region is not taken for another process's load. */
void acpu_contention_note_thread(unsigned index);
/* The state letter of a /proc/<pid>/task/<tid>/stat text (R runnable, S sleeping, Z zombie, ...);
 * 0 when the text is not of that form. */
char acpu_task_stat_state(const char *text);
/* The runnable count in /proc/loadavg's text ("0.50 0.40 0.30 2/345 6789": 2); false when the
 * text is not of that form or the count is 0. */
bool acpu_loadavg_runnable(const char *text, unsigned *runnable);
/* Threads for a call of `total` elements that asks for `threads`: fewer while a contention period for
 * calls of this size is running. *probe (when not NULL): whether the call runs outside any period or
 * as the probe that ends one (what acpu_contention_observe is told). */
unsigned acpu_contention_threads(unsigned threads, uint64_t total, bool *probe);
/* Records one multi-threaded call: forked at fork_ns, joined at join_ns, `n` threads' times; `probe`:
 * acpu_contention_threads's flag for it (only a clean probe ends a contention). */
void acpu_contention_observe(uint64_t total, uint64_t fork_ns, uint64_t join_ns, const acpu_thread_times *t, unsigned n,
                             bool probe);

#endif /* ACPU_CONTENTION_H_ */

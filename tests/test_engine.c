/* The engine's work sharing and its contention back-off (engine/acpu_contention.h): the back-off
 * rule on synthetic observations, and every registry API bit-identical at 2 and 3 threads while
 * spinning threads keep the CPUs busy (threads descheduled mid-call, units taken over by the others,
 * calls moved to fewer threads and back) to the same call on one quiet thread; every API's
 * 16-bit calls the same bits with lookup tables on as off (kernels/ops/lookup.h); every API and
 * dtype the same bits with streaming stores on as off, nothing written around a misaligned output,
 * and AUTO's rule (kernels/ops/stream.h); the threads an in-place call plans by its kernel's form
 * (acpu_kernel_bytes_bound). */
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpu_test.h"
#include "acpu_test_opinfo.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_elu.h"
#include "engine/acpu_contention.h"
#include "engine/acpu_engine.h"
#include "ops/acpu_op_call.h"
#include "ops/acpu_tables.h"
#include "settings/acpu_settings.h"

#define MS 1000000u

/* A call of 50 us of work that waited `wait_ns` in all for a thread that arrived after the work
 * was done. */
static void observe_held(uint64_t total, uint64_t join_ns, uint64_t wait_ns)
{
    uint64_t fork_ns = join_ns - wait_ns;
    acpu_thread_times t[2] = {{fork_ns, fork_ns + 50000, 16}, {join_ns - 1000, join_ns - 900, 0}};
    acpu_contention_observe(total, fork_ns, join_ns, t, 2, true);
}

/* Held 5 ms, a scheduler slice: starts a back-off on its own. */
static void observe_hostage(uint64_t total, uint64_t join_ns) { observe_held(total, join_ns, 5 * MS); }

/* Held 300 us, what waking a sleeping thread costs: the second in a row starts a back-off. */
static void observe_wakeup(uint64_t total, uint64_t join_ns) { observe_held(total, join_ns, 300000); }

/* A call whose two threads ran promptly; `probe`: it ran every thread asked for. */
static void observe_clean_call(uint64_t total, uint64_t join_ns, bool probe)
{
    uint64_t fork_ns = join_ns - 60000;
    acpu_thread_times t[2] = {{fork_ns + 1000, join_ns - 2000, 8}, {fork_ns + 3000, join_ns - 1000, 8}};
    acpu_contention_observe(total, fork_ns, join_ns, t, 2, probe);
}

static void observe_clean(uint64_t total, uint64_t join_ns) { observe_clean_call(total, join_ns, true); }

/* The kernel's runnable-thread count as these tests set it (acpu_contention_set_runnable_source):
 * the rule's tests run on a quiet machine of 4 CPUs whatever the host's load is. */
static unsigned fake_runnable = 1, fake_cpus = 4;

static bool fake_source(unsigned *runnable, unsigned *cpus)
{
    *runnable = fake_runnable;
    *cpus = fake_cpus;
    return true;
}

static bool unknown_source(unsigned *runnable, unsigned *cpus)
{
    (void)runnable;
    (void)cpus;
    return false;
}

/* The rule's clock in these tests: it moves only when a test advances it, so that no assertion
 * depends on how promptly a loaded machine runs the test. */
static uint64_t fake_now_ns = 1000000u * (uint64_t)MS; /* 1000 s */

static uint64_t fake_clock(void) { return fake_now_ns; }

static void advance_ms(unsigned ms) { fake_now_ns += (uint64_t)ms * MS; }

static void quiet_cpus(void)
{
    acpu_contention_set_runnable_source(fake_source);
    acpu_contention_set_clock(fake_clock);
}

static void real_cpus(void)
{
    acpu_contention_set_runnable_source(NULL);
    acpu_contention_set_clock(NULL);
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
}

START_TEST(test_backoff_rule)
{
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2); /* nothing observed yet */
    observe_clean(65536, fake_now_ns);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_hostage(65536, fake_now_ns); /* 10 ms of back-off for calls up to 65536 elements */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
    ck_assert_uint_eq(acpu_contention_threads(2, 1000, NULL), 1);
    ck_assert_uint_eq(acpu_contention_threads(1, 1000, NULL), 1);
    ck_assert_uint_eq(acpu_contention_threads(2, 65537, NULL), 2); /* larger calls share work as before */
    advance_ms(15);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2); /* the period ended: a probe */
    /* Held again: the back-off doubled to 20 ms. Observed as if joined 12 ms ago, the period still
     * has 8 ms to run (it would be over with 10 ms). */
    observe_hostage(65536, fake_now_ns - 12 * MS);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
    advance_ms(10);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_clean(65536, fake_now_ns); /* a clean probe ends the contention */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_hostage(1 << 20, fake_now_ns); /* the back-off starts again at 10 ms */
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 1);
    advance_ms(15);
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 4);
}
END_TEST

/* One call held briefly (a sleeping thread woken: the first parallel region, a probe) starts
 * nothing; a clean call between two held ones starts the count again. */
START_TEST(test_one_held_call_forgiven)
{
    observe_wakeup(65536, fake_now_ns);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_clean(65536, fake_now_ns);
    observe_wakeup(65536, fake_now_ns);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_wakeup(65536, fake_now_ns); /* the second in a row */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
    advance_ms(15);
    observe_wakeup(65536, fake_now_ns); /* the probe after the period: woken, forgiven */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_clean(65536, fake_now_ns);
    observe_hostage(65536, fake_now_ns); /* held for a slice, after a clean call: one is enough */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
}
END_TEST

/* Just under and just over the slice: 2 ms beyond twice the work's ideal time (2 x 25 us here). */
START_TEST(test_slice_threshold)
{
    observe_held(65536, fake_now_ns, 2 * MS + 40000);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_clean(65536, fake_now_ns);
    /* joined "in 500 ms", so that the period it starts is still running when checked */
    observe_held(65536, fake_now_ns + 500 * MS, 2 * MS + 60000);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
}
END_TEST

START_TEST(test_prompt_threads_kept)
{
    /* 4 threads, 3 of which ran units, held for a slice: the back-off keeps those 3 */
    uint64_t join_ns = fake_now_ns, fork_ns = join_ns - 5 * MS;
    acpu_thread_times t[4] = {{fork_ns, fork_ns + 40000, 5},
                              {fork_ns, fork_ns + 40000, 5},
                              {fork_ns, fork_ns + 40000, 6},
                              {join_ns - 500, join_ns - 400, 0}};
    acpu_contention_observe(1 << 16, fork_ns, join_ns, t, 4, true);
    ck_assert_uint_eq(acpu_contention_threads(4, 1 << 16, NULL), 3);
    ck_assert_uint_eq(acpu_contention_threads(2, 1 << 16, NULL), 2);
}
END_TEST

START_TEST(test_preempted_thread_detected)
{
    /* both threads ran units, but thread 1 was off its CPU for 5 ms holding one: its wall time
     * counts that, its rate shows it; the call was held, the back-off keeps thread 0 */
    uint64_t join_ns = fake_now_ns, fork_ns = join_ns - 5 * MS;
    acpu_thread_times t[2] = {{fork_ns + 1000, fork_ns + 60000, 15}, {fork_ns + 2000, join_ns - 1000, 1}};
    acpu_contention_observe(1 << 16, fork_ns, join_ns, t, 2, true);
    ck_assert_uint_eq(acpu_contention_threads(2, 1 << 16, NULL), 1);
}
END_TEST

START_TEST(test_quiet_call_not_held)
{
    /* two threads at rates within 2x of each other and a join of a few microseconds: not held */
    uint64_t join_ns = fake_now_ns, fork_ns = join_ns - 70000;
    acpu_thread_times t[2] = {{fork_ns + 500, join_ns - 3000, 8}, {fork_ns + 4000, join_ns - 2000, 5}};
    acpu_contention_observe(1 << 16, fork_ns, join_ns, t, 2, true);
    ck_assert_uint_eq(acpu_contention_threads(2, 1 << 16, NULL), 2);
}
END_TEST

/* A period that ends while other threads hold the CPUs a probe would need (others + threads >
 * CPUs) is put off by 2 ms (or 100 times the look's CPU time) without a probe; once the count
 * shows room, the next call probes. */
START_TEST(test_period_extended_while_cpus_taken)
{
    fake_cpus = 2;
    fake_runnable = 2; /* this thread and one other, on 2 CPUs */
    observe_hostage(65536, fake_now_ns);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
    advance_ms(15);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1); /* over, but no room: extended */
    fake_runnable = 1;
    advance_ms(100); /* past any put-off (at most 100 ms, by the look's CPU time) */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2); /* room: a probe */
    /* 8 CPUs, 4 threads asked: 4 others leave room for them, 5 do not (the 3 CPUs they leave
     * run the calls until the next look) */
    fake_cpus = 8;
    fake_runnable = 6;
    observe_hostage(65536, fake_now_ns - 25 * MS); /* a period of 20 ms that ended 5 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 3);
    fake_runnable = 5;
    advance_ms(100);
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 4);
}
END_TEST

/* On 16 CPUs with one kept busy by another process: a period put off for want of room runs the
 * calls on the 15 CPUs the look found free (not on the one thread the held call saw prompt); a
 * clean call inside the period, even one that ran all the threads it asked for, does not end the
 * contention; a held one starts a new period on one CPU fewer until its own look; a clean probe
 * once the CPU is free ends it. */
START_TEST(test_put_off_period_runs_on_free_cpus)
{
    bool probe;
    fake_cpus = 16;
    fake_runnable = 2;
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, &probe), 16);
    ck_assert(probe); /* no contention: every call is a probe */
    observe_hostage(1 << 20, fake_now_ns);
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, &probe), 1); /* the period: the prompt thread */
    ck_assert(!probe);
    advance_ms(15);
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, &probe), 15); /* looked: no room for 16, 15 free */
    ck_assert(!probe);
    ck_assert_uint_eq(acpu_contention_threads(8, 1 << 20, &probe), 8); /* fewer asked: all of them, */
    ck_assert(!probe);                                                 /* but not a probe */
    observe_clean_call(1 << 20, fake_now_ns, probe);
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, NULL), 15); /* still contended */
    observe_hostage(1 << 20, fake_now_ns);                             /* held on 15: a new, longer period */
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, NULL), 14); /* one CPU fewer until the next look */
    advance_ms(25);
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, NULL), 15);
    fake_runnable = 1;                                                   /* the other process stopped */
    advance_ms(100);                                                     /* past any put-off */
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, &probe), 16); /* room: a probe */
    ck_assert(probe);
    observe_clean(1 << 20, fake_now_ns);
    fake_runnable = 2; /* the look is not taken again: no period */
    ck_assert_uint_eq(acpu_contention_threads(16, 1 << 20, NULL), 16);
}
END_TEST

/* On 2 CPUs with another thread runnable: a 10 ms period that ended 5 ms ago, put off. */
static void start_put_off_period(void)
{
    fake_cpus = 2;
    fake_runnable = 2;
    observe_hostage(65536, fake_now_ns - 15 * MS);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
}

/* After a second of periods put off in a row, a probe runs anyway (the count may misjudge this
 * process's CPUs), and the delays start over; a new period starts them over too. */
START_TEST(test_put_off_at_most_a_second)
{
    start_put_off_period();
    advance_ms(100); /* past the put-off (at most 100 ms): a look, put off again */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1);
    advance_ms(905); /* a second since the first put-off (0.9 s since the last): a probe */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
    observe_hostage(65536, fake_now_ns - 45 * MS);                 /* held: a 20 ms period that ended 25 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1); /* put off again */
}
END_TEST

/* A held call starts a new period: the delays put off before it do not count towards its second. */
START_TEST(test_new_period_restarts_delays)
{
    start_put_off_period();
    advance_ms(600);
    observe_hostage(65536, fake_now_ns - 45 * MS);                 /* held: a 20 ms period, ended 25 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1); /* put off: its delays start now */
    advance_ms(600);
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 1); /* 1.2 s since the first, 0.6 s since this one */
}
END_TEST

/* A call asked to run more threads than there are CPUs has room on a quiet machine: its period
 * ends in a probe, not in delays. */
START_TEST(test_more_threads_than_cpus_probe_when_quiet)
{
    fake_cpus = 2;
    fake_runnable = 1;
    observe_hostage(65536, fake_now_ns - 15 * MS); /* a 10 ms period that ended 5 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 4);
    fake_runnable = 2;                             /* one other thread: a 2-CPU machine has no room */
    observe_hostage(65536, fake_now_ns - 25 * MS); /* a 20 ms period that ended 5 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(4, 65536, NULL), 1);
}
END_TEST

/* Where the count cannot be read, a period ends in a probe as before. */
START_TEST(test_unknown_count_probes)
{
    acpu_contention_set_runnable_source(unknown_source);
    observe_hostage(65536, fake_now_ns - 15 * MS); /* a 10 ms period that ended 5 ms ago */
    ck_assert_uint_eq(acpu_contention_threads(2, 65536, NULL), 2);
}
END_TEST

START_TEST(test_loadavg_parsed)
{
    unsigned r = 0;
    ck_assert(acpu_loadavg_runnable("0.00 0.01 0.05 3/84 12345\n", &r));
    ck_assert_uint_eq(r, 3);
    ck_assert(acpu_loadavg_runnable("12.50 8.00 4.25 17/2048 1", &r));
    ck_assert_uint_eq(r, 17);
    r = 99;
    ck_assert(!acpu_loadavg_runnable("0.00 0.01 0.05 0/84 12345", &r)); /* the reader itself runs */
    ck_assert(!acpu_loadavg_runnable("0.00 0.01 0.05 3 84", &r));
    ck_assert(!acpu_loadavg_runnable("0.00 0.01 0.05 x/84", &r));
    ck_assert(!acpu_loadavg_runnable("0.00 0.01 0.05 -3/84", &r));
    ck_assert(!acpu_loadavg_runnable("0.00 0.01", &r));
    ck_assert(!acpu_loadavg_runnable("", &r));
    ck_assert(!acpu_loadavg_runnable("0.00 0.01 0.05 99999999999999999999/84", &r));
    ck_assert_uint_eq(r, 99); /* untouched by every refusal */
    ck_assert_int_eq(acpu_task_stat_state("1646 (aclnn_cpu_bench) R 1643 1643 1 0 -1"), 'R');
    ck_assert_int_eq(acpu_task_stat_state("7 (a) b) R 1"), 'R');   /* the last ')' ends the name */
    ck_assert_int_eq(acpu_task_stat_state("7 (a) R b) S 1"), 'S'); /* a name that looks like a state */
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp) S 1643"), 'S');
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp) Z 1643 1643"), 'Z');
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp) R\n"), 'R');
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp)"), 0);
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp) r 1"), 0);
    ck_assert_int_eq(acpu_task_stat_state("1646 (omp) RS 1"), 0);
    ck_assert_int_eq(acpu_task_stat_state(""), 0);
}
END_TEST

#if defined(__linux__)
static atomic_bool g_worker_spin;
static atomic_int g_worker_noted;

/* A thread noted as OpenMP worker 1 that spins, as libgomp's workers do after a region. */
static void *noted_worker(void *arg)
{
    (void)arg;
    acpu_contention_note_thread(1);
    atomic_store(&g_worker_noted, 1);
    volatile uint64_t x = 0;
    while (atomic_load_explicit(&g_worker_spin, memory_order_relaxed))
        x++;
    return NULL;
}

static bool loadavg_now(unsigned *runnable)
{
    char buf[128] = {0};
    FILE *f = fopen("/proc/loadavg", "r");
    if (f == NULL)
        return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return acpu_loadavg_runnable(buf, runnable);
}

/* The default count: /proc/loadavg's, less this process's noted workers that are runnable, the
 * caller apart (it is counted as the caller); a worker that exited is forgotten. A spinning
 * thread is always runnable, so the workers' count is exact; the host's own load moves
 * /proc/loadavg's, so a few tries look for a moment when it held still (the same before and
 * after). */
START_TEST(test_own_spinning_worker_not_counted)
{
    acpu_contention_set_runnable_source(NULL);
    atomic_store(&g_worker_spin, true);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, noted_worker, NULL), 0);
    while (!atomic_load(&g_worker_noted))
        sleep_ms(1);
    ck_assert_int_ne(acpu_contention_noted_thread(1), 0);
    ck_assert_uint_eq(acpu_contention_own_running(), 1);
    acpu_contention_note_thread(2); /* the caller served a region as worker 2: not counted */
    ck_assert_int_ne(acpu_contention_noted_thread(2), 0);
    ck_assert_uint_eq(acpu_contention_own_running(), 1);
    bool seen = false;
    for (int attempt = 0; attempt < 200 && !seen; attempt++) {
        unsigned before, after, counted, cpus;
        ck_assert(loadavg_now(&before));
        ck_assert(acpu_contention_runnable(&counted, &cpus));
        ck_assert(loadavg_now(&after));
        ck_assert_uint_ge(cpus, 1);
        seen = before == after && before >= 2 && counted == before - 1;
        if (!seen)
            sleep_ms(2);
    }
    atomic_store(&g_worker_spin, false);
    pthread_join(th, NULL);
    ck_assert_msg(seen, "the noted spinning worker was counted as another process's load");
    /* pthread_join returns when the thread's id is cleared, which can be before the kernel reaps
     * it: /proc may list it a while longer (as a zombie, forgotten too, or briefly as running) */
    bool forgotten = false;
    for (int attempt = 0; attempt < 500 && !forgotten; attempt++) {
        unsigned counted, cpus;
        ck_assert(acpu_contention_runnable(&counted, &cpus)); /* reads its stat */
        forgotten = acpu_contention_noted_thread(1) == 0;
        if (!forgotten)
            sleep_ms(2);
    }
    ck_assert_msg(forgotten, "worker 1 still noted a second after it exited");
}
END_TEST
#endif

/* ---- every API under busy CPUs ------------------------------------------------------------------- */

#define SPINNERS 2
static atomic_bool g_spin;

static void *spinner(void *arg)
{
    (void)arg;
    volatile uint64_t x = 0;
    while (atomic_load_explicit(&g_spin, memory_order_relaxed))
        x++;
    return NULL;
}

typedef struct {
    const acpu_test_op *op;
    aclDataType dt;
    int64_t n;
    void *in[ACPU_TILING_MAX_INPUTS];
    aclTensor *t_in[ACPU_TILING_MAX_INPUTS], *t_out;
    void *out;
    void *out_alloc; /* the output's allocation (NULL in place) */
} busy_call;

static void busy_init(busy_call *c, const acpu_test_op *op, aclDataType dt, int64_t n)
{
    memset(c, 0, sizeof *c);
    c->op = op, c->dt = dt, c->n = n;
    size_t es = acpu_test_dtype_size(dt);
    int n_in = acpu_test_op_api(op)->op->n_in;
    acpu_test_lcg_seed(0x5eed + (uint64_t)n, 0);
    for (int j = 0; j < n_in; j++) {
        c->in[j] = malloc((size_t)n * es);
        ck_assert_ptr_nonnull(c->in[j]);
        for (int64_t i = 0; i < n; i++)
            acpu_test_store(dt, c->in[j], (size_t)i, acpu_test_lcg_sym(op->range[j] > 0 ? op->range[j] : 4.0));
        c->t_in[j] = acpu_test_tensor(dt, &n, 1, c->in[j]);
    }
    c->out = acpu_test_op_inplace(op) ? c->in[0] : malloc((size_t)n * es);
    ck_assert_ptr_nonnull(c->out);
    c->out_alloc = acpu_test_op_inplace(op) ? NULL : c->out;
    c->t_out = acpu_test_op_inplace(op) ? c->t_in[0] : acpu_test_tensor(dt, &n, 1, c->out);
}

/* Runs the call once (an in-place API first restores its input from `fresh`); the task phase 1
 * planned, for the tests that ask what it chose. */
static acpu_task busy_run(busy_call *c, const void *fresh)
{
    if (acpu_test_op_inplace(c->op))
        memcpy(c->in[0], fresh, (size_t)c->n * acpu_test_dtype_size(c->dt));
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(acpu_test_op_phase1(c->op, (const aclTensor *const *)c->t_in, c->t_out, &ws, &ex), ACLNN_SUCCESS);
    acpu_task planned = acpu_executor_op_call(ex)->task;
    void *w = ws ? malloc(ws) : NULL;
    ck_assert(ws == 0 || w != NULL);
    ck_assert_int_eq(acpu_test_op_phase2(c->op, w, ws, ex), ACLNN_SUCCESS);
    free(w);
    return planned;
}

static void busy_free(busy_call *c)
{
    int n_in = acpu_test_op_api(c->op)->op->n_in;
    if (!acpu_test_op_inplace(c->op)) {
        aclDestroyTensor(c->t_out);
        free(c->out_alloc);
    }
    for (int j = 0; j < n_in; j++) {
        aclDestroyTensor(c->t_in[j]);
        free(c->in[j]);
    }
}

static void check_api_busy(const acpu_test_op *op, aclDataType dt, int64_t n)
{
    busy_call c;
    busy_init(&c, op, dt, n);
    size_t bytes = (size_t)n * acpu_test_dtype_size(dt);
    void *fresh = malloc(bytes), *want = malloc(bytes);
    ck_assert(fresh && want);
    memcpy(fresh, c.in[0], bytes);
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    busy_run(&c, fresh);
    memcpy(want, c.out, bytes);
    pthread_t spin[SPINNERS];
    atomic_store(&g_spin, true);
    for (int i = 0; i < SPINNERS; i++)
        ck_assert_int_eq(pthread_create(&spin[i], NULL, spinner, NULL), 0);
    for (int rep = 0; rep < 12; rep++) {
        ck_assert_int_eq(aclnnCpuSetNumThreads(2 + rep % 2), ACL_SUCCESS);
        memset(c.out, 0x7f, acpu_test_op_inplace(op) ? 0 : bytes);
        busy_run(&c, fresh);
        ck_assert_msg(memcmp(want, c.out, bytes) == 0,
                      "%s dtype %d, %lld elements, %d threads under busy CPUs: bits differ", op->api, (int)dt,
                      (long long)n, 2 + rep % 2);
    }
    atomic_store(&g_spin, false);
    for (int i = 0; i < SPINNERS; i++)
        pthread_join(spin[i], NULL);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    free(fresh);
    free(want);
    busy_free(&c);
}

/* Loop index: a registry row; fp32 at 3 sizes, and the row's 16-bit dtypes at one. */
START_TEST(test_busy_cpus)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t sizes[] = {4096, 70001, 300000};
    for (int s = 0; s < 3; s++)
        check_api_busy(op, ACL_FLOAT, sizes[s]);
    for (int d = 0; d < op->n_dtypes; d++)
        if (op->dtypes[d] == ACL_FLOAT16 || op->dtypes[d] == ACL_BF16)
            check_api_busy(op, op->dtypes[d], 70001);
}
END_TEST

/* ---- lookup tables through the API ------------------------------------------------------------- */

/* The call with tables in `mode`; whether it ran a lookup kernel. */
static bool run_with_tables(busy_call *c, const void *fresh, aclnnCpuTableMode mode)
{
    ck_assert_int_eq(aclnnCpuSetLookupTables(mode), ACL_SUCCESS);
    return acpu_is_lookup_kernel(acpu_active_kernels(), busy_run(c, fresh).kernel);
}

/* Loop index: a registry row. Its 16-bit dtypes, with tables off and on (built by the call: it has
 * ACPU_TABLE_BUILD_MIN elements and more), give the same bits; on uses a table exactly when the
 * operator's kernel has a table form. */
START_TEST(test_tables_same_bits)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    const acpu_op_def *def = acpu_test_op_api(op)->op;
    for (int d = 0; d < op->n_dtypes; d++) {
        aclDataType dt = op->dtypes[d];
        if (dt != ACL_FLOAT16 && dt != ACL_BF16)
            continue;
        busy_call c;
        busy_init(&c, op, dt, ACPU_TABLE_BUILD_MIN + 4099);
        size_t bytes = (size_t)c.n * acpu_test_dtype_size(dt);
        void *fresh = malloc(bytes), *off = malloc(bytes);
        ck_assert(fresh && off);
        memcpy(fresh, c.in[0], bytes);
        ck_assert(!run_with_tables(&c, fresh, ACLNN_CPU_TABLES_OFF));
        memcpy(off, c.out, bytes);
        bool used = run_with_tables(&c, fresh, ACLNN_CPU_TABLES_ON);
        ck_assert_msg(memcmp(off, c.out, bytes) == 0, "%s dtype %d: tables on and off differ", op->api, (int)dt);
        if (def->pick_kernel == NULL)
            ck_assert_msg(used == (acpu_kernel_table_forms[def->kernel] != ACPU_TABLE_NONE), "%s dtype %d: a table %s",
                          op->api, (int)dt, used ? "was used without a form" : "was not used");
        ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
        free(fresh);
        free(off);
        busy_free(&c);
    }
}
END_TEST

/* Loop index: a registry row. Publishing a lookup table moves the settings stamp (a kept repeatable
 * executor, planned without the table, is then planned again): a 16-bit call too small to build
 * one leaves the stamp, the first call that builds the row's table moves it, a second such call
 * (the table found) leaves it. Check runs each test in its own process, so no table exists yet;
 * without fork (CK_FORK=no) a table an earlier test built leaves nothing to check. */
START_TEST(test_table_build_moves_stamp)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    const acpu_op_def *def = acpu_test_op_api(op)->op;
    aclDataType dt = ACL_DT_UNDEFINED;
    for (int d = 0; d < op->n_dtypes && dt == ACL_DT_UNDEFINED; d++)
        if (op->dtypes[d] == ACL_BF16 || op->dtypes[d] == ACL_FLOAT16)
            dt = op->dtypes[d];
    if (dt == ACL_DT_UNDEFINED || def->pick_kernel != NULL || acpu_kernel_table_forms[def->kernel] == ACPU_TABLE_NONE)
        return;
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_ON), ACL_SUCCESS);
    busy_call small, big;
    busy_init(&small, op, dt, ACPU_TABLE_BUILD_MIN - 1);
    busy_init(&big, op, dt, ACPU_TABLE_BUILD_MIN + 4099);
    uint64_t s0 = aclnnCpuGetSettingsStamp();
    if (acpu_is_lookup_kernel(acpu_active_kernels(), busy_run(&small, small.in[0]).kernel)) {
        const char *fork = getenv("CK_FORK");
        ck_assert_msg(fork != NULL && strcmp(fork, "no") == 0, "%s: a table exists before any call built one", op->api);
    } else {
        ck_assert_uint_eq(aclnnCpuGetSettingsStamp(), s0);
        ck_assert(acpu_is_lookup_kernel(acpu_active_kernels(), busy_run(&big, big.in[0]).kernel));
        uint64_t s1 = aclnnCpuGetSettingsStamp();
        ck_assert_msg(s1 != s0, "%s: building its table left the stamp at %llu", op->api, (unsigned long long)s0);
        ck_assert(acpu_is_lookup_kernel(acpu_active_kernels(), busy_run(&big, big.in[0]).kernel));
        ck_assert(acpu_is_lookup_kernel(acpu_active_kernels(), busy_run(&small, small.in[0]).kernel));
        ck_assert_uint_eq(aclnnCpuGetSettingsStamp(), s1);
    }
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    busy_free(&small);
    busy_free(&big);
}
END_TEST

START_TEST(test_table_mode_setter)
{
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_ON), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetLookupTables(), ACLNN_CPU_TABLES_ON);
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_OFF), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetLookupTables(), ACLNN_CPU_TABLES_OFF);
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetLookupTables(), ACLNN_CPU_TABLES_AUTO);
    ck_assert_int_eq(aclnnCpuSetLookupTables((aclnnCpuTableMode)7), ACL_ERROR_INVALID_PARAM);
    acpu_test_expect_msg_at("aclnnCpuSetLookupTables", "mode", NULL, __LINE__);
    ck_assert_int_eq(aclnnCpuGetLookupTables(), ACLNN_CPU_TABLES_AUTO);
}
END_TEST

/* ---- streaming stores ------------------------------------------------------------------------------ */

#define GUARD 64
static const unsigned char GUARD_BYTE = 0x5a;

/* The call with streaming `mode`; whether it asked for streaming (the engine still writes regularly
 * where an input overlaps the output). */
static acpu_task run_streaming(busy_call *c, const void *fresh, aclnnCpuStreamMode mode)
{
    ck_assert_int_eq(aclnnCpuSetStreamingStores(mode), ACL_SUCCESS);
    return busy_run(c, fresh);
}

/* Replaces the call's output by one `shift` bytes past a 64-byte boundary of a guarded buffer. */
static unsigned char *shifted_output(busy_call *c, size_t shift)
{
    size_t bytes = (size_t)c->n * acpu_test_dtype_size(c->dt);
    unsigned char *buf = aligned_alloc(64, (GUARD + bytes + 2 * GUARD + 63) / 64 * 64);
    ck_assert_ptr_nonnull(buf);
    aclDestroyTensor(c->t_out);
    free(c->out_alloc);
    c->out_alloc = buf;
    c->out = buf + GUARD + shift;
    c->t_out = acpu_test_tensor(c->dt, &c->n, 1, c->out);
    return buf;
}

/* One dtype of a registry row with tables in `tables`, 2 threads, an odd length and an output
 * shifted off every alignment the stores care about: streaming on gives the bits of streaming off,
 * and no byte around the output changes. On the AVX2 / AVX-512 paths the call asks for streaming.
 * Tables on: a row whose kernel has a table form runs its lookup (the one its build chose). */
static void check_streaming_same_bits(const acpu_test_op *op, aclDataType dt, aclnnCpuTableMode tables)
{
    const acpu_op_def *def = acpu_test_op_api(op)->op;
    bool has_stream = acpu_active_kernels()->stream_copy != NULL;
    size_t es = acpu_test_dtype_size(dt);
    busy_call c;
    busy_init(&c, op, dt, 2 * 65536 + 4099); /* 2 threads even for the memory-bound kernels */
    size_t bytes = (size_t)c.n * es, shift = acpu_test_op_inplace(op) ? 0 : es;
    unsigned char *buf = acpu_test_op_inplace(op) ? NULL : shifted_output(&c, shift);
    void *fresh = malloc(bytes), *off = malloc(bytes);
    ck_assert(fresh && off);
    memcpy(fresh, c.in[0], bytes);
    ck_assert_int_eq(aclnnCpuSetLookupTables(tables), ACL_SUCCESS);
    ck_assert(run_streaming(&c, fresh, ACLNN_CPU_STREAM_OFF).stream_copy == NULL);
    memcpy(off, c.out, bytes);
    if (buf != NULL)
        memset(buf, GUARD_BYTE, GUARD + bytes + 2 * GUARD);
    acpu_task ran = run_streaming(&c, fresh, ACLNN_CPU_STREAM_ON);
    bool streams = ran.stream_copy != NULL;
    ck_assert_msg(streams == has_stream, "%s dtype %d: streaming %s", op->api, (int)dt,
                  streams ? "asked for on an ISA without it" : "not asked for in mode ON");
    if (tables == ACLNN_CPU_TABLES_ON && def->pick_kernel == NULL &&
        acpu_kernel_table_forms[def->kernel] != ACPU_TABLE_NONE)
        ck_assert_msg(acpu_is_lookup_kernel(acpu_active_kernels(), ran.kernel), "%s dtype %d: no lookup ran", op->api,
                      (int)dt);
    ck_assert_msg(memcmp(off, c.out, bytes) == 0, "%s dtype %d tables %d: streaming on and off differ", op->api,
                  (int)dt, (int)tables);
    for (size_t b = 0; buf != NULL && b < GUARD + shift; b++)
        ck_assert_msg(buf[b] == GUARD_BYTE, "%s dtype %d: byte %zu before the output written", op->api, (int)dt,
                      GUARD + shift - b);
    for (size_t b = GUARD + shift + bytes; buf != NULL && b < GUARD + bytes + 2 * GUARD; b++)
        ck_assert_msg(buf[b] == GUARD_BYTE, "%s dtype %d: byte %zu after the output written", op->api, (int)dt,
                      b - (GUARD + shift + bytes));
    free(fresh);
    free(off);
    busy_free(&c);
}

/* Loop index: a registry row. Every dtype, tables off; the 16-bit ones with tables on too (a lookup
 * streams by default where it reads its table one load per element: ops/op_phase.c). */
START_TEST(test_streaming_same_bits)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    for (int d = 0; d < op->n_dtypes; d++) {
        aclDataType dt = op->dtypes[d];
        check_streaming_same_bits(op, dt, ACLNN_CPU_TABLES_OFF);
        if (dt == ACL_FLOAT16 || dt == ACL_BF16)
            check_streaming_same_bits(op, dt, ACLNN_CPU_TABLES_ON);
    }
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
}
END_TEST

/* ---- the engine's streamed path, with a counting copy ---------------------------------------------- */

static atomic_ullong g_stream_bytes, g_stream_fences;

static void add_one_kernel(size_t n, const void *const *in, void *out, const void *params)
{
    (void)params;
    const float *x = (const float *)in[0];
    float *y = (float *)out;
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] + 1.0f;
}

static void counting_copy(void *dst, const void *src, size_t bytes)
{
    memcpy(dst, src, bytes);
    atomic_fetch_add(&g_stream_bytes, bytes);
}

static void counting_fence(void) { atomic_fetch_add(&g_stream_fences, 1); }

/* A RANGES plan of 4 cores over n elements, tiles of 5000. */
static acpu_schedule four_core_plan(uint64_t n)
{
    uint64_t per_core = (n + 3) / 4;
    return (acpu_schedule){.kind = ACPU_SCHED_RANGES,
                           .total = n,
                           .core_num = 4,
                           .tile = 5000,
                           .big_core_num = 4,
                           .big_core_len = per_core,
                           .small_core_len = per_core,
                           .last_core_len = n - 3 * per_core};
}

/* A one-input fp32 task over n dense elements running `kernel`, no stream copy. */
static acpu_task float_task(float *in, float *out, uint64_t n, acpu_kernel_fn kernel)
{
    acpu_task t;
    memset(&t, 0, sizeof t);
    t.n_in = 1;
    t.in[0] = (acpu_view){.data = (char *)in, .rank = 1, .shape = {(int64_t)n}, .stride = {1}, .elem_size = 4};
    t.out = (acpu_view){.data = (char *)out, .rank = 1, .shape = {(int64_t)n}, .stride = {1}, .elem_size = 4};
    t.kernel = kernel;
    t.kernel_elem = 4;
    return t;
}

/* The engine runs the task on `threads` threads with a workspace of its asking. */
static void run_task(const acpu_schedule *plan, const acpu_task *t, unsigned threads)
{
    size_t ws = acpu_engine_workspace(plan, t, threads);
    void *w = ws ? malloc(ws) : NULL;
    ck_assert(ws == 0 || w != NULL);
    acpu_engine_run(plan, t, threads, w);
    free(w);
}

/* out = in + 1 over n floats by the engine on `threads` threads, 4 cores of RANGES; returns the
 * bytes the task's stream copy wrote. */
static unsigned long long run_counted(float *in, float *out, uint64_t n, unsigned threads)
{
    acpu_schedule plan = four_core_plan(n);
    acpu_task t = float_task(in, out, n, add_one_kernel);
    t.stream_copy = counting_copy;
    t.stream_fence = counting_fence;
    atomic_store(&g_stream_bytes, 0);
    atomic_store(&g_stream_fences, 0);
    run_task(&plan, &t, threads);
    return atomic_load(&g_stream_bytes);
}

/* A task with a stream copy: every output byte goes through it, each thread that ran work fences
 * once, every element is computed once; in place (the output overlaps the input), the copy is
 * never used and the results are the same. */
START_TEST(test_engine_streams_through_copy)
{
    const uint64_t n = 100003;
    float *in = malloc(n * sizeof(float)), *out = malloc(n * sizeof(float));
    ck_assert(in && out);
    for (unsigned threads = 1; threads <= 2; threads++) {
        for (uint64_t i = 0; i < n; i++)
            in[i] = (float)(i % 977), out[i] = -1.0f;
        ck_assert_uint_eq(run_counted(in, out, n, threads), n * sizeof(float));
        ck_assert_uint_ge(atomic_load(&g_stream_fences), 1);
        ck_assert_uint_le(atomic_load(&g_stream_fences), threads);
        for (uint64_t i = 0; i < n; i++)
            ACPU_TEST_EXPECT(out[i] == in[i] + 1.0f, "element %llu", (unsigned long long)i);
        ck_assert_uint_eq(run_counted(in, in, n, threads), 0); /* in place: regular stores */
        ck_assert_uint_eq(atomic_load(&g_stream_fences), 0);
        for (uint64_t i = 0; i < n; i++)
            ACPU_TEST_EXPECT(in[i] == (float)(i % 977) + 1.0f, "in place, element %llu", (unsigned long long)i);
    }
    free(in);
    free(out);
}
END_TEST

/* A 16-bit lookup task over n elements: WHOLE reads x (in[0]), MUL / DIV a (in[0]) and x (in[1]). */
static acpu_task lookup_task(acpu_table_form form, uint16_t *a, uint16_t *x, uint16_t *out, uint64_t n,
                             acpu_kernel_fn kernel, const acpu_lookup_params *lp)
{
    acpu_task t;
    memset(&t, 0, sizeof t);
    acpu_view v = {.rank = 1, .shape = {(int64_t)n}, .stride = {1}, .elem_size = 2};
    t.n_in = form == ACPU_TABLE_WHOLE ? 1 : 2;
    t.in[0] = v, t.in[0].data = (char *)(form == ACPU_TABLE_WHOLE ? x : a);
    t.in[1] = v, t.in[1].data = (char *)x;
    t.out = v, t.out.data = (char *)out;
    t.kernel = kernel;
    t.params = lp;
    t.kernel_elem = 2;
    return t;
}

/* Every lookup kernel of the active kernel table, the one-load alternatives that stream by default
 * (ops/op_phase.c) and the gathers alike, run by the engine with the table's streaming copy on 2
 * threads into an output 2 bytes off the vector alignment, gives the bits of one direct call over
 * the whole array, whichever lookup a table's build would choose. */
START_TEST(test_lookup_kernels_stream_same_bits)
{
    const acpu_kernel_table *kt = acpu_active_kernels();
    if (kt->stream_copy == NULL) { /* scalar, NEON: nothing streams (test_streaming_same_bits) */
        ck_assert_ptr_null(kt->stream_fence);
        return;
    }
    const uint64_t n = 100003;
    const size_t buf_bytes = (n * 2 + 128 + 63) / 64 * 64; /* aligned_alloc: a multiple of the alignment */
    uint16_t *a = malloc(n * 2), *x = malloc(n * 2), *want = malloc(n * 2), *buf = aligned_alloc(64, buf_bytes);
    void *table = aligned_alloc(64,
                                (acpu_table_bytes(ACPU_TABLE_WHOLE) + acpu_table_bytes(ACPU_TABLE_MUL) + 63) / 64 * 64);
    ck_assert(a && x && want && buf && table);
    uint32_t r = 12345;
    for (uint64_t i = 0; i < n; i++) {
        r = r * 1664525u + 1013904223u;
        a[i] = (uint16_t)(r >> 16), x[i] = (uint16_t)r;
    }
    int kernels = 0;
    for (int f = ACPU_TABLE_WHOLE; f < ACPU_TABLE_FORM_COUNT; f++) {
        for (uint32_t e = 0; e < ACPU_TABLE_ENTRIES; e++) /* finite factors; any 16-bit WHOLE result */
            if (f == ACPU_TABLE_WHOLE)
                ((uint16_t *)table)[e] = (uint16_t)(e * 40503u);
            else
                ((float *)table)[e] = 0.5f + (float)(e % 97) / 64.0f;
        acpu_lookup_params lp = {table};
        for (int b = 0; b < 2; b++) {
            acpu_kernel_fn ks[2] = {kt->lookup[f][b], kt->lookup_loads[f][b]};
            for (int k = 0; k < 2; k++) {
                if (ks[k] == NULL)
                    continue;
                const void *in[2] = {f == ACPU_TABLE_WHOLE ? (const void *)x : a, x};
                ks[k](n, in, want, &lp);
                uint16_t *out = buf + 1;
                memset(buf, 0xA5, buf_bytes);
                acpu_schedule plan = four_core_plan(n);
                acpu_task t = lookup_task((acpu_table_form)f, a, x, out, n, ks[k], &lp);
                t.stream_copy = kt->stream_copy;
                t.stream_fence = kt->stream_fence;
                run_task(&plan, &t, 2);
                ck_assert_msg(memcmp(out, want, n * 2) == 0, "form %d dtype %d kernel %d: streamed bits differ", f, b,
                              k);
                ck_assert_uint_eq(buf[0], 0xA5A5);
                ck_assert_uint_eq(out[n], 0xA5A5);
                kernels++;
            }
        }
    }
    ck_assert_int_ge(kernels, 6); /* x86: the three forms' gathers in fp16 and bf16, at least */
    free(a);
    free(x);
    free(want);
    free(buf);
    free(table);
}
END_TEST

/* ---- lanes and stealing ---------------------------------------------------------------------------- */

static atomic_ullong g_elems_by_thread[2];
static atomic_int g_stalled;
static unsigned long long g_stall_until_elems; /* thread 1's first call waits for thread 0 to do these */

/* out = in + 1, counting the elements each OpenMP thread computed; thread 1, in its first call,
 * waits (as a thread the OS does not run) until thread 0 has computed g_stall_until_elems, for at
 * most 2 s. */
static void stalling_kernel(size_t n, const void *const *in, void *out, const void *params)
{
    int tid = omp_get_thread_num();
    if (tid == 1 && atomic_exchange(&g_stalled, 1) == 0) {
        uint64_t deadline = acpu_now_ns() + 2000 * MS;
        while (atomic_load(&g_elems_by_thread[0]) < g_stall_until_elems && acpu_now_ns() < deadline)
            sleep_ms(1);
    }
    atomic_fetch_add(&g_elems_by_thread[tid == 1], n);
    add_one_kernel(n, in, out, params);
}

/* Two threads, 16 units in two lanes of 8: thread 1 stalls in its first unit until thread 0 has
 * done 3/4 of the elements, which thread 0 reaches only by taking what is left of thread 1's lane
 * after its own (with lanes alone it would stop at 8 units, and thread 1 would wait 2 s); every
 * element computed once. */
START_TEST(test_stalled_thread_lane_taken)
{
    const uint64_t n = 200000;
    float *in = malloc(n * sizeof(float)), *out = malloc(n * sizeof(float));
    ck_assert(in && out);
    for (uint64_t i = 0; i < n; i++)
        in[i] = (float)(i % 977), out[i] = -1.0f;
    acpu_schedule plan = four_core_plan(n);
    acpu_task t = float_task(in, out, n, stalling_kernel);
    g_stall_until_elems = n * 3 / 4;
    run_task(&plan, &t, 2);
    unsigned long long by0 = atomic_load(&g_elems_by_thread[0]), by1 = atomic_load(&g_elems_by_thread[1]);
    ck_assert_uint_eq(by0 + by1, n);
    ck_assert_msg(by0 >= n * 3 / 4, "thread 0 computed %llu of %llu elements", by0, (unsigned long long)n);
    for (uint64_t i = 0; i < n; i++)
        ACPU_TEST_EXPECT(out[i] == in[i] + 1.0f, "element %llu", (unsigned long long)i);
    free(in);
    free(out);
}
END_TEST

/* acpu_view_bytes: the bytes a view's elements span, whatever the signs of its strides. */
START_TEST(test_view_bytes)
{
    char base[256];
    uintptr_t lo, hi, b = (uintptr_t)(base + 128);
    acpu_view v = {.data = base + 128, .rank = 2, .shape = {3, 4}, .stride = {4, 1}, .elem_size = 4};
    acpu_view_bytes(&v, &lo, &hi);
    ck_assert(lo == b && hi == b + 48);
    v.stride[0] = -4; /* rows backwards: element (2, 0) lies 8 elements before the base */
    acpu_view_bytes(&v, &lo, &hi);
    ck_assert(lo == b - 32 && hi == b + 16);
    v.stride[0] = 0; /* a broadcast dim */
    acpu_view_bytes(&v, &lo, &hi);
    ck_assert(lo == b && hi == b + 16);
    v.shape[1] = 0; /* no element */
    acpu_view_bytes(&v, &lo, &hi);
    ck_assert(lo == hi);
    v.rank = 0; /* a scalar: one element */
    acpu_view_bytes(&v, &lo, &hi);
    ck_assert(lo == b && hi == b + 4);
}
END_TEST

/* Phase 1 only: what the call of `api` on n elements of dt planned (its tensors are freed: read
 * the plan's fields, not its views). */
static acpu_op_call planned_call(const char *api, aclDataType dt, int64_t n)
{
    const acpu_test_op *op = NULL;
    for (int i = 0; i < acpu_test_num_ops && op == NULL; i++)
        op = strcmp(acpu_test_ops[i].api, api) == 0 ? &acpu_test_ops[i] : NULL;
    ck_assert_ptr_nonnull(op);
    busy_call c;
    busy_init(&c, op, dt, n);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(acpu_test_op_phase1(op, (const aclTensor *const *)c.t_in, c.t_out, &ws, &ex), ACLNN_SUCCESS);
    acpu_op_call planned = *acpu_executor_op_call(ex);
    ck_assert_int_eq(aclDestroyAclOpExecutor(ex), ACL_SUCCESS);
    busy_free(&c);
    return planned;
}

/* Phase 1 only: whether the call of `api` on n elements of dt asks for streaming. */
static bool plans_streaming(const char *api, aclDataType dt, int64_t n)
{
    return planned_call(api, dt, n).task.stream_copy != NULL;
}

/* AUTO streams outputs of ACPU_STREAM_MIN_BYTES and more of the memory-bound kernels, and of the
 * 16-bit lookups that read their table with one load per element (a lookup_loads alternative), not
 * of a kernel with a transcendental nor of a lookup that gathers. */
START_TEST(test_streaming_auto_rule)
{
    const acpu_kernel_table *kt = acpu_active_kernels();
    bool has_stream = kt->stream_copy != NULL;
    int64_t big = ACPU_STREAM_MIN_BYTES / 4, big16 = ACPU_STREAM_MIN_BYTES / 2;
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_AUTO), ACL_SUCCESS);
    ck_assert(plans_streaming("aclnnRelu", ACL_FLOAT, big) == has_stream);
    ck_assert(plans_streaming("aclnnThresholdBackward", ACL_FLOAT, big) == has_stream);
    ck_assert(!plans_streaming("aclnnRelu", ACL_FLOAT, big - 1));
    ck_assert(!plans_streaming("aclnnSigmoid", ACL_FLOAT, big)); /* an exp per element */
    /* the rule on each lookup kind: the C loop is the loads alternative of the bf16 WHOLE tables
     * where the ISA gathers (AVX2, AVX-512); a gather kernel is none */
    ck_assert(acpu_is_loads_lookup(kt, acpu_lookup_whole16) == (kt->lookup_loads[ACPU_TABLE_WHOLE][1] != NULL));
    ck_assert(!acpu_is_loads_lookup(kt, NULL));
    ck_assert(acpu_streaming_pays(kt, ACPU_GRAIN_MEMORY_BOUND, NULL));
    ck_assert(!acpu_streaming_pays(kt, ACPU_GRAIN_MEMORY_BOUND - 1, NULL));
    for (int f = ACPU_TABLE_WHOLE; f < ACPU_TABLE_FORM_COUNT; f++)
        for (int b = 0; b < 2; b++) {
            if (kt->lookup_loads[f][b] != NULL)
                ck_assert(acpu_streaming_pays(kt, ACPU_TABLE_GRAIN, kt->lookup_loads[f][b]));
            if (kt->lookup[f][b] != acpu_lookup_whole16) {
                ck_assert(!acpu_is_loads_lookup(kt, kt->lookup[f][b]));
                ck_assert(!acpu_streaming_pays(kt, ACPU_TABLE_GRAIN, kt->lookup[f][b]));
            }
        }
    /* a planned call streams where its table's build chose the loads alternative */
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_ON), ACL_SUCCESS);
    const char *lookup_apis[] = {"aclnnSigmoid", "aclnnSiluBackward", "aclnnSoftplusBackward"}; /* WHOLE, MUL, DIV */
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 2; b++) {
            aclDataType dt = b ? ACL_BF16 : ACL_FLOAT16;
            acpu_op_call call = planned_call(lookup_apis[a], dt, big16);
            ck_assert_msg(acpu_is_lookup_kernel(kt, call.task.kernel), "%s dtype %d: no table", lookup_apis[a], dt);
            bool loads = acpu_is_loads_lookup(kt, call.task.kernel);
            ck_assert_msg((call.task.stream_copy != NULL) == (has_stream && loads), "%s dtype %d: loads %d, stream %d",
                          lookup_apis[a], dt, loads, call.task.stream_copy != NULL);
            ck_assert(!plans_streaming(lookup_apis[a], dt, big16 - 1));
        }
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_OFF), ACL_SUCCESS);
    ck_assert(!plans_streaming("aclnnRelu", ACL_FLOAT, big));
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_AUTO), ACL_SUCCESS);
}
END_TEST

/* Phase 1 only: the threads a call of `api` on n elements of dt plans, 2 asked for. */
static unsigned planned_threads(const char *api, aclDataType dt, int64_t n)
{
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    unsigned threads = planned_call(api, dt, n).threads;
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    return threads;
}

/* A memory-bound kernel's call runs on one thread up to its grain (48K elements) and, in place (half
 * the bytes moved), up to twice that, where the bytes set its cost: fp32, and the 16-bit forms on
 * bit patterns (ReLU, bf16 Hardtanh). A 16-bit form that widens to fp32 (Hardswish, LeakyReLU,
 * fp16 Hardtanh) costs its arithmetic: in place too it runs on two threads from the grain. */
START_TEST(test_in_place_grain_by_form)
{
    const int64_t n = 65536, small = 49152;
    ck_assert_uint_eq(planned_threads("aclnnHardswish", ACL_FLOAT, n), 2);
    ck_assert_uint_eq(planned_threads("aclnnHardswish", ACL_FLOAT, small), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardswish", ACL_FLOAT, n), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardswish", ACL_FLOAT, 2 * small + 1), 2);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardswish", ACL_BF16, n), 2);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardswish", ACL_FLOAT16, n), 2);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardswish", ACL_BF16, small), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceLeakyRelu", ACL_BF16, n), 2);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardtanh", ACL_FLOAT16, n), 2);
    ck_assert_uint_eq(planned_threads("aclnnInplaceHardtanh", ACL_BF16, n), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceRelu", ACL_BF16, n), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceRelu", ACL_FLOAT16, n), 1);
    ck_assert_uint_eq(planned_threads("aclnnInplaceThreshold", ACL_FLOAT16, n), 1);
    ck_assert_uint_eq(planned_threads("aclnnRelu", ACL_BF16, n), 2);
}
END_TEST

/* Which kernel forms cost their bytes (doc/BEHAVIOUR.md's list): every memory-bound kernel in
 * fp32, fp64 and the integers; in fp16 / bf16 only Relu, ReluGrad, ThresholdV2, ThresholdGradV2D,
 * HardtanhGrad and bf16 Hardtanh, which work on the bit patterns; no kernel with a transcendental. */
static bool pattern_form(acpu_kernel_id id, acpu_kdtype kdt)
{
    return id == ACPU_KERNEL_RELU || id == ACPU_KERNEL_RELU_GRAD || id == ACPU_KERNEL_THRESHOLD ||
           id == ACPU_KERNEL_THRESHOLD_GRAD || id == ACPU_KERNEL_HARDTANH_GRAD ||
           (id == ACPU_KERNEL_HARDTANH && kdt == ACPU_KDT_BF16);
}

/* InplaceElu with a non-finite alpha runs ELU_THRESHOLD (memory-bound) in fp32 on bf16 tensors,
 * converted tile by tile: the conversions set its cost, so in place it too runs on two threads at
 * 64K elements, where an fp32 call stays on one. */
static unsigned inplace_elu_threads(aclDataType dt, float alpha_value)
{
    int64_t n = 65536;
    void *data = calloc((size_t)n, acpu_test_dtype_size(dt));
    ck_assert_ptr_nonnull(data);
    aclTensor *self = acpu_test_tensor(dt, &n, 1, data);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&alpha_value, ACL_FLOAT), *unit = aclCreateScalar(&one, ACL_FLOAT);
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(aclnnInplaceEluGetWorkspaceSize(self, alpha, unit, unit, &ws, &ex), ACLNN_SUCCESS);
    unsigned threads = acpu_executor_op_call(ex)->threads;
    ck_assert_int_eq(aclDestroyAclOpExecutor(ex), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor(self) | aclDestroyScalar(alpha) | aclDestroyScalar(unit), ACL_SUCCESS);
    free(data);
    return threads;
}

START_TEST(test_converted_call_not_bytes_bound)
{
    ck_assert_uint_eq(inplace_elu_threads(ACL_FLOAT, INFINITY), 1);
    ck_assert_uint_eq(inplace_elu_threads(ACL_BF16, INFINITY), 2);
    ck_assert_uint_eq(inplace_elu_threads(ACL_FLOAT16, INFINITY), 2);
}
END_TEST

START_TEST(test_bytes_bound_forms)
{
    for (int id = 0; id < ACPU_KERNEL_COUNT; id++) {
        const acpu_kernel_info *info = &acpu_kernel_infos[id];
        bool memory_bound = info->grain >= ACPU_GRAIN_MEMORY_BOUND;
        for (int kdt = 0; kdt < ACPU_KDT_COUNT; kdt++) {
            bool half = kdt == ACPU_KDT_F16 || kdt == ACPU_KDT_BF16;
            bool want = memory_bound && (!half || pattern_form((acpu_kernel_id)id, (acpu_kdtype)kdt));
            ck_assert_msg(acpu_kernel_bytes_bound((acpu_kernel_id)id, (acpu_kdtype)kdt) == want, "%s kdtype %d",
                          info->name, kdt);
        }
    }
    ck_assert(acpu_kernel_bytes_bound(ACPU_KERNEL_HARDSWISH, ACPU_KDT_F32));
    ck_assert(!acpu_kernel_bytes_bound(ACPU_KERNEL_ELU, ACPU_KDT_F32)); /* an exp: grain 4096 */
    ck_assert(acpu_kernel_bytes_bound(ACPU_KERNEL_LEAKY_RELU, ACPU_KDT_F64));
    ck_assert(acpu_kernel_bytes_bound(ACPU_KERNEL_RELU, ACPU_KDT_I8));
    ck_assert(acpu_kernel_bytes_bound(ACPU_KERNEL_THRESHOLD_GRAD, ACPU_KDT_I32));
    ck_assert(!acpu_kernel_bytes_bound(ACPU_KERNEL_COUNT, ACPU_KDT_F32));
}
END_TEST

START_TEST(test_streaming_mode_setter)
{
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_ON), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetStreamingStores(), ACLNN_CPU_STREAM_ON);
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_OFF), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetStreamingStores(), ACLNN_CPU_STREAM_OFF);
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetStreamingStores(), ACLNN_CPU_STREAM_AUTO);
    ck_assert_int_eq(aclnnCpuSetStreamingStores((aclnnCpuStreamMode)-1), ACL_ERROR_INVALID_PARAM);
    acpu_test_expect_msg_at("aclnnCpuSetStreamingStores", "mode", NULL, __LINE__);
    ck_assert_int_eq(aclnnCpuGetStreamingStores(), ACLNN_CPU_STREAM_AUTO);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("engine");
    TCase *rule = tcase_create("contention_rule");
    tcase_add_test(rule, test_backoff_rule);
    tcase_add_test(rule, test_one_held_call_forgiven);
    tcase_add_test(rule, test_slice_threshold);
    tcase_add_test(rule, test_prompt_threads_kept);
    tcase_add_test(rule, test_preempted_thread_detected);
    tcase_add_test(rule, test_quiet_call_not_held);
    tcase_add_test(rule, test_period_extended_while_cpus_taken);
    tcase_add_test(rule, test_put_off_period_runs_on_free_cpus);
    tcase_add_test(rule, test_unknown_count_probes);
    tcase_add_test(rule, test_put_off_at_most_a_second);
    tcase_add_test(rule, test_new_period_restarts_delays);
    tcase_add_test(rule, test_more_threads_than_cpus_probe_when_quiet);
#if defined(__linux__)
    tcase_add_test(rule, test_own_spinning_worker_not_counted);
#endif
    tcase_add_test(rule, test_loadavg_parsed);
    tcase_add_checked_fixture(rule, quiet_cpus, real_cpus);
    suite_add_tcase(s, rule);
    TCase *busy = tcase_create("busy_cpus");
    tcase_add_loop_test(busy, test_busy_cpus, 0, acpu_test_num_ops);
    suite_add_tcase(s, busy);
    TCase *tables = tcase_create("tables");
    tcase_add_loop_test(tables, test_tables_same_bits, 0, acpu_test_num_ops);
    tcase_add_test(tables, test_table_mode_setter);
    tcase_add_loop_test(tables, test_table_build_moves_stamp, 0, acpu_test_num_ops);
    suite_add_tcase(s, tables);
    TCase *streaming = tcase_create("streaming");
    tcase_add_loop_test(streaming, test_streaming_same_bits, 0, acpu_test_num_ops);
    tcase_add_test(streaming, test_streaming_auto_rule);
    tcase_add_test(streaming, test_lookup_kernels_stream_same_bits);
    tcase_add_test(streaming, test_engine_streams_through_copy);
    tcase_add_test(streaming, test_stalled_thread_lane_taken);
    tcase_add_test(streaming, test_view_bytes);
    tcase_add_test(streaming, test_streaming_mode_setter);
    suite_add_tcase(s, streaming);
    TCase *grain = tcase_create("grain");
    tcase_add_test(grain, test_in_place_grain_by_form);
    tcase_add_test(grain, test_bytes_bound_forms);
    tcase_add_test(grain, test_converted_call_not_bytes_bound);
    suite_add_tcase(s, grain);
    return acpu_test_main(s);
}

/* Concurrency (doc/BEHAVIOUR.md "Handles", "Executors and phase 2", "Threads and settings"). For every
 * registry API (its operator-info row and the generic call of acpu_test_call.h, so that a new row is
 * covered with no edit here): calls from several threads at once while the thread count changes;
 * the aclnnCpu* setters racing calls (with ELU's isResult and Softplus's int32 self, which are
 * theirs); its input tensors, scalars and stream destroyed while other threads use them; its
 * repeatable executor destroyed while threads run it; its non-repeatable executor run by two
 * threads at once (exactly one run). And, on ELU and Softplus: pthreads calling both on shared input
 * handles, an empty repeatable executor run concurrently, an executor handed to another thread as it
 * runs, a call stalled while its tensor is destroyed; streams created and destroyed concurrently.
 * Every status code and every result element is checked: results against the single-threaded
 * result (itself checked against a double-precision reference, by test_ops for the registry APIs),
 * failed calls against an untouched output. The tsan preset runs this suite under ThreadSanitizer,
 * where OpenMP stays at one thread (libgomp is not instrumented: its barriers would look like races).
 *
 * Worker threads never call Check: its reporting (a message to the runner per assertion, exit on
 * failure) is not thread-safe. They record failures; the test's own thread asserts after joining.
 * Each case relies on Check's fork mode (the default): a fresh process, whose globals start zeroed
 * and whose library has not run yet (the per-API loops inside one case reset their own state). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpu_test.h"
#include "acpu_test_call.h"
#include "acpu_test_ops.h"
#include "acpu_test_tensor.h"     /* ACPU_TEST_GUARD */
#include "runtime/acpu_runtime.h" /* acpu_dtype_name */
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define N 6000   /* elements: above ELU's and softplus's thread grains, so that OpenMP forks outside TSan */
#define GUARD 16 /* floats after each output that must stay untouched */
#define THREADS 4
#define ELU_API "aclnnEluBackwardGetWorkspaceSize"
#define SP_API "aclnnSoftplusBackwardGetWorkspaceSize"
#define SENTINEL 0x7fc0dead /* a NaN payload no kernel produces */

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#else
#define UNDER_TSAN 0
#endif

/* ---- failures recorded by any thread, asserted by the test's thread ------------------------------ */

static struct {
    pthread_mutex_t lock;
    long failures;
    char first[640];
    atomic_long checks;
} g_rec = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void rec_fail(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rec_fail(int line, const char *fmt, ...)
{
    pthread_mutex_lock(&g_rec.lock);
    if (g_rec.failures++ == 0) {
        int used = snprintf(g_rec.first, sizeof g_rec.first, "line %d: ", line);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g_rec.first + used, sizeof g_rec.first - (size_t)used, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&g_rec.lock);
}

#define EXPECT(cond, ...)                                                  \
    do {                                                                   \
        atomic_fetch_add_explicit(&g_rec.checks, 1, memory_order_relaxed); \
        if (!(cond))                                                       \
            rec_fail(__LINE__, __VA_ARGS__);                               \
    } while (0)

/* No recorded failure, and at least min_checks checks ran (a race that stops the workers early
 * must not pass as a short, clean run). */
static void rec_assert_clean(long min_checks)
{
    pthread_mutex_lock(&g_rec.lock);
    long failures = g_rec.failures;
    pthread_mutex_unlock(&g_rec.lock);
    ck_assert_msg(failures == 0, "%ld failed checks in worker threads; first: %s", failures, g_rec.first);
    long checks = atomic_load(&g_rec.checks);
    ck_assert_msg(checks >= min_checks, "only %ld checks ran (expected >= %ld)", checks, min_checks);
}

/* n threads running fn, thread i with &args[i] (args an array of elements of arg_size bytes, or NULL). */
static void spawn(pthread_t *t, int n, void *(*fn)(void *), void *args, size_t arg_size)
{
    for (int i = 0; i < n; ++i)
        ck_assert_int_eq(pthread_create(&t[i], NULL, fn, args ? (char *)args + (size_t)i * arg_size : NULL), 0);
}

static void join_all(pthread_t *t, int n)
{
    for (int i = 0; i < n; ++i)
        ck_assert_int_eq(pthread_join(t[i], NULL), 0);
}

/* Workers that the test's thread waits on count themselves here when they end, so that a worker
 * stopped early by a failure cannot leave the test's thread waiting until the case times out. */
static atomic_int g_workers_done;

/* Waits (yielding) until *counter reaches target, or until all n_workers workers have ended. */
static void wait_for(atomic_long *counter, long target, int n_workers)
{
    while (atomic_load(counter) < target && atomic_load(&g_workers_done) < n_workers)
        sched_yield();
}

/* xorshift64: each thread its own state (the harness's generator is one process-wide state). */
static uint64_t next_rand(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* ---- the shared inputs and the single-threaded results --------------------------------------------- */

enum { OP_ELU, OP_ELU_RESULT, OP_SOFTPLUS, OP_SOFTPLUS_INT, N_OPS };
static const char *const k_op_name[N_OPS] = {"elu", "elu(isResult)", "softplus", "softplus(int32 self)"};

#define ALPHA 1.5f
#define SCALE 1.0507f
#define INPUT_SCALE 1.0f
#define BETA 2.0f
#define THRESHOLD 20.0f

typedef struct {
    float *dy, *x;
    int32_t *xi;
    aclTensor *t_dy, *t_x, *t_xi;
    aclScalar *alpha, *scale, *iscale, *beta, *threshold;
    aclrtStream stream; /* shared by every thread of a case */
    float want[N_OPS][N];
} world;

static world g_w;

static aclTensor *vec_tensor(aclDataType dt, void *data, int64_t n)
{
    int64_t shape[1] = {n};
    aclTensor *t = acpu_test_tensor(dt, shape, 1, data);
    ck_assert_ptr_nonnull(t);
    return t;
}

static aclScalar *f32_scalar(float v)
{
    aclScalar *s = acpu_test_scalar_f32(v);
    ck_assert_ptr_nonnull(s);
    return s;
}

static void world_handles(world *w)
{
    w->t_dy = vec_tensor(ACL_FLOAT, w->dy, N);
    w->t_x = vec_tensor(ACL_FLOAT, w->x, N);
    w->t_xi = vec_tensor(ACL_INT32, w->xi, N);
    w->alpha = f32_scalar(ALPHA);
    w->scale = f32_scalar(SCALE);
    w->iscale = f32_scalar(INPUT_SCALE);
    w->beta = f32_scalar(BETA);
    w->threshold = f32_scalar(THRESHOLD);
    ck_assert_int_eq(aclrtCreateStream(&w->stream), ACL_SUCCESS);
}

static aclnnStatus op_phase1(const world *w, int op, aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    switch (op) {
    case OP_ELU:
    case OP_ELU_RESULT:
        return aclnnEluBackwardGetWorkspaceSize(w->t_dy, w->alpha, w->scale, w->iscale, op == OP_ELU_RESULT, w->t_x,
                                                out, ws, ex);
    case OP_SOFTPLUS: return aclnnSoftplusBackwardGetWorkspaceSize(w->t_dy, w->t_x, w->beta, w->threshold, out, ws, ex);
    default: return aclnnSoftplusBackwardGetWorkspaceSize(w->t_dy, w->t_xi, w->beta, w->threshold, out, ws, ex);
    }
}

static const char *op_api(int op) { return op <= OP_ELU_RESULT ? ELU_API : SP_API; }

static aclnnStatus op_phase2(int op, void *ws_buf, uint64_t ws, aclOpExecutor *ex, aclrtStream stream)
{
    return op <= OP_ELU_RESULT ? aclnnEluBackward(ws_buf, ws, ex, stream)
                               : aclnnSoftplusBackward(ws_buf, ws, ex, stream);
}

static double op_ref(int op, int64_t i)
{
    double dy = acpu_ops_dy(i);
    switch (op) {
    case OP_ELU:
    case OP_ELU_RESULT: return acpu_ops_elu_ref(dy, acpu_ops_x(i), ALPHA, SCALE, INPUT_SCALE, op == OP_ELU_RESULT);
    case OP_SOFTPLUS: return acpu_ops_softplus_ref(dy, acpu_ops_x(i), BETA, THRESHOLD);
    default: return acpu_ops_softplus_ref(dy, (float)acpu_ops_x_int(i), BETA, THRESHOLD);
    }
}

static void fill_sentinel(float *out)
{
    const uint32_t bits = SENTINEL;
    for (int i = 0; i < N + GUARD; ++i)
        memcpy(&out[i], &bits, sizeof bits);
}

/* Index of the first element of out[N + GUARD] that is not the sentinel, -1 if none. */
static int first_written(const float *out)
{
    for (int i = 0; i < N + GUARD; ++i) {
        uint32_t bits;
        memcpy(&bits, &out[i], sizeof bits);
        if (bits != SENTINEL)
            return i;
    }
    return -1;
}

/* Index of the first element differing (bit for bit) from op's single-threaded result, or of the
 * first guard element written; -1 if none. */
static int first_wrong(const float *out, int op)
{
    if (memcmp(out, g_w.want[op], sizeof g_w.want[op]) != 0) {
        for (int i = 0; i < N; ++i)
            if (memcmp(&out[i], &g_w.want[op][i], sizeof out[i]) != 0)
                return i;
    }
    for (int i = N; i < N + GUARD; ++i) {
        uint32_t bits;
        memcpy(&bits, &out[i], sizeof bits);
        if (bits != SENTINEL)
            return i;
    }
    return -1;
}

static float *alloc_out(void)
{
    float *p = aligned_alloc(64, (N + GUARD + 15) / 16 * 64);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* Phase 2 with a workspace from aclrtMalloc when phase 1 asked for one (the memory registry is shared too). */
static aclnnStatus run_phase2(int op, uint64_t ws, aclOpExecutor *ex, aclrtStream stream)
{
    void *buf = NULL;
    if (ws > 0 && aclrtMalloc(&buf, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        EXPECT(false, "aclrtMalloc of a %llu-byte workspace failed", (unsigned long long)ws);
        return -1;
    }
    aclnnStatus rc = op_phase2(op, buf, ws, ex, stream);
    if (buf != NULL)
        EXPECT(aclrtFree(buf) == ACL_SUCCESS, "aclrtFree of the workspace failed");
    return rc;
}

/* The shared handles, and every op's result as one calling thread gets it (the workers must get
 * the same bits), each within doc/NUMERICS.md's bound of the double reference. Runs on the test's
 * thread before any worker starts. */
static void world_init(void)
{
    world *w = &g_w;
    ck_assert_int_eq(aclrtMalloc((void **)&w->dy, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ck_assert_int_eq(aclrtMalloc((void **)&w->x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ck_assert_int_eq(aclrtMalloc((void **)&w->xi, N * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    for (int64_t i = 0; i < N; ++i) {
        w->dy[i] = acpu_ops_dy(i);
        w->x[i] = acpu_ops_x(i);
        w->xi[i] = acpu_ops_x_int(i);
    }
    world_handles(w);
    static double ref[N];
    float *out = alloc_out();
    for (int op = 0; op < N_OPS; ++op) {
        aclTensor *t = vec_tensor(ACL_FLOAT, out, N);
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        ck_assert_int_eq(op_phase1(w, op, t, &ws, &ex), ACLNN_SUCCESS);
        ck_assert_int_eq(run_phase2(op, ws, ex, NULL), ACLNN_SUCCESS);
        ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
        for (int64_t i = 0; i < N; ++i)
            ref[i] = op_ref(op, i);
        double bound = op <= OP_ELU_RESULT ? ACPU_OPS_ELU_ULP : ACPU_OPS_SOFTPLUS_ULP;
        int64_t bad = acpu_ops_first_off(out, ref, N, bound);
        ck_assert_msg(bad < 0, "%s: element %lld is %.9g, reference %.17g", k_op_name[op], (long long)bad,
                      bad < 0 ? 0.0 : (double)out[bad], bad < 0 ? 0.0 : ref[bad]);
        memcpy(w->want[op], out, sizeof w->want[op]);
    }
    free(out);
}

/* ---- one whole call, checked ---------------------------------------------------------------------- */

typedef struct {
    aclnnStatus p1, p2; /* p2: -1 when phase 2 did not run */
} call_status;

/* Phase 1 and 2 of `op` on the shared inputs into `out`, through a fresh gradInput handle (each
 * destroy moves the tensor destroy count and so invalidates every thread's handle memo). Checks the
 * output: the single-threaded result bit for bit when both phases succeeded, untouched otherwise.
 * A phase 1 failure must name the operator's API in this thread's message. A phase 2 refused for
 * its stream leaves the executor live (only a NULL workspace releases it): it is destroyed here. */
static call_status call_checked(const world *w, int op, float *out, aclrtStream stream)
{
    call_status st = {.p1 = -1, .p2 = -1};
    fill_sentinel(out);
    aclTensor *t = aclCreateTensor((const int64_t[]){N}, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, (const int64_t[]){N}, 1,
                                   out);
    EXPECT(t != NULL, "aclCreateTensor failed: %s", aclGetRecentErrMsg());
    if (t == NULL)
        return st;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    st.p1 = op_phase1(w, op, t, &ws, &ex);
    if (st.p1 == ACLNN_SUCCESS) {
        st.p2 = run_phase2(op, ws, ex, stream);
        if (st.p2 == ACLNN_ERR_PARAM_INVALID) {
            const char *m = aclGetRecentErrMsg();
            EXPECT(strstr(m, op <= OP_ELU_RESULT ? "aclnnEluBackward" : "aclnnSoftplusBackward") != NULL,
                   "%s phase 2 refused, this thread's message is \"%s\"", k_op_name[op], m);
            EXPECT(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "an executor refused for its stream is not live");
        }
    } else {
        const char *m = aclGetRecentErrMsg();
        EXPECT(strstr(m, op_api(op)) != NULL, "%s failed with %d, this thread's message is \"%s\"", k_op_name[op],
               (int)st.p1, m);
    }
    if (st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS) {
        int bad = first_wrong(out, op);
        EXPECT(bad < 0, "%s: element %d differs from the single-threaded result", k_op_name[op], bad);
    } else {
        int bad = first_written(out);
        EXPECT(bad < 0, "%s failed (%d, %d) but wrote element %d", k_op_name[op], (int)st.p1, (int)st.p2, bad);
    }
    EXPECT(aclDestroyTensor(t) == ACLNN_SUCCESS, "aclDestroyTensor of a live output failed");
    return st;
}

typedef struct {
    int id;
    float *out;
} worker_arg;

static void worker_args(worker_arg *a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = (worker_arg){.id = i, .out = alloc_out()};
}

static void worker_args_free(worker_arg *a, int n)
{
    for (int i = 0; i < n; ++i)
        free(a[i].out);
}

/* ---- both operators on shared inputs, each thread its own output and streams ---------------------- */

#define SHARED_ITERS 200

static void *shared_inputs_worker(void *p)
{
    worker_arg *a = p;
    aclrtStream own = NULL;
    for (int it = 0; it < SHARED_ITERS; ++it) {
        if (it % 8 == 0) { /* streams come and go while other threads run on theirs */
            if (own != NULL)
                EXPECT(aclrtDestroyStream(own) == ACL_SUCCESS, "aclrtDestroyStream of a live stream failed");
            EXPECT(aclrtCreateStream(&own) == ACL_SUCCESS, "aclrtCreateStream failed");
        }
        aclrtStream stream = it % 3 == 0 ? NULL : it % 3 == 1 ? own : g_w.stream;
        int op = (it + a->id) % N_OPS;
        call_status st = call_checked(&g_w, op, a->out, stream);
        EXPECT(st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS, "%s: statuses %d, %d (%s)", k_op_name[op], (int)st.p1,
               (int)st.p2, aclGetRecentErrMsg());
        EXPECT(aclrtSynchronizeStream(own) == ACL_SUCCESS, "aclrtSynchronizeStream of a live stream failed");
    }
    EXPECT(aclrtDestroyStream(own) == ACL_SUCCESS, "aclrtDestroyStream of a live stream failed");
    return NULL;
}

START_TEST(test_shared_inputs)
{
    world_init();
    pthread_t t[THREADS];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(t, THREADS, shared_inputs_worker, a, sizeof a[0]);
    join_all(t, THREADS);
    worker_args_free(a, THREADS);
    rec_assert_clean(THREADS * SHARED_ITERS * 5L);
}
END_TEST

/* ---- one repeatable executor, several threads ------------------------------------------------------ */

/* CANN makes no promise for two concurrent runs of one executor, and two runs of a non-empty one
 * write the same output: like any two writes to one buffer, the caller must order them. So an
 * executor with work is run under the callers' mutex (only a concurrent destroy is documented as
 * safe: test_repeatable_destroyed_while_running, every registry API), and the truly concurrent runs
 * use an executor over empty tensors, which writes nothing: they race only on the library's own
 * state (registry, reference count, recycling). */
typedef struct {
    aclOpExecutor *ex;
    atomic_long runs;
    atomic_bool destroy_started;
} shared_exec;

static shared_exec g_sx;

/* Runs g_sx.ex until it is refused, then twice more: once refused it stays refused, and a refusal
 * before the destroy started is a failure. */
static void *empty_exec_worker(void *p)
{
    (void)p;
    bool refused = false;
    for (int after = 0; after < 3;) {
        bool destroying = atomic_load(&g_sx.destroy_started);
        aclnnStatus rc = aclnnEluBackward(NULL, 0, g_sx.ex, NULL);
        if (rc == ACLNN_SUCCESS) {
            EXPECT(!refused, "a destroyed repeatable executor ran again");
            atomic_fetch_add(&g_sx.runs, 1);
        } else {
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "run of a shared repeatable executor: %d", (int)rc);
            EXPECT(destroying || atomic_load(&g_sx.destroy_started), "refused (%d) before the destroy", (int)rc);
            refused = true;
        }
        after += refused;
    }
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

static aclOpExecutor *repeatable_elu(aclTensor *dy, aclTensor *x, aclTensor *out)
{
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(dy, g_w.alpha, g_w.scale, g_w.iscale, false, x, out, &ws, &ex),
                     ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
    return ex;
}

START_TEST(test_repeatable_empty_concurrent)
{
    world_init();
    int64_t zero[1] = {0};
    aclTensor *e[3];
    for (int i = 0; i < 3; ++i) {
        e[i] = aclCreateTensor(zero, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, zero, 1, NULL);
        ck_assert_ptr_nonnull(e[i]);
    }
    g_sx.ex = repeatable_elu(e[0], e[1], e[2]);
    pthread_t t[THREADS];
    spawn(t, THREADS, empty_exec_worker, NULL, 0);
    wait_for(&g_sx.runs, THREADS * 200L, THREADS); /* every thread is running it by then */
    atomic_store(&g_sx.destroy_started, true);
    ck_assert_int_eq(aclDestroyAclOpExecutor(g_sx.ex), ACLNN_SUCCESS);
    join_all(t, THREADS);
    ck_assert_int_eq(aclDestroyAclOpExecutor(g_sx.ex), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, g_sx.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    for (int i = 0; i < 3; ++i)
        ck_assert_int_eq(aclDestroyTensor(e[i]), ACLNN_SUCCESS);
    rec_assert_clean(THREADS * 200L);
}
END_TEST

/* A non-repeatable executor handed to another thread as its maker runs it. In odd rounds that thread
 * destroys it: exactly one of the two calls succeeds, and the output is the result or untouched. In
 * even rounds it makes it repeatable: the run always succeeds, and the executor stays live (a
 * destroy succeeds) exactly when aclSetAclOpExecutorRepeatable did.
 *
 * Who comes first: a quarter of the rounds wait for the other call before running, a quarter run
 * before the other call starts: every outcome of both calls is checked, and asserted, in every
 * build. The other half race: both threads meet at a spin barrier (so that both are running when
 * it opens, neither waking from a sleep), then one side waits a head start before its call. The
 * head start adapts, per kind of call, so that the side that lost the last racing round is favoured
 * in the next (by a quarter of the head start plus 4 spins, with a random jitter of +-32 spins):
 * with a CPU each, the calls then meet within a few hundred nanoseconds whatever their costs or a
 * sanitizer's slowdown. When both threads share one CPU (the others busy with other processes, or
 * with libgomp's idle workers, which spin for a while after each parallel region), no head start in
 * spins outlasts a time slice, so a long head start yields instead (head_start). Each side then
 * wins about half the racing rounds (measured on 2 loaded CPUs: the destroy won 54 to 66 of 100,
 * where the head start in spins alone gave 100 of 100 in most runs, the run never winning). Which
 * side wins a racing round is still up to the scheduler, so those counts are reported, not
 * asserted: a test that needed both outcomes could fail on a loaded machine. Each racing round's
 * statuses and output are checked like any other round's. */
#define HANDOVER_ROUNDS 400
#define HEAD_START_SPINS 2048L /* spins of a head start, beyond which it yields instead */
#define HEAD_START_MAX (64 * HEAD_START_SPINS)

enum { HO_OTHER_FIRST, HO_RUN_FIRST, HO_RACE, HO_RACE_TOO }; /* a round's order: (r / 2) % 4 */

static int handover_order(long r) { return (int)((r / 2) % 4); }

static struct {
    _Atomic(aclOpExecutor *) slot;
    atomic_long head_start; /* racing round: spins the run waits (> 0) or the other call waits (< 0) */
    atomic_long arrived;    /* racing rounds' barrier: one per side and round */
    atomic_long run_done;   /* the last round whose run has returned */
    atomic_long round_done;
    atomic_int other_rc; /* the other thread's call */
} g_ho;

/* n iterations of a loop no compiler may delete (a volatile counter), a nanosecond or two each;
 * none when n <= 0. */
static void spin(long n)
{
    for (volatile long i = n; i > 0; i = i - 1)
        ;
}

/* A head start of n: n spins, or, beyond HEAD_START_SPINS, that many and then a yield per
 * HEAD_START_SPINS more. The yields matter when both threads share one CPU (the other ones busy):
 * no head start in spins outlasts a time slice, but a yield hands the CPU to the other thread. */
static void head_start(long n)
{
    spin(n < HEAD_START_SPINS ? n : HEAD_START_SPINS);
    for (long y = n / HEAD_START_SPINS; y > 0; --y)
        sched_yield();
}

/* Waits (spinning, then yielding now and then) until *counter reaches target, or until the other
 * thread of the handover has ended. */
static void spin_until(atomic_long *counter, long target)
{
    for (unsigned spins = 1; atomic_load(counter) < target && atomic_load(&g_workers_done) < 1; ++spins)
        if (spins % 16384 == 0) /* a partner that lost this CPU gets it back */
            sched_yield();
}

/* Racing round number `race` (1, 2, ...): both sides arrive, then both leave together. */
static void handover_barrier(long race)
{
    atomic_fetch_add(&g_ho.arrived, 1);
    spin_until(&g_ho.arrived, 2 * race);
}

static void *handover_taker(void *p)
{
    (void)p;
    long races = 0;
    for (long r = 1; r <= HANDOVER_ROUNDS; ++r) {
        aclOpExecutor *ex;
        for (unsigned spins = 1; (ex = atomic_exchange(&g_ho.slot, NULL)) == NULL; ++spins)
            if (spins % 1024 == 0) /* polls first: a yield alone would lose every round */
                sched_yield();
        int order = handover_order(r);
        if (order == HO_RUN_FIRST) {
            spin_until(&g_ho.run_done, r);
        } else if (order >= HO_RACE) {
            long head = atomic_load(&g_ho.head_start);
            handover_barrier(++races);
            head_start(-head);
        }
        atomic_store(&g_ho.other_rc, r % 2 ? aclDestroyAclOpExecutor(ex) : aclSetAclOpExecutorRepeatable(ex));
        atomic_store(&g_ho.round_done, r);
    }
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

/* Round r's statuses: the run's and the other thread's. Returns whether the other call won. */
static bool check_handover(long r, aclOpExecutor *ex, aclnnStatus rc, int other)
{
    ck_assert_msg(other == ACLNN_SUCCESS || other == ACLNN_ERR_PARAM_INVALID, "round %ld: other call %d", r, other);
    if (r % 2 == 0) {
        ck_assert_msg(rc == ACLNN_SUCCESS, "round %ld: run %d while made repeatable (%d)", r, (int)rc, other);
        ck_assert_int_eq(aclDestroyAclOpExecutor(ex), other); /* live exactly when it became repeatable */
    } else {
        ck_assert_msg((rc == ACLNN_SUCCESS) != (other == ACLNN_SUCCESS), "round %ld: run %d, destroy %d", r, (int)rc,
                      other);
        ck_assert_int_eq(rc == ACLNN_SUCCESS ? other : rc, ACLNN_ERR_PARAM_INVALID);
    }
    int order = handover_order(r);
    if (order == HO_OTHER_FIRST || order == HO_RUN_FIRST)
        ck_assert_msg((other == ACLNN_SUCCESS) == (order == HO_OTHER_FIRST), "round %ld: the %s call %s", r,
                      order == HO_OTHER_FIRST ? "other call, made first," : "other call, made after the run,",
                      other == ACLNN_SUCCESS ? "succeeded" : "failed");
    return other == ACLNN_SUCCESS;
}

/* The next head start for calls of one kind, after a racing round the other call won or lost. */
static long next_head_start(long head, bool other_won)
{
    long step = labs(head) / 4 + 4;
    head += other_won ? -step : step;
    return head > HEAD_START_MAX ? HEAD_START_MAX : head < -HEAD_START_MAX ? -HEAD_START_MAX : head;
}

START_TEST(test_executor_handed_to_other_thread)
{
    world_init();
    float *out = alloc_out();
    pthread_t t;
    spawn(&t, 1, handover_taker, NULL, 0);
    long won[2][2] = {{0, 0}, {0, 0}}, rounds[2][2] = {{0, 0}, {0, 0}}; /* [raced][other is a destroy] */
    long head[2] = {0, 0}, races = 0;                                   /* per kind of other call */
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    for (long r = 1; r <= HANDOVER_ROUNDS; ++r) {
        fill_sentinel(out);
        aclTensor *tout = vec_tensor(ACL_FLOAT, out, N);
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        int op = r % 4 < 2 ? OP_ELU : OP_SOFTPLUS, order = handover_order(r), kind = (int)(r % 2);
        bool raced = order >= HO_RACE;
        ck_assert_int_eq(op_phase1(&g_w, op, tout, &ws, &ex), ACLNN_SUCCESS);
        ck_assert_uint_eq(ws, 0);
        /* a random jitter around the adapted head start: not the same race every round */
        long lead = head[kind] + (long)(next_rand(&rng) % 65) - 32;
        atomic_store(&g_ho.head_start, lead);
        atomic_store(&g_ho.slot, ex);
        if (order == HO_OTHER_FIRST) {
            wait_for(&g_ho.round_done, r, 1);
        } else if (raced) {
            handover_barrier(++races);
            head_start(lead);
        }
        aclnnStatus rc = op_phase2(op, NULL, 0, ex, NULL);
        atomic_store(&g_ho.run_done, r);
        wait_for(&g_ho.round_done, r, 1);
        bool other_won = check_handover(r, ex, rc, atomic_load(&g_ho.other_rc));
        won[raced][kind] += other_won;
        rounds[raced][kind]++;
        if (raced)
            head[kind] = next_head_start(head[kind], other_won);
        int bad = rc == ACLNN_SUCCESS ? first_wrong(out, op) : first_written(out);
        ck_assert_msg(bad < 0, "round %ld (%s): element %d wrong", r, rc == ACLNN_SUCCESS ? "ran" : "destroyed", bad);
        ck_assert_int_eq(aclDestroyTensor(tout), ACLNN_SUCCESS);
    }
    join_all(&t, 1);
    free(out);
    /* Ordered rounds: every round's outcome was asserted (check_handover); both happened. */
    for (int kind = 0; kind < 2; ++kind)
        ck_assert_msg(won[0][kind] > 0 && won[0][kind] < rounds[0][kind],
                      "ordered rounds: the other call won %ld of %ld", won[0][kind], rounds[0][kind]);
    /* Racing rounds: reported, not asserted (see above). */
    fprintf(stderr,
            "executor handover, racing rounds: the destroy won %ld of %ld, aclSetAclOpExecutorRepeatable %ld of %ld "
            "(final head starts %ld and %ld spins)\n",
            won[1][1], rounds[1][1], won[1][0], rounds[1][0], head[1], head[0]);
    rec_assert_clean(0);
}
END_TEST

/* ---- the setters that race the calls (of every registry API: below) ------------------------------ */

/* Thread counts the setter cycles through. Under TSan OpenMP must stay at one thread (0 is the
 * default, ACLNN_CPU_NUM_THREADS=1 there); elsewhere results must not depend on the count. */
static const int32_t k_threads_tsan[] = {0, 1};
static const int32_t k_threads_all[] = {0, 1, 2, 3};

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
} platform_cfg;

/* Every profile, some with overrides: tilings differ, results must not (doc/NUMERICS.md "Common rules").
 * The UB overrides are small (many tiles) but hold every kernel's tiles beside its own UB reserve
 * (GeluV2's and GeluGradV2's Erf buffer: 120 KiB). */
static const platform_cfg k_platforms[] = {
    {"host", 0, 0},      {"Ascend910", 0, 0},  {"Ascend910B", 0, 0},        {"Ascend910_93", 0, 0},
    {"Ascend950", 0, 0}, {"Ascend910B", 3, 0}, {"host", 5, 65536 + 131072}, {"Ascend950", 7, 32768 + 131072},
    {NULL, 0, 0}};

static atomic_bool g_setters_stop;

static void set_threads_checked(int32_t n)
{
    EXPECT(aclnnCpuSetNumThreads(n) == ACL_SUCCESS, "aclnnCpuSetNumThreads(%d) failed", (int)n);
}

static void *setter_worker(void *p)
{
    (void)p;
    const int32_t *threads = UNDER_TSAN ? k_threads_tsan : k_threads_all;
    size_t n_threads = UNDER_TSAN ? N_ELEMS(k_threads_tsan) : N_ELEMS(k_threads_all);
    for (size_t i = 0; !atomic_load(&g_setters_stop); ++i) {
        set_threads_checked(threads[i % n_threads]);
        const platform_cfg *c = &k_platforms[i % N_ELEMS(k_platforms)];
        EXPECT(aclnnCpuSetPlatform(c->soc, c->cores, c->ub) == ACL_SUCCESS, "aclnnCpuSetPlatform(%s) failed",
               c->soc ? c->soc : "NULL");
        EXPECT(aclnnCpuSetNumThreads(-1) == ACL_ERROR_INVALID_PARAM, "aclnnCpuSetNumThreads(-1) accepted");
        EXPECT(aclnnCpuSetPlatform("nosuch", 0, 0) == ACL_ERROR_INVALID_PARAM, "an unknown soc accepted");
        int32_t got = aclnnCpuGetNumThreads();
        EXPECT(got >= 1 && got <= 4096, "aclnnCpuGetNumThreads() = %d", (int)got);
        aclnnCpuPlatform plat;
        EXPECT(aclnnCpuGetPlatform(&plat) == ACL_SUCCESS && plat.coreNum > 0 && plat.ubBytes > 0,
               "aclnnCpuGetPlatform failed or gave %d cores", (int)plat.coreNum);
        sched_yield();
    }
    return NULL;
}

/* ---- a call stalled while its tensor is destroyed and the quarantine turns over ------------------- */

/* The quarantine holds a destroyed handle's memory for the next 4096 destroys, whatever the time: a
 * thread stalled inside phase 1 (preempted, stopped in a debugger, running a signal handler) while
 * another thread destroys its tensor and 4096 more handles must still read nothing freed. A signal
 * handler stalls the caller at a random point of its loop of calls; meanwhile a helper destroys the
 * caller's gradOutput and churns through 4100 scalars. The stalled call returns 0 (with the exact
 * result) or 161002; a call that starts after the destroy returned 161002. ASan reports a read of
 * the freed tensor as heap-use-after-free; elsewhere it may go unnoticed or crash. A stall that lands
 * while the caller holds the registry lock blocks the helper: after STALL_WAIT_MS the caller is let go
 * and that attempt proves nothing; at least half the attempts must see the destroy return during the
 * stall. Fails on a library whose quarantine bounds a destroyed handle's life by a count of
 * destroys alone, not by the calls still using it (the hazard records of runtime/hazard.c do the
 * latter); CK_EXCLUDE_TAGS=stall skips it. */
#define STALL_ATTEMPTS 60
#define STALL_CHURN 4100 /* destroys past the quarantine's 4096 */
#define STALL_WAIT_MS 500

static struct {
    aclTensor *dy[STALL_ATTEMPTS]; /* attempt a's gradOutput, published by `attempt` */
    aclTensor *out;                /* the caller's gradInput */
    atomic_long attempt;           /* the gradOutput the caller takes: dy[attempt] */
    /* handshakes, by attempt number + 1 */
    atomic_long requested, stopped, destroyed, churned, released;
    atomic_long calls;
    atomic_bool done;
} g_stall;

/* Async-signal-safe: atomics and nanosleep only (errno kept for the interrupted code). */
static void stall_handler(int sig)
{
    (void)sig;
    int saved_errno = errno;
    long want = atomic_load(&g_stall.requested);
    atomic_store(&g_stall.stopped, want);
    const struct timespec ms = {0, 1000000};
    while (atomic_load(&g_stall.released) < want)
        nanosleep(&ms, NULL);
    errno = saved_errno;
}

/* Mostly phase 1 alone (its executor destroyed unrun), so that the stall lands inside phase 1 more
 * often than not; every 16th call runs and checks the result. */
static void *stalled_caller(void *p)
{
    worker_arg *a = p;
    for (long n = 0; !atomic_load(&g_stall.done); ++n) {
        long at = atomic_load(&g_stall.attempt);
        bool gone = atomic_load(&g_stall.destroyed) > at; /* dy[at] was destroyed before this call */
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus rc = aclnnEluBackwardGetWorkspaceSize(g_stall.dy[at], g_w.alpha, g_w.scale, g_w.iscale, false,
                                                          g_w.t_x, g_stall.out, &ws, &ex);
        EXPECT(rc == ACLNN_SUCCESS || rc == ACLNN_ERR_PARAM_INVALID, "phase 1 with a tensor being destroyed: %d",
               (int)rc);
        EXPECT(!(gone && rc == ACLNN_SUCCESS), "phase 1 accepted a destroyed gradOutput");
        if (rc == ACLNN_SUCCESS && n % 16 == 0) {
            fill_sentinel(a->out);
            aclnnStatus rc2 = run_phase2(OP_ELU, ws, ex, NULL);
            int bad = first_wrong(a->out, OP_ELU);
            EXPECT(rc2 == ACLNN_SUCCESS && bad < 0, "phase 2 after a stall: %d, element %d", (int)rc2, bad);
        } else if (rc == ACLNN_SUCCESS) {
            EXPECT(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "an unrun executor could not be destroyed");
        }
        atomic_fetch_add(&g_stall.calls, 1);
    }
    return NULL;
}

/* Destroys attempt a's gradOutput, then STALL_CHURN scalars (the quarantine frees the tensor). */
static void *stall_destroyer(void *p)
{
    long a = *(const long *)p;
    EXPECT(aclDestroyTensor(g_stall.dy[a]) == ACLNN_SUCCESS, "aclDestroyTensor of attempt %ld's tensor failed", a);
    atomic_store(&g_stall.destroyed, a + 1);
    float v = 1.0f;
    int failed = 0;
    for (int i = 0; i < STALL_CHURN; ++i) {
        aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
        failed += s == NULL || aclDestroyScalar(s) != ACLNN_SUCCESS;
    }
    EXPECT(failed == 0, "%d of %d scalar create/destroy pairs failed", failed, STALL_CHURN);
    atomic_store(&g_stall.churned, a + 1);
    return NULL;
}

/* Stalls the caller with attempt a's tensor in use, has it destroyed and the quarantine turned over,
 * lets the caller go on and waits for two more of its calls (both refused). Returns whether the
 * destroy returned during the stall. */
static bool stall_attempt(pthread_t caller, long a)
{
    wait_for(&g_stall.calls, atomic_load(&g_stall.calls) + 20, 1);
    atomic_store(&g_stall.requested, a + 1);
    ck_assert_int_eq(pthread_kill(caller, SIGUSR1), 0);
    while (atomic_load(&g_stall.stopped) < a + 1)
        sched_yield();
    pthread_t helper;
    spawn(&helper, 1, stall_destroyer, &a, 0);
    const struct timespec ms = {0, 1000000};
    for (int waited = 0; atomic_load(&g_stall.churned) < a + 1 && waited < STALL_WAIT_MS; ++waited)
        nanosleep(&ms, NULL);
    bool destroyed = atomic_load(&g_stall.destroyed) == a + 1;
    atomic_store(&g_stall.released, a + 1);
    join_all(&helper, 1);
    wait_for(&g_stall.calls, atomic_load(&g_stall.calls) + 2, 1);
    return destroyed;
}

START_TEST(test_destroy_during_stalled_call)
{
    world_init();
    /* Phase 2 on one thread: with OpenMP the caller's loop spends most of its time in libgomp's
     * barrier, where the stall would land instead of phase 1. */
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stall_handler;
    sigemptyset(&sa.sa_mask);
    ck_assert_int_eq(sigaction(SIGUSR1, &sa, NULL), 0);
    for (int a = 0; a < STALL_ATTEMPTS; ++a)
        g_stall.dy[a] = vec_tensor(ACL_FLOAT, g_w.dy, N);
    pthread_t t;
    worker_arg arg;
    worker_args(&arg, 1);
    g_stall.out = vec_tensor(ACL_FLOAT, arg.out, N);
    spawn(&t, 1, stalled_caller, &arg, sizeof arg);
    int during = 0;
    for (long a = 0; a < STALL_ATTEMPTS; ++a) {
        during += stall_attempt(t, a);
        if (a + 1 < STALL_ATTEMPTS)
            atomic_store(&g_stall.attempt, a + 1);
    }
    atomic_store(&g_stall.done, true);
    join_all(&t, 1);
    ck_assert_int_eq(aclDestroyTensor(g_stall.out), ACLNN_SUCCESS);
    worker_args_free(&arg, 1);
    ck_assert_msg(during >= STALL_ATTEMPTS / 2, "the destroy returned during only %d of %d stalls", during,
                  STALL_ATTEMPTS);
    rec_assert_clean(STALL_ATTEMPTS * 20L * 2);
}
END_TEST

/* ---- streams created, used and destroyed by several threads at once --------------------------------- */

/* Each thread creates STREAMS_PER_THREAD streams and publishes them; every thread destroys and
 * synchronizes streams of every thread at random. Each stream must be destroyed exactly once (the
 * other destroys refused with INVALID_PARAM), a synchronize that starts after a destroy returned
 * must be refused. Fewer creates than the 4096-destroy quarantine: no address is reused meanwhile,
 * so "exactly once" is exact. */
#define STREAMS_PER_THREAD 200

typedef struct {
    _Atomic(aclrtStream) s;
    atomic_int destroyed; /* successful destroys */
} stream_slot;

static stream_slot g_streams[THREADS][STREAMS_PER_THREAD];
static atomic_long g_streams_published;

static void poke_random_stream(uint64_t *rng)
{
    long published = atomic_load(&g_streams_published);
    if (published == 0)
        return;
    uint64_t r = next_rand(rng);
    stream_slot *slot = &g_streams[r % THREADS][(r >> 8) % STREAMS_PER_THREAD];
    aclrtStream s = atomic_load(&slot->s);
    if (s == NULL)
        return;
    bool was_destroyed = atomic_load(&slot->destroyed) > 0;
    if (r & (1u << 20)) {
        aclError rc = aclrtSynchronizeStream(s);
        EXPECT(rc == ACL_SUCCESS || rc == ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeStream: %d", (int)rc);
        EXPECT(!(was_destroyed && rc == ACL_SUCCESS), "a destroyed stream synchronized");
    } else {
        aclError rc = aclrtDestroyStream(s);
        EXPECT(rc == ACL_SUCCESS || rc == ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: %d", (int)rc);
        EXPECT(!(was_destroyed && rc == ACL_SUCCESS), "a stream destroyed twice");
        if (rc == ACL_SUCCESS)
            atomic_fetch_add(&slot->destroyed, 1);
    }
}

static void *stream_worker(void *p)
{
    worker_arg *a = p;
    uint64_t rng = 0x9E3779B97F4A7C15ull * (uint64_t)(a->id + 1);
    for (int i = 0; i < STREAMS_PER_THREAD; ++i) {
        aclrtStream s = NULL;
        EXPECT(aclrtCreateStream(&s) == ACL_SUCCESS && s != NULL, "aclrtCreateStream failed");
        atomic_store(&g_streams[a->id][i].s, s);
        atomic_fetch_add(&g_streams_published, 1);
        EXPECT(aclrtSynchronizeStream(NULL) == ACL_SUCCESS, "aclrtSynchronizeStream(NULL) failed");
        for (int k = 0; k < 3; ++k)
            poke_random_stream(&rng);
    }
    return NULL;
}

START_TEST(test_streams_race)
{
    pthread_t t[THREADS];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(t, THREADS, stream_worker, a, sizeof a[0]);
    join_all(t, THREADS);
    worker_args_free(a, THREADS);
    long destroyed_by_workers = 0;
    for (int i = 0; i < THREADS; ++i) {
        for (int j = 0; j < STREAMS_PER_THREAD; ++j) {
            stream_slot *slot = &g_streams[i][j];
            int before = atomic_load(&slot->destroyed);
            ck_assert_int_le(before, 1);
            destroyed_by_workers += before;
            ck_assert_int_eq(aclrtDestroyStream(atomic_load(&slot->s)), before ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS);
            ck_assert_int_eq(aclrtSynchronizeStream(atomic_load(&slot->s)), ACL_ERROR_INVALID_PARAM);
        }
    }
    ck_assert_int_gt(destroyed_by_workers, 0);
    rec_assert_clean(THREADS * STREAMS_PER_THREAD * 3L);
}
END_TEST

/* ---- every registry API: the cases and one whole call, checked ------------------------------------ */

/* A case per operator-info row and dtype: shared inputs (read by every thread at once), the
 * single-threaded result. Made by the test's thread before any worker starts; workers only read it
 * (in a destroy case, also the handles being destroyed). */
/* Elements: past the kernels' thread grains, so that OpenMP forks outside TSan. Under TSan OpenMP stays
 * at one thread and every element access is instrumented: fewer elements keep the races on the
 * library's own state (handles, executors, settings) without most of the kernels' cost. */
#define API_N (UNDER_TSAN ? 2048 : 6000)
#define API_ITERS 3
#define API_GUARD 64 /* bytes after each worker output that must stay untouched */
#define MAX_API_CASES 256

typedef struct {
    acpu_test_call call;
    size_t bytes;
    unsigned char *want;
} api_case;

static api_case g_api[MAX_API_CASES];
static int g_n_api;

/* Row `op`'s call in dt on API_N elements (acpu_test_call.h) and its result with the current
 * settings; false, nothing kept, when the library refuses it. */
static bool api_case_make(api_case *k, const acpu_test_op *op, aclDataType dt, uint64_t seed)
{
    const int64_t dims[1] = {API_N};
    acpu_test_call_make(&k->call, op, dt, 1, dims, seed);
    if (acpu_test_call_run(&k->call) != ACLNN_SUCCESS) {
        acpu_test_call_free(&k->call);
        return false;
    }
    k->bytes = (size_t)API_N * acpu_test_dtype_size(k->call.dt);
    k->want = malloc(k->bytes);
    ck_assert_ptr_nonnull(k->want);
    memcpy(k->want, k->call.buf[k->call.out], k->bytes);
    acpu_test_call_reset(&k->call);
    return true;
}

/* Every row in each of its dtypes that phase 1 takes on the host profile; the results with one thread. */
static void api_cases_init(void)
{
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    for (int o = 0; o < acpu_test_num_ops; o++) {
        int taken = 0;
        for (int d = 0; d < acpu_test_ops[o].n_dtypes && g_n_api < MAX_API_CASES; d++) {
            if (!api_case_make(&g_api[g_n_api], &acpu_test_ops[o], acpu_test_ops[o].dtypes[d], 37u + (unsigned)d))
                continue;
            taken++;
            g_n_api++;
        }
        ck_assert_msg(taken > 0, "%s runs in none of its row's dtypes on the host profile", acpu_test_ops[o].api);
    }
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
}

/* g_api[slot]: row o's case in its host base dtype, single-threaded (asserted to run). */
static api_case *api_case_of_row(int slot, int o)
{
    const acpu_test_op *op = &acpu_test_ops[o];
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    aclDataType dt = acpu_test_call_base_dtype(op, ACPU_PG_950);
    ck_assert_msg(dt != ACL_DT_UNDEFINED, "%s runs in none of its row's dtypes on the host profile", op->api);
    ck_assert_msg(api_case_make(&g_api[slot], op, dt, 37u + (unsigned)slot), "%s: %s", op->api, aclGetRecentErrMsg());
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    g_n_api = slot + 1 > g_n_api ? slot + 1 : g_n_api;
    return &g_api[slot];
}

/* Whether message m comes from function fn ("fn: ..."). */
static bool msg_from(const char *m, const char *fn)
{
    size_t n = strlen(fn);
    return strncmp(m, fn, n) == 0 && m[n] == ':';
}

/* What the output memory of k's call holds before it: the in-place input's values, else 0x5a bytes. */
static void api_out_prepare(const api_case *k, unsigned char *out)
{
    const acpu_test_call *c = &k->call;
    if (acpu_test_kind_is_input(c->api->params[c->out].kind))
        memcpy(out, c->snap[c->out], k->bytes);
    else
        memset(out, 0x5a, k->bytes);
    memset(out + k->bytes, 0xa5, API_GUARD);
}

static bool api_out_untouched(const api_case *k, const unsigned char *out)
{
    const acpu_test_call *c = &k->call;
    if (acpu_test_kind_is_input(c->api->params[c->out].kind))
        return memcmp(out, c->snap[c->out], k->bytes) == 0;
    for (size_t b = 0; b < k->bytes; b++)
        if (out[b] != 0x5a)
            return false;
    return true;
}

/* The case's call on its shared inputs into `out` (a worker's own memory, API_N elements and
 * API_GUARD bytes) through a fresh output tensor (each destroy moves the tensor destroy count and so
 * invalidates every thread's handle memo), run on `stream`; checked without Check: the
 * single-threaded bits when both phases succeed, the output untouched otherwise, nothing written past
 * it; a refused phase names its own function in this thread's message; a phase 2 refused (for its
 * stream) leaves the executor live: it is destroyed here. */
static call_status api_call(const api_case *k, unsigned char *out, aclrtStream stream)
{
    call_status st = {.p1 = -1, .p2 = -1};
    const acpu_test_call *c = &k->call;
    api_out_prepare(k, out);
    aclTensor *t = aclCreateTensor(c->dims, c->rank, c->dt, NULL, 0, ACL_FORMAT_ND, c->dims, c->rank, out);
    EXPECT(t != NULL, "aclCreateTensor failed: %s", aclGetRecentErrMsg());
    if (t == NULL)
        return st;
    acpu_arg args[ACPU_MAX_PARAMS];
    memcpy(args, c->args, sizeof args);
    args[c->out].p = t;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    st.p1 = c->api->invoke(args, &ws, &ex);
    if (st.p1 == ACLNN_SUCCESS) {
        void *buf = NULL;
        if (ws > 0 && aclrtMalloc(&buf, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
            EXPECT(false, "aclrtMalloc of a %llu-byte workspace failed", (unsigned long long)ws);
        st.p2 = c->api->run(buf, ws, ex, stream);
        if (st.p2 == ACLNN_ERR_PARAM_INVALID) {
            const char *m = aclGetRecentErrMsg();
            EXPECT(msg_from(m, c->api->name), "%s phase 2 refused, this thread's message is \"%s\"", c->api->name, m);
            EXPECT(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "%s: an executor refused for its stream is not live",
                   c->api->name);
        }
        if (buf != NULL)
            EXPECT(aclrtFree(buf) == ACL_SUCCESS, "aclrtFree of the workspace failed");
    } else {
        const char *m = aclGetRecentErrMsg();
        EXPECT(msg_from(m, c->api->phase1), "%s failed with %d, this thread's message is \"%s\"", c->api->name,
               (int)st.p1, m);
    }
    if (st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS)
        EXPECT(memcmp(out, k->want, k->bytes) == 0, "%s %s: the result differs from the single-threaded one",
               c->api->name, acpu_dtype_name(c->dt));
    else
        EXPECT(api_out_untouched(k, out), "%s failed (%d, %d) but wrote its output", c->api->name, (int)st.p1,
               (int)st.p2);
    bool guard = true;
    for (int b = 0; b < API_GUARD; b++)
        guard = guard && out[k->bytes + (size_t)b] == 0xa5;
    EXPECT(guard, "%s: a byte after the output was written", c->api->name);
    EXPECT(aclDestroyTensor(t) == ACLNN_SUCCESS, "aclDestroyTensor of a live output failed");
    return st;
}

static unsigned char *alloc_api_out(void)
{
    unsigned char *out = aligned_alloc(64, (size_t)API_N * ACPU_TEST_CALL_ELEM_MAX + API_GUARD);
    EXPECT(out != NULL, "no memory for a worker's output");
    return out;
}

/* ---- every registry API from several threads at once -------------------------------------------- */

static void *every_api_worker(void *p)
{
    worker_arg *a = p;
    unsigned char *out = alloc_api_out();
    for (int it = 0; out != NULL && it < API_ITERS; ++it)
        for (int j = 0; j < g_n_api; ++j) { /* each thread its own order: different APIs meet */
            const api_case *k = &g_api[(j * (a->id + 1) + it) % g_n_api];
            call_status st = api_call(k, out, NULL);
            EXPECT(st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS, "%s: %d, %d (%s)", k->call.api->name, (int)st.p1,
                   (int)st.p2, aclGetRecentErrMsg());
        }
    free(out);
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

/* Cycles the thread count of the calls planned meanwhile (one at a time under TSan, whose OpenMP
 * must stay at one thread) until g_setters_stop. */
static void *thread_count_setter(void *p)
{
    (void)p;
    const int32_t *threads = UNDER_TSAN ? k_threads_tsan : k_threads_all;
    size_t n_threads = UNDER_TSAN ? N_ELEMS(k_threads_tsan) : N_ELEMS(k_threads_all);
    for (size_t i = 0; !atomic_load(&g_setters_stop); ++i) {
        set_threads_checked(threads[i % n_threads]);
        sched_yield();
    }
    return NULL;
}

/* Every registry API from THREADS threads at once, each into its own buffers, while a setter thread
 * changes the thread count the calls are planned with: every result bit-identical to the
 * single-threaded one, nothing written past an output. */
START_TEST(test_every_api_concurrent)
{
    api_cases_init();
    pthread_t t[THREADS + 1];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(t, THREADS, every_api_worker, a, sizeof a[0]);
    spawn(&t[THREADS], 1, thread_count_setter, NULL, 0);
    join_all(t, THREADS);
    atomic_store(&g_setters_stop, true);
    join_all(&t[THREADS], 1);
    worker_args_free(a, THREADS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    rec_assert_clean((long)THREADS * API_ITERS * g_n_api * 3);
}
END_TEST

/* ---- every registry API while the setters race the calls ---------------------------------------- */

/* The calls of the race: one case per row (its host base dtype, which every setting must take) and
 * the world's four ELU / Softplus calls (isResult, an int32 self: theirs alone), by one index. */
static int setter_kinds(void) { return g_n_api + N_OPS; }

static call_status setter_call(int kind, unsigned char *api_out, float *out, aclrtStream stream)
{
    if (kind < g_n_api)
        return api_call(&g_api[kind], api_out, stream);
    return call_checked(&g_w, kind - g_n_api, out, stream);
}

static const char *setter_kind_name(int kind)
{
    return kind < g_n_api ? g_api[kind].call.api->name : k_op_name[kind - g_n_api];
}

static void *settings_user_worker(void *p)
{
    worker_arg *a = p;
    unsigned char *api_out = alloc_api_out();
    int kinds = setter_kinds();
    for (int it = 0; api_out != NULL && it < 4 * kinds; ++it) {
        int kind = (it + a->id) % kinds;
        call_status st = setter_call(kind, api_out, a->out, it % 2 ? g_w.stream : NULL);
        EXPECT(st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS, "%s while setters run: %d, %d (%s)",
               setter_kind_name(kind), (int)st.p1, (int)st.p2, aclGetRecentErrMsg());
    }
    free(api_out);
    return NULL;
}

/* Each setting alone, on this thread: every call's result equals the default's bit for bit (so that
 * a difference under the race below can only come from the race). */
static void expect_every_setting_same(void)
{
    float *out = alloc_out();
    unsigned char *api_out = alloc_api_out();
    const int32_t *threads = UNDER_TSAN ? k_threads_tsan : k_threads_all;
    size_t n_threads = UNDER_TSAN ? N_ELEMS(k_threads_tsan) : N_ELEMS(k_threads_all);
    for (size_t i = 0; i < N_ELEMS(k_platforms) * n_threads; ++i) {
        const platform_cfg *c = &k_platforms[i % N_ELEMS(k_platforms)];
        ck_assert_int_eq(aclnnCpuSetPlatform(c->soc, c->cores, c->ub), ACL_SUCCESS);
        ck_assert_int_eq(aclnnCpuSetNumThreads(threads[i % n_threads]), ACL_SUCCESS);
        for (int kind = 0; kind < setter_kinds(); ++kind) {
            call_status st = setter_call(kind, api_out, out, NULL);
            ck_assert_msg(st.p1 == ACLNN_SUCCESS && st.p2 == ACLNN_SUCCESS, "%s on %s/%d/%lld: %d, %d (%s)",
                          setter_kind_name(kind), c->soc ? c->soc : "NULL", (int)c->cores, (long long)c->ub, (int)st.p1,
                          (int)st.p2, aclGetRecentErrMsg());
        }
    }
    free(out);
    free(api_out);
    rec_assert_clean(1); /* the calls' result checks */
}

/* THREADS threads calling every registry API (and the world's ELU / Softplus calls), 4 times each
 * per thread, on shared inputs and streams while a setter thread cycles through every profile, UB
 * and core override and thread count: every call succeeds with the bits of the default settings. */
START_TEST(test_setters_race_calls)
{
    world_init();
    for (int o = 0; o < acpu_test_num_ops; o++)
        api_case_of_row(o, o);
    expect_every_setting_same();
    pthread_t t[THREADS + 1];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(&t[THREADS], 1, setter_worker, NULL, 0);
    spawn(t, THREADS, settings_user_worker, a, sizeof a[0]);
    join_all(t, THREADS);
    atomic_store(&g_setters_stop, true);
    join_all(&t[THREADS], 1);
    worker_args_free(a, THREADS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    rec_assert_clean(THREADS * 4L * setter_kinds() * 4L);
}
END_TEST

/* ---- every registry API: its repeatable executor destroyed while threads run it ----------------- */

#define SERIAL_RUNS 100
#define SERIAL_CAP 1000000 /* a bound on a worker's runs: the destroy comes long before */
#define SERIAL_AFTER 3     /* refused runs each worker makes once the destroy took effect */

static struct {
    const api_case *k;
    void *workspace;
    uint64_t ws;
    aclrtStream stream;
    pthread_mutex_t caller_lock; /* the callers' ordering of the executor's runs */
} g_sr = {.caller_lock = PTHREAD_MUTEX_INITIALIZER};

/* Runs the shared executor (g_sx.ex, over the case's own buffers) under the callers' mutex, each run
 * on a different stream choice, its output memory put back first (the in-place input's values, or
 * the fill), until it has been refused SERIAL_AFTER times (the destroy lands during some run; once
 * refused it stays refused); checks the output after each run: the single-threaded bits, or
 * untouched, and nothing past it. Workers do not stop on a count of runs, so however the OS
 * schedules them, the destroy comes while they are running. */
static void *serial_exec_worker(void *p)
{
    worker_arg *a = p;
    const acpu_test_call *c = &g_sr.k->call;
    unsigned char *out = c->buf[c->out];
    const unsigned char *before = c->snap[c->out];
    size_t bytes = g_sr.k->bytes, all = c->cap + ACPU_TEST_GUARD;
    int refused = 0;
    for (int r = 0; r < SERIAL_CAP && refused < SERIAL_AFTER; ++r) {
        pthread_mutex_lock(&g_sr.caller_lock);
        memcpy(out, before, all);
        bool destroying = atomic_load(&g_sx.destroy_started);
        aclnnStatus rc = c->api->run(g_sr.workspace, g_sr.ws, g_sx.ex, (r + a->id) % 2 ? g_sr.stream : NULL);
        if (rc == ACLNN_SUCCESS) {
            EXPECT(refused == 0, "%s: a destroyed repeatable executor ran again", c->api->name);
            EXPECT(memcmp(out, g_sr.k->want, bytes) == 0, "%s: run %d of the shared executor differs", c->api->name, r);
            EXPECT(memcmp(out + bytes, before + bytes, all - bytes) == 0, "%s: run %d wrote past its output",
                   c->api->name, r);
            atomic_fetch_add(&g_sx.runs, 1);
        } else {
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "%s: run of a shared repeatable executor: %d", c->api->name, (int)rc);
            EXPECT(destroying || atomic_load(&g_sx.destroy_started), "%s: refused (%d) before the destroy",
                   c->api->name, (int)rc);
            EXPECT(memcmp(out, before, all) == 0, "%s: a refused run wrote memory", c->api->name);
            refused++;
        }
        pthread_mutex_unlock(&g_sr.caller_lock);
    }
    EXPECT(refused == SERIAL_AFTER, "worker %d ran %d times without seeing the destroy", a->id, SERIAL_CAP);
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

static void api_case_free(api_case *k)
{
    free(k->want);
    acpu_test_call_free(&k->call);
    memset(k, 0, sizeof *k);
}

/* Row o's repeatable executor run by THREADS threads in turn until it is destroyed (without the
 * callers' mutex: during some run) after SERIAL_RUNS runs. */
static void repeatable_destroyed_row(int o, long *min_checks)
{
    api_case *k = api_case_of_row(0, o);
    g_sr.k = k;
    g_sr.workspace = NULL;
    g_sr.ws = 0;
    atomic_store(&g_sx.runs, 0);
    atomic_store(&g_sx.destroy_started, false);
    atomic_store(&g_workers_done, 0);
    ck_assert_int_eq(acpu_test_call_phase1(&k->call, &g_sr.ws, &g_sx.ex), ACLNN_SUCCESS);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(g_sx.ex), ACLNN_SUCCESS);
    if (g_sr.ws > 0)
        ck_assert_int_eq(aclrtMalloc(&g_sr.workspace, g_sr.ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    pthread_t t[THREADS];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(t, THREADS, serial_exec_worker, a, sizeof a[0]);
    wait_for(&g_sx.runs, SERIAL_RUNS, THREADS); /* then destroyed without the callers' mutex: during some run */
    atomic_store(&g_sx.destroy_started, true);
    ck_assert_int_eq(aclDestroyAclOpExecutor(g_sx.ex), ACLNN_SUCCESS);
    join_all(t, THREADS);
    worker_args_free(a, THREADS);
    ck_assert_msg(atomic_load(&g_sx.runs) >= SERIAL_RUNS, "%s: %ld runs", k->call.api->name, atomic_load(&g_sx.runs));
    ck_assert_int_eq(aclDestroyAclOpExecutor(g_sx.ex), ACLNN_ERR_PARAM_INVALID);
    if (g_sr.workspace != NULL)
        ck_assert_int_eq(aclrtFree(g_sr.workspace), ACL_SUCCESS);
    *min_checks += SERIAL_RUNS * 2L + THREADS * SERIAL_AFTER * 2L;
    rec_assert_clean(*min_checks);
    api_case_free(k);
}

/* Every row in turn (one process: a fork per row costs more than the row under TSan). */
START_TEST(test_repeatable_destroyed_while_running)
{
    ck_assert_int_eq(aclrtCreateStream(&g_sr.stream), ACL_SUCCESS);
    long min_checks = 0;
    for (int o = 0; o < acpu_test_num_ops; o++)
        repeatable_destroyed_row(o, &min_checks);
    ck_assert_int_eq(aclrtDestroyStream(g_sr.stream), ACL_SUCCESS);
}
END_TEST

/* ---- every registry API: handles destroyed while other threads use them ------------------------- */

/* Each row with the next one: workers call one each (even ids the first, odd the second) on the cases'
 * shared input tensors, scalars and stream while the test's thread and a helper destroy all of them
 * (each handle by both at once: exactly one destroy wins). Every phase 1 returns 0 or 161002 naming
 * its own API, never the other thread's; a phase 1 that started after every destroy returned must be
 * refused (where the API has a shared handle: an in-place API without scalars has none); a phase 2 on
 * the destroyed stream must be refused, one that started before may run. Results are exact whenever
 * both phases succeed (the data memory stays alive: the executor copied the views). */
typedef struct {
    atomic_long calls;
    atomic_bool handles_gone, stream_gone;
    atomic_long refused;
    aclrtStream stream;
    bool shared[2]; /* case s has an input tensor or a scalar among the victims */
} destroy_state;

static destroy_state g_ds;

#define AFTER_DESTROY_CALLS 20

static void *destroy_victim_worker(void *p)
{
    worker_arg *a = p;
    int s = a->id % 2;
    const api_case *k = &g_api[s];
    unsigned char *out = alloc_api_out();
    for (int after = 0; out != NULL && after < AFTER_DESTROY_CALLS;) {
        bool gone = atomic_load(&g_ds.handles_gone), stream_gone = atomic_load(&g_ds.stream_gone);
        call_status st = api_call(k, out, g_ds.stream);
        const char *name = k->call.api->name;
        EXPECT(st.p1 == ACLNN_SUCCESS || st.p1 == ACLNN_ERR_PARAM_INVALID, "%s phase 1: %d", name, (int)st.p1);
        EXPECT(!(gone && g_ds.shared[s] && st.p1 == ACLNN_SUCCESS), "%s phase 1 accepted destroyed handles", name);
        if (st.p1 == ACLNN_SUCCESS)
            EXPECT(st.p2 == ACLNN_SUCCESS || st.p2 == ACLNN_ERR_PARAM_INVALID, "%s phase 2: %d", name, (int)st.p2);
        if (st.p1 == ACLNN_SUCCESS && stream_gone)
            EXPECT(st.p2 == ACLNN_ERR_PARAM_INVALID, "%s phase 2 ran on a destroyed stream", name);
        if (st.p1 != ACLNN_SUCCESS || st.p2 != ACLNN_SUCCESS)
            atomic_fetch_add(&g_ds.refused, 1);
        atomic_fetch_add(&g_ds.calls, 1);
        after += gone;
    }
    free(out);
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

/* Destroys one handle; returns 1 when this call destroyed it, 0 when it was refused as not live. */
typedef enum { H_TENSOR, H_SCALAR, H_STREAM } handle_kind;

static int destroy_one(handle_kind k, void *h)
{
    int rc = k == H_TENSOR ? aclDestroyTensor(h) : k == H_SCALAR ? aclDestroyScalar(h) : aclrtDestroyStream(h);
    int refused = k == H_STREAM ? ACL_ERROR_INVALID_PARAM : ACLNN_ERR_PARAM_INVALID;
    EXPECT(rc == 0 || rc == refused, "destroy of a handle: %d", rc);
    return rc == 0;
}

typedef struct {
    handle_kind kind[2 * ACPU_MAX_PARAMS + 1];
    void *h[2 * ACPU_MAX_PARAMS + 1];
    int n;
    atomic_int wins[2 * ACPU_MAX_PARAMS + 1];
} victims;

static victims g_vict;

static void *second_destroyer(void *p)
{
    (void)p;
    for (int i = 0; i < g_vict.n; ++i)
        atomic_fetch_add(&g_vict.wins[i], destroy_one(g_vict.kind[i], g_vict.h[i]));
    return NULL;
}

static void add_victim(handle_kind k, void *h)
{
    g_vict.kind[g_vict.n] = k;
    g_vict.h[g_vict.n++] = h;
}

/* Case s's input tensors and scalars as victims; the call no longer owns them (they are destroyed by
 * the test, not by acpu_test_call_free). */
static void add_case_victims(int s)
{
    acpu_test_call *c = &g_api[s].call;
    for (int i = 0; i < c->n_params; i++) {
        if (c->api->params[i].kind == ACPU_P_TIN && c->t[i] != NULL) {
            add_victim(H_TENSOR, c->t[i]);
            g_ds.shared[s] = true;
        } else if (c->s[i] != NULL) {
            add_victim(H_SCALAR, c->s[i]);
            g_ds.shared[s] = true;
        }
    }
}

static void drop_case_victims(int s)
{
    acpu_test_call *c = &g_api[s].call;
    for (int i = 0; i < c->n_params; i++) {
        if (c->api->params[i].kind == ACPU_P_TIN)
            c->t[i] = NULL;
        c->s[i] = NULL;
    }
}

/* Rows o0 (even workers) and o1 (odd workers), their handles and a stream destroyed while in use. */
static void destroy_in_use_rows(int o0, int o1, long *min_checks)
{
    api_case_of_row(0, o0);
    api_case_of_row(1, o1);
    atomic_store(&g_ds.calls, 0);
    atomic_store(&g_ds.handles_gone, false);
    atomic_store(&g_ds.stream_gone, false);
    atomic_store(&g_ds.refused, 0);
    g_ds.shared[0] = g_ds.shared[1] = false;
    atomic_store(&g_workers_done, 0);
    g_vict.n = 0;
    for (size_t i = 0; i < N_ELEMS(g_vict.wins); i++)
        atomic_store(&g_vict.wins[i], 0);
    ck_assert_int_eq(aclrtCreateStream(&g_ds.stream), ACL_SUCCESS);
    add_victim(H_STREAM, g_ds.stream);
    add_case_victims(0);
    add_case_victims(1);
    pthread_t t[THREADS + 1];
    worker_arg a[THREADS];
    worker_args(a, THREADS);
    spawn(t, THREADS, destroy_victim_worker, a, sizeof a[0]);
    wait_for(&g_ds.calls, THREADS * 10L, THREADS);
    spawn(&t[THREADS], 1, second_destroyer, NULL, 0);
    for (int i = 0; i < g_vict.n; ++i)
        atomic_fetch_add(&g_vict.wins[i], destroy_one(g_vict.kind[i], g_vict.h[i]));
    join_all(&t[THREADS], 1);
    atomic_store(&g_ds.stream_gone, true);
    atomic_store(&g_ds.handles_gone, true);
    join_all(t, THREADS);
    worker_args_free(a, THREADS);
    for (int i = 0; i < g_vict.n; ++i)
        ck_assert_msg(atomic_load(&g_vict.wins[i]) == 1, "%s, %s: handle %d destroyed %d times",
                      g_api[0].call.api->name, g_api[1].call.api->name, i, atomic_load(&g_vict.wins[i]));
    ck_assert_msg(atomic_load(&g_ds.refused) >= THREADS * AFTER_DESTROY_CALLS, "%s, %s: %ld calls refused",
                  g_api[0].call.api->name, g_api[1].call.api->name, atomic_load(&g_ds.refused));
    *min_checks += THREADS * 10L * 5;
    rec_assert_clean(*min_checks);
    for (int s = 0; s < 2; s++) {
        drop_case_victims(s);
        api_case_free(&g_api[s]);
    }
}

/* Every row in turn, with the next one (one process: a fork per row costs more than the row under
 * TSan). */
START_TEST(test_destroy_in_use)
{
    long min_checks = 0;
    for (int o = 0; o < acpu_test_num_ops; o++)
        destroy_in_use_rows(o, (o + 1) % acpu_test_num_ops, &min_checks);
}
END_TEST

/* ---- every registry API: one non-repeatable executor, two threads ------------------------------- */

/* A non-repeatable executor of each API run by two threads at once: its first run consumes it, so
 * exactly one of the two succeeds (with the single-threaded bits) and the other is refused (161002). */
#define CLAIM_ROUNDS 8

static struct {
    aclOpExecutor *ex;
    const acpu_api_def *api;
    void *workspace;
    uint64_t ws;
    atomic_long arrived;
    aclnnStatus rc[2];
} g_claim;

static void *claim_runner(void *p)
{
    int side = *(const int *)p;
    long round = atomic_fetch_add(&g_claim.arrived, 1) / 2 + 1;
    for (unsigned spins = 1; atomic_load(&g_claim.arrived) < 2 * round; ++spins) /* both sides running */
        if (spins % 4096 == 0) /* a partner that lost this CPU gets it back */
            sched_yield();
    g_claim.rc[side] = g_claim.api->run(g_claim.workspace, g_claim.ws, g_claim.ex, NULL);
    return NULL;
}

START_TEST(test_every_api_executor_claimed_once)
{
    api_cases_init();
    static const int sides[2] = {0, 1};
    int races = 0;
    for (int j = 0; j < g_n_api; j++) {
        api_case *k = &g_api[j];
        if (j > 0 && g_api[j - 1].call.api == k->call.api) /* one dtype per API */
            continue;
        for (int r = 0; r < CLAIM_ROUNDS; r++) {
            acpu_test_call_reset(&k->call);
            g_claim.ws = 0;
            g_claim.workspace = NULL;
            ck_assert_int_eq(acpu_test_call_phase1(&k->call, &g_claim.ws, &g_claim.ex), ACLNN_SUCCESS);
            if (g_claim.ws > 0)
                ck_assert_int_eq(aclrtMalloc(&g_claim.workspace, g_claim.ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
            g_claim.api = k->call.api;
            pthread_t t[2];
            spawn(&t[0], 1, claim_runner, (void *)&sides[0], 0);
            spawn(&t[1], 1, claim_runner, (void *)&sides[1], 0);
            join_all(t, 2);
            if (g_claim.workspace != NULL)
                ck_assert_int_eq(aclrtFree(g_claim.workspace), ACL_SUCCESS);
            aclnnStatus a = g_claim.rc[0], b = g_claim.rc[1];
            ck_assert_msg((a == ACLNN_SUCCESS) != (b == ACLNN_SUCCESS), "%s: two runs of one executor gave %d and %d",
                          k->call.api->name, (int)a, (int)b);
            ck_assert_int_eq(a == ACLNN_SUCCESS ? b : a, ACLNN_ERR_PARAM_INVALID);
            ck_assert_msg(memcmp(k->call.buf[k->call.out], k->want, k->bytes) == 0, "%s: the winning run's result",
                          k->call.api->name);
            races++;
        }
    }
    ck_assert_int_ge(races, acpu_api_count * CLAIM_ROUNDS);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("concurrency");
    TCase *ops = tcase_create("operators");
    tcase_add_test(ops, test_shared_inputs);
    suite_add_tcase(s, ops);
    TCase *apis = tcase_create("every registry API");
    tcase_add_test(apis, test_every_api_concurrent);
    tcase_add_test(apis, test_every_api_executor_claimed_once);
    tcase_add_test(apis, test_setters_race_calls);
    suite_add_tcase(s, apis);
    TCase *ex = tcase_create("executors");
    tcase_add_test(ex, test_repeatable_empty_concurrent);
    tcase_add_test(ex, test_repeatable_destroyed_while_running);
    tcase_add_test(ex, test_executor_handed_to_other_thread);
    suite_add_tcase(s, ex);
    TCase *h = tcase_create("handles");
    tcase_add_test(h, test_destroy_in_use);
    tcase_add_test(h, test_streams_race);
    suite_add_tcase(s, h);
    TCase *stall = tcase_create("stall");
    tcase_set_tags(stall, "stall");
    tcase_add_test(stall, test_destroy_during_stalled_call);
    suite_add_tcase(s, stall);
    return acpu_test_main(s);
}

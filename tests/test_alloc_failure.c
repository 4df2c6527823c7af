/* Allocation failure: the library's own allocations fail one at a time. A scenario (a
 * device, a stream, device and host memory, tensors and scalars, phase 1 and 2 of both operators,
 * a workspace, a repeatable executor, more live executors than the pool has blocks, enough handles
 * to grow the registry, a getter, a context, two events, the three arrays and the two lists, each
 * created, used and destroyed, then every destroy) runs once per k = 1..MAX_K with the k-th
 * allocation failing. The call that meets the failure must fail with its code (table below), name
 * itself in aclGetRecentErrMsg and leave every output untouched; every other call must succeed, with
 * exact results. The scenario then stops, destroys what it made, and runs once more in full: the
 * failure left nothing broken. The asan preset adds LeakSanitizer, which fails a case (its forked
 * process exits non-zero) on any leak; the library's deliberate process-lifetime allocations (registry
 * table, quarantined handles) stay reachable from its globals.
 *
 * For every registry API (test_phase1_every_api, its operator-info row through tests/acpu_test_call.h):
 * each allocation of a phase 1 made while the executor pool is in use fails in turn, and a 16-bit call
 * whose lookup-table allocation fails must still run, with the bits of a call without tables.
 *
 * How allocations fail: this executable is linked with --wrap for malloc, calloc, realloc,
 * aligned_alloc and posix_memalign (tests/CMakeLists.txt), so the library's static objects call the
 * __wrap_ functions below; counting is on only inside the library calls of a scenario, so the test's
 * own and Check's allocations never count. libgomp's allocations are its own (not wrapped) and
 * ACLNN_CPU_NUM_THREADS=1 keeps phase 2 off OpenMP.
 *
 * The allocation sites of src/ (grep malloc|calloc|realloc|aligned_alloc|posix_memalign) and where
 * they are reached:
 *   device.c     aclrtCreateStream's stream                          the scenario
 *   memory.c     aclrtMalloc / aclrtMallocHost's block               the scenario
 *   executor.c   an executor beyond the pool's 8 blocks (phase 1)    the scenario (many_executors)
 *   registry.c   the table, at its first use and when it grows       the scenario (stream, burst);
 *       a growth falls inside one creator or another (the stream's at first use, a burst scalar's
 *       later), so only those creators meet a failed registration; the other creators' branch for it
 *       (free the object, return the same code) is the same few lines, not reached here.
 *   tensor.c     aclCreateTensor, aclCreateScalar, the getters' array the scenario
 *   op_tables.c  a 16-bit lookup table (phase 1 of a call of 65536+)  test_table_allocation_every_api: no
 *       status, the call runs its kernel without the table
 *   context.c    aclrtCreateContext                                  the scenario (contexts)
 *   event.c      aclrtCreateEvent / aclrtCreateEventWithFlag         the scenario (events)
 *   meta_arrays.c the three arrays and the two lists                 the scenario (arrays)
 *   registry.c   the deferred-free node of acpu_registry_release     test_deferred_free_node, not the
 *       scenario: it is allocated only when a handle leaves the 4096-destroy quarantine while a call
 *       still holds it as a hazard, i.e. while another thread is inside a phase 1 that read it. With
 *       one thread that happens only if the destroys run *inside* that phase 1, so the case runs them
 *       from this file's malloc wrapper when phase 1 allocates its executor (standing in for a second
 *       thread, deterministically). Its failure is not a status: the release cannot record the
 *       deferral, so the library leaks the object rather than free it early (which the case checks).
 *   lab_json.c   the tiling lab's one allocation (its writer and text)  test_lab_allocation: each of
 *       aclnnCpuGetTilingPlan, aclnnCpuGetTilingUsage and aclnnCpuGetOpRegistry makes it once
 *   hazard.c     a hazard record beyond the 64 static ones           NOT reached: a thread claims a
 *       record at its first phase 1 and gives it back only when it exits, and the first 64 records are
 *       static, so calloc runs only when a 65th live thread enters phase 1; this suite runs one thread
 *       (the counters above are plain variables). Its failure is not a status either: that thread
 *       counts itself in `unrecorded`, and every free waits while it is inside phase 1.
 *
 * Codes on an allocation failure (read from src/, listed in doc/BEHAVIOUR.md "Out of memory"):
 *   aclCreateTensor, aclCreateScalar, aclCreateIntArray, aclCreateFloatArray,
 *   aclCreateBoolArray, aclCreateTensorList, aclCreateScalarList   NULL (message set)
 *   aclrtCreateStream, aclrtMalloc, aclrtMallocHost,
 *   aclrtCreateContext, aclrtCreateEvent, aclrtCreateEventWithFlag ACL_ERROR_BAD_ALLOC (200000)
 *   aclnn*GetWorkspaceSize                                        ACLNN_ERR_INNER_CREATE_EXECUTOR (561101)
 *   aclGetViewShape (and the other array getters)                 ACLNN_ERR_INNER (561000)
 *   aclnnCpuGetTilingPlan, aclnnCpuGetTilingUsage, aclnnCpuGetOpRegistry  ACLNN_ERR_INNER (561000)
 *   phase 2, destroys, the setters, the other getters, the event,
 *   context and size calls                                        no allocation (a step marked NO_ALLOC
 *                                                                 fails if it meets one), but for the
 *                                                                 deferred-free node of a destroy */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_call.h"
#include "acpu_test_ops.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define N 1000            /* elements of every tensor */
#define GUARD_BYTES 64    /* after each output, must stay untouched */
#define SENTINEL 0xA5     /* fill of the outputs before the scenario */
#define MANY_EXECUTORS 12 /* live at once: more than the executor pool's 8 blocks, so some come from the heap */
#define BURST_SCALARS 40  /* enough live handles to make the registry table grow mid-scenario */
#define LIST_LEN 3        /* members of each list; the middle one NULL (an absent optional member) */
/* Cases: one per allocation of a scenario (test_scenario_count checks that it makes at most this
 * many; raise it when the library allocates more). */
#define MAX_K 96

/* ---- the allocator behind --wrap -------------------------------------------------------------------- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
int __real_posix_memalign(void **p, size_t align, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);
int __wrap_posix_memalign(void **p, size_t align, size_t size);

/* One thread only (ACLNN_CPU_NUM_THREADS=1, and phase 2 allocates nothing): plain variables. */
static struct {
    bool armed;   /* counting: only inside a scenario's library calls */
    long seen;    /* allocations counted so far */
    long fail_at; /* the counted allocation (1-based) that fails; 0: none */
    long failed;  /* allocations made to fail */
    long before;  /* `seen` when the current step began */
} g_alloc;

static bool alloc_fails(void)
{
    if (!g_alloc.armed)
        return false;
    if (++g_alloc.seen != g_alloc.fail_at)
        return false;
    g_alloc.failed++;
    return true;
}

/* test_deferred_free_node: when set, the next malloc (phase 1's executor) first runs the hook. */
static bool g_hook_pending;
static void deferred_hook(void);

void *__wrap_malloc(size_t size)
{
    if (g_hook_pending) {
        g_hook_pending = false;
        deferred_hook();
    }
    return alloc_fails() ? NULL : __real_malloc(size);
}
void *__wrap_calloc(size_t n, size_t size) { return alloc_fails() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t size) { return alloc_fails() ? NULL : __real_realloc(p, size); }
void *__wrap_aligned_alloc(size_t align, size_t size)
{
    return alloc_fails() ? NULL : __real_aligned_alloc(align, size);
}
int __wrap_posix_memalign(void **p, size_t align, size_t size)
{
    return alloc_fails() ? ENOMEM : __real_posix_memalign(p, align, size);
}

/* ---- steps: one library call each, with counting on ------------------------------------------------- */

/* A message no step sets: a step that fails must replace it. aclrtGetDevice allocates nothing. */
static void step_begin(void)
{
    ck_assert_int_eq(aclrtGetDevice(NULL), ACL_ERROR_INVALID_PARAM);
    g_alloc.before = g_alloc.seen;
    g_alloc.armed = true;
}

/* Counting off; true when the step's call met the failing allocation. */
static bool step_end(void)
{
    g_alloc.armed = false;
    return g_alloc.fail_at > g_alloc.before && g_alloc.fail_at <= g_alloc.seen;
}

/* Marks a call that must not allocate at all (it has no allocation failure code). */
#define NO_ALLOC (-1L)

/* A call that met the failure must fail, with code `want` (0 for the creators that return NULL),
 * naming `api` in its message; any other call must succeed. Returns whether the call succeeded. */
static bool step_outcome(const char *api, bool injected, bool ok, long got, long want)
{
    if (!injected) {
        ck_assert_msg(ok, "%s failed (%ld) without a failed allocation: %s", api, got, aclGetRecentErrMsg());
        return true;
    }
    ck_assert_msg(want != NO_ALLOC, "%s allocates (allocation %ld), but has no allocation failure", api,
                  g_alloc.fail_at);
    ck_assert_msg(!ok, "%s succeeded although its allocation %ld failed", api, g_alloc.fail_at);
    ck_assert_msg(got == want, "%s returned %ld on a failed allocation, expected %ld", api, got, want);
    const char *m = aclGetRecentErrMsg();
    ck_assert_msg(strstr(m, api) != NULL, "%s failed on an allocation but its message is \"%s\"", api, m);
    return false;
}

/* ---- the scenario -------------------------------------------------------------------------------- */

enum { OUT_ELU, OUT_SOFTPLUS, OUT_SOFTPLUS_INT, OUT_REPEAT, OUT_MANY_ELU, OUT_MANY_SOFTPLUS, N_OUTS };
enum { OP_ELU, OP_SOFTPLUS, OP_SOFTPLUS_INT };
static const int k_out_op[N_OUTS] = {OP_ELU, OP_SOFTPLUS, OP_SOFTPLUS_INT, OP_ELU, OP_ELU, OP_SOFTPLUS};

#define ALPHA 1.5f
#define SCALE 1.0507f
#define INPUT_SCALE 1.0f
#define BETA 2.0f
#define THRESHOLD 20.0f

typedef struct {
    /* caller memory, allocated uncounted before the scenario */
    float *dy;
    unsigned char *out[N_OUTS];
    bool written[N_OUTS]; /* a phase 2 into it succeeded */
    /* what the scenario made; scenario_cleanup destroys what is still there */
    aclrtStream stream;
    float *x;    /* aclrtMalloc */
    int32_t *xi; /* aclrtMallocHost */
    aclTensor *t_dy, *t_x, *t_xi, *t_out[N_OUTS];
    aclScalar *alpha, *scale, *iscale, *beta, *threshold, *burst[BURST_SCALARS];
    aclOpExecutor *live[MANY_EXECUTORS + 1]; /* made, not yet run or destroyed */
    int n_live;
    aclrtContext ctx;
    aclrtEvent ev_start, ev_end;
    aclIntArray *int_array;
    aclFloatArray *float_array;
    aclBoolArray *bool_array;
    aclTensorList *tensor_list;  /* owns list_t once made */
    aclScalarList *scalar_list;  /* owns list_s once made */
    aclTensor *list_t[LIST_LEN]; /* made for the list, not yet handed to it */
    aclScalar *list_s[LIST_LEN];
} scenario;

/* What an out-pointer holds before a call: a call that fails must leave it so. */
static char g_untouched_mark;
#define UNTOUCHED ((void *)&g_untouched_mark)

static bool set_threads(void)
{
    step_begin();
    aclError rc = aclnnCpuSetNumThreads(1); /* as ACLNN_CPU_NUM_THREADS=1, even when run by hand */
    return step_outcome("aclnnCpuSetNumThreads", step_end(), rc == ACL_SUCCESS, rc, NO_ALLOC);
}

static bool set_device(void)
{
    step_begin();
    aclError rc = aclrtSetDevice(0);
    return step_outcome("aclrtSetDevice", step_end(), rc == ACL_SUCCESS, rc, NO_ALLOC);
}

static bool create_stream(scenario *s)
{
    aclrtStream st = UNTOUCHED;
    step_begin();
    aclError rc = aclrtCreateStream(&st);
    bool ok = step_outcome("aclrtCreateStream", step_end(), rc == ACL_SUCCESS, rc, ACL_ERROR_BAD_ALLOC);
    if (!ok)
        ck_assert_ptr_eq(st, UNTOUCHED);
    s->stream = ok ? st : NULL;
    return ok;
}

static bool dev_malloc(void **p, size_t size)
{
    void *q = UNTOUCHED;
    step_begin();
    aclError rc = aclrtMalloc(&q, size, ACL_MEM_MALLOC_HUGE_FIRST);
    bool ok = step_outcome("aclrtMalloc", step_end(), rc == ACL_SUCCESS, rc, ACL_ERROR_BAD_ALLOC);
    if (!ok)
        ck_assert_ptr_eq(q, UNTOUCHED);
    *p = ok ? q : NULL;
    return ok;
}

static bool host_malloc(void **p, size_t size)
{
    void *q = UNTOUCHED;
    step_begin();
    aclError rc = aclrtMallocHost(&q, size);
    bool ok = step_outcome("aclrtMallocHost", step_end(), rc == ACL_SUCCESS, rc, ACL_ERROR_BAD_ALLOC);
    if (!ok)
        ck_assert_ptr_eq(q, UNTOUCHED);
    *p = ok ? q : NULL;
    return ok;
}

static bool create_tensor(aclTensor **t, aclDataType dt, void *data)
{
    const int64_t shape[1] = {N};
    step_begin();
    *t = aclCreateTensor(shape, 1, dt, NULL, 0, ACL_FORMAT_ND, shape, 1, data);
    return step_outcome("aclCreateTensor", step_end(), *t != NULL, 0, 0);
}

static bool create_scalar(aclScalar **sc, float v)
{
    step_begin();
    *sc = aclCreateScalar(&v, ACL_FLOAT);
    return step_outcome("aclCreateScalar", step_end(), *sc != NULL, 0, 0);
}

static const char *op_api(int op)
{
    return op == OP_ELU ? "aclnnEluBackwardGetWorkspaceSize" : "aclnnSoftplusBackwardGetWorkspaceSize";
}

/* Phase 1 of op into output o; the executor joins s->live. */
static bool phase1(scenario *s, int op, int o, uint64_t *ws, aclOpExecutor **ex)
{
    *ws = 12345;
    *ex = UNTOUCHED;
    step_begin();
    aclnnStatus rc = op == OP_ELU ? aclnnEluBackwardGetWorkspaceSize(s->t_dy, s->alpha, s->scale, s->iscale, false,
                                                                     s->t_x, s->t_out[o], ws, ex)
                                  : aclnnSoftplusBackwardGetWorkspaceSize(s->t_dy, op == OP_SOFTPLUS ? s->t_x : s->t_xi,
                                                                          s->beta, s->threshold, s->t_out[o], ws, ex);
    bool ok = step_outcome(op_api(op), step_end(), rc == ACLNN_SUCCESS, rc, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (ok)
        s->live[s->n_live++] = *ex;
    else
        ck_assert(*ws == 12345 && *ex == UNTOUCHED);
    return ok;
}

static void forget_executor(scenario *s, const aclOpExecutor *ex)
{
    for (int i = 0; i < s->n_live; ++i) {
        if (s->live[i] == ex) {
            s->live[i] = s->live[--s->n_live];
            return;
        }
    }
    ck_abort_msg("executor %p is not one the scenario made", (const void *)ex);
}

/* Phase 2 of op (the stream and a workspace from aclrtMalloc when one is asked for) into output o. */
static bool phase2(scenario *s, int op, int o, uint64_t ws, aclOpExecutor *ex, bool repeatable)
{
    void *buf = NULL;
    if (ws > 0 && !dev_malloc(&buf, ws))
        return false;
    step_begin();
    aclnnStatus rc = op == OP_ELU ? aclnnEluBackward(buf, ws, ex, s->stream)
                                  : aclnnSoftplusBackward(buf, ws, ex, s->stream);
    bool ok = step_outcome(op == OP_ELU ? "aclnnEluBackward" : "aclnnSoftplusBackward", step_end(), rc == ACLNN_SUCCESS,
                           rc, NO_ALLOC);
    if (buf != NULL)
        ck_assert_int_eq(aclrtFree(buf), ACL_SUCCESS);
    if (ok && !repeatable)
        forget_executor(s, ex); /* released by its run */
    s->written[o] |= ok;
    return ok;
}

static bool run_op(scenario *s, int op, int o)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    return phase1(s, op, o, &ws, &ex) && phase2(s, op, o, ws, ex, false);
}

static bool destroy_executor(scenario *s, aclOpExecutor *ex)
{
    step_begin();
    aclnnStatus rc = aclDestroyAclOpExecutor(ex);
    bool ok = step_outcome("aclDestroyAclOpExecutor", step_end(), rc == ACLNN_SUCCESS, rc, NO_ALLOC);
    if (ok)
        forget_executor(s, ex);
    return ok;
}

/* A repeatable executor, run twice, then destroyed. */
static bool repeatable(scenario *s)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (!phase1(s, OP_ELU, OUT_REPEAT, &ws, &ex))
        return false;
    step_begin();
    aclnnStatus rc = aclSetAclOpExecutorRepeatable(ex);
    if (!step_outcome("aclSetAclOpExecutorRepeatable", step_end(), rc == ACLNN_SUCCESS, rc, NO_ALLOC))
        return false;
    return phase2(s, OP_ELU, OUT_REPEAT, ws, ex, true) && phase2(s, OP_ELU, OUT_REPEAT, ws, ex, true) &&
           destroy_executor(s, ex);
}

/* MANY_EXECUTORS live at once, of both operators in turn: the first come from the pool's blocks,
 * the last of each operator from the heap (the only allocation phase 1 makes). Half run, half are
 * destroyed unrun. */
static bool many_executors(scenario *s)
{
    aclOpExecutor *ex[MANY_EXECUTORS];
    uint64_t ws[MANY_EXECUTORS];
    for (int i = 0; i < MANY_EXECUTORS; ++i)
        if (!phase1(s, i % 2 ? OP_SOFTPLUS : OP_ELU, i % 2 ? OUT_MANY_SOFTPLUS : OUT_MANY_ELU, &ws[i], &ex[i]))
            return false;
    for (int i = 0; i < MANY_EXECUTORS; ++i) {
        int op = i % 2 ? OP_SOFTPLUS : OP_ELU, o = i % 2 ? OUT_MANY_SOFTPLUS : OUT_MANY_ELU;
        if (!(i % 4 >= 2 ? destroy_executor(s, ex[i]) : phase2(s, op, o, ws[i], ex[i], false)))
            return false;
    }
    return true;
}

static bool burst(scenario *s)
{
    for (int i = 0; i < BURST_SCALARS; ++i)
        if (!create_scalar(&s->burst[i], (float)i))
            return false;
    return true;
}

/* aclGetViewShape allocates the array it returns. */
static bool getter(scenario *s)
{
    int64_t *dims = UNTOUCHED;
    uint64_t n = 12345;
    step_begin();
    aclnnStatus rc = aclGetViewShape(s->t_dy, &dims, &n);
    if (!step_outcome("aclGetViewShape", step_end(), rc == ACLNN_SUCCESS, rc, ACLNN_ERR_INNER)) {
        ck_assert(dims == UNTOUCHED && n == 12345);
        return false;
    }
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(dims[0], N);
    free(dims);
    return true;
}

/* A call that must not allocate, returning a status (0 on success). */
static bool plain_step_end(const char *api, long rc) { return step_outcome(api, step_end(), rc == 0, rc, NO_ALLOC); }
#define PLAIN_STEP(api, call) plain_step_end(api, (step_begin(), (long)(call)))

/* A context: created (it becomes the thread's current one), set, read back, destroyed. */
static bool contexts(scenario *s)
{
    aclrtContext c = UNTOUCHED;
    step_begin();
    aclError rc = aclrtCreateContext(&c, 0);
    if (!step_outcome("aclrtCreateContext", step_end(), rc == ACL_SUCCESS, rc, ACL_ERROR_BAD_ALLOC)) {
        ck_assert_ptr_eq(c, UNTOUCHED);
        return false;
    }
    s->ctx = c;
    aclrtContext cur = NULL;
    if (!PLAIN_STEP("aclrtGetCurrentContext", aclrtGetCurrentContext(&cur)))
        return false;
    ck_assert_ptr_eq(cur, s->ctx);
    if (!PLAIN_STEP("aclrtSetCurrentContext", aclrtSetCurrentContext(s->ctx)) ||
        !PLAIN_STEP("aclrtDestroyContext", aclrtDestroyContext(s->ctx)))
        return false;
    s->ctx = NULL;
    /* the destroyed context is no longer current: the device's default context stands in */
    if (!PLAIN_STEP("aclrtGetCurrentContext", aclrtGetCurrentContext(&cur)))
        return false;
    ck_assert_ptr_ne(cur, c);
    return true;
}

/* Creates an event with aclrtCreateEvent (ACL_EVENT_TIME_LINE) or aclrtCreateEventWithFlag. aclrtCreateEvent's
 * failure message names aclrtCreateEventWithFlag, which it calls: it contains "aclrtCreateEvent". */
static bool create_event(aclrtEvent *ev, bool with_flag)
{
    aclrtEvent e = UNTOUCHED;
    step_begin();
    aclError rc = with_flag ? aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE) : aclrtCreateEvent(&e);
    if (!step_outcome(with_flag ? "aclrtCreateEventWithFlag" : "aclrtCreateEvent", step_end(), rc == ACL_SUCCESS, rc,
                      ACL_ERROR_BAD_ALLOC)) {
        ck_assert_ptr_eq(e, UNTOUCHED);
        return false;
    }
    *ev = e;
    return true;
}

/* Two events bracketing nothing on the stream: queried, recorded, synchronized, timed, destroyed. */
static bool events(scenario *s)
{
    if (!create_event(&s->ev_start, false) || !create_event(&s->ev_end, true))
        return false;
    aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    if (!PLAIN_STEP("aclrtQueryEventStatus", aclrtQueryEventStatus(s->ev_end, &st)))
        return false;
    ck_assert_int_eq(st, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    float ms = -1.0f;
    if (!PLAIN_STEP("aclrtRecordEvent", aclrtRecordEvent(s->ev_start, s->stream)) ||
        !PLAIN_STEP("aclrtRecordEvent", aclrtRecordEvent(s->ev_end, s->stream)) ||
        !PLAIN_STEP("aclrtSynchronizeEvent", aclrtSynchronizeEvent(s->ev_end)) ||
        !PLAIN_STEP("aclrtQueryEventStatus", aclrtQueryEventStatus(s->ev_end, &st)) ||
        !PLAIN_STEP("aclrtEventElapsedTime", aclrtEventElapsedTime(&ms, s->ev_start, s->ev_end)))
        return false;
    ck_assert_int_eq(st, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ck_assert(ms >= 0.0f);
    if (!PLAIN_STEP("aclrtDestroyEvent", aclrtDestroyEvent(s->ev_start)))
        return false;
    s->ev_start = NULL;
    if (!PLAIN_STEP("aclrtDestroyEvent", aclrtDestroyEvent(s->ev_end)))
        return false;
    s->ev_end = NULL;
    return true;
}

/* A creator returning a handle or NULL: NULL + a message naming it exactly on a failed allocation. */
static bool handle_step_end(const char *api, const void *h) { return step_outcome(api, step_end(), h != NULL, 0, 0); }
#define HANDLE_STEP(api, lhs, call) handle_step_end(api, (step_begin(), (lhs) = (call)))

static bool size_is(const char *api, aclnnStatus rc, const uint64_t *got, uint64_t want)
{
    if (!plain_step_end(api, rc))
        return false;
    ck_assert_uint_eq(*got, want);
    return true;
}
#define SIZE_STEP(api, call, n, want) (step_begin(), size_is(api, call, &(n), want))

/* The three arrays and the two lists: created, their sizes read, destroyed (a list with its
 * members, which the scenario makes for it: a list owns them). */
static bool arrays(scenario *s)
{
    static const int64_t iv[4] = {1, -2, 3, INT64_MAX};
    static const float fv[2] = {0.5f, -1.25f};
    static const bool bv[5] = {true, false, true, true, false};
    uint64_t n = 0;
    if (!HANDLE_STEP("aclCreateIntArray", s->int_array, aclCreateIntArray(iv, N_ELEMS(iv))) ||
        !HANDLE_STEP("aclCreateFloatArray", s->float_array, aclCreateFloatArray(fv, N_ELEMS(fv))) ||
        !HANDLE_STEP("aclCreateBoolArray", s->bool_array, aclCreateBoolArray(bv, N_ELEMS(bv))) ||
        !SIZE_STEP("aclGetIntArraySize", aclGetIntArraySize(s->int_array, &n), n, N_ELEMS(iv)) ||
        !SIZE_STEP("aclGetFloatArraySize", aclGetFloatArraySize(s->float_array, &n), n, N_ELEMS(fv)) ||
        !SIZE_STEP("aclGetBoolArraySize", aclGetBoolArraySize(s->bool_array, &n), n, N_ELEMS(bv)))
        return false;
    for (int i = 0; i < LIST_LEN; i += 2) /* the middle member stays NULL */
        if (!create_tensor(&s->list_t[i], ACL_FLOAT, s->dy) || !create_scalar(&s->list_s[i], (float)i))
            return false;
    if (!HANDLE_STEP("aclCreateTensorList", s->tensor_list,
                     aclCreateTensorList((const aclTensor *const *)s->list_t, LIST_LEN)))
        return false;
    memset(s->list_t, 0, sizeof s->list_t); /* the list's now */
    if (!HANDLE_STEP("aclCreateScalarList", s->scalar_list,
                     aclCreateScalarList((const aclScalar *const *)s->list_s, LIST_LEN)))
        return false;
    memset(s->list_s, 0, sizeof s->list_s);
    if (!SIZE_STEP("aclGetTensorListSize", aclGetTensorListSize(s->tensor_list, &n), n, LIST_LEN) ||
        !SIZE_STEP("aclGetScalarListSize", aclGetScalarListSize(s->scalar_list, &n), n, LIST_LEN) ||
        !PLAIN_STEP("aclDestroyIntArray", aclDestroyIntArray(s->int_array)))
        return false;
    s->int_array = NULL;
    if (!PLAIN_STEP("aclDestroyFloatArray", aclDestroyFloatArray(s->float_array)))
        return false;
    s->float_array = NULL;
    if (!PLAIN_STEP("aclDestroyBoolArray", aclDestroyBoolArray(s->bool_array)))
        return false;
    s->bool_array = NULL;
    if (!PLAIN_STEP("aclDestroyTensorList", aclDestroyTensorList(s->tensor_list)))
        return false;
    s->tensor_list = NULL;
    if (!PLAIN_STEP("aclDestroyScalarList", aclDestroyScalarList(s->scalar_list)))
        return false;
    s->scalar_list = NULL;
    return true;
}

static bool inputs(scenario *s)
{
    if (!dev_malloc((void **)&s->x, N * sizeof(float)) || !host_malloc((void **)&s->xi, N * sizeof(int32_t)))
        return false;
    for (int64_t i = 0; i < N; ++i) {
        s->x[i] = acpu_ops_x(i);
        s->xi[i] = acpu_ops_x_int(i);
    }
    return create_tensor(&s->t_dy, ACL_FLOAT, s->dy) && create_tensor(&s->t_x, ACL_FLOAT, s->x) &&
           create_tensor(&s->t_xi, ACL_INT32, s->xi) && create_scalar(&s->alpha, ALPHA) &&
           create_scalar(&s->scale, SCALE) && create_scalar(&s->iscale, INPUT_SCALE) && create_scalar(&s->beta, BETA) &&
           create_scalar(&s->threshold, THRESHOLD);
}

static bool outputs(scenario *s)
{
    for (int o = 0; o < N_OUTS; ++o)
        if (!create_tensor(&s->t_out[o], ACL_FLOAT, s->out[o]))
            return false;
    return true;
}

/* The whole scenario up to the first failed step. */
static bool scenario_run(scenario *s)
{
    return set_threads() && set_device() && create_stream(s) && inputs(s) && outputs(s) && run_op(s, OP_ELU, OUT_ELU) &&
           run_op(s, OP_SOFTPLUS, OUT_SOFTPLUS) && run_op(s, OP_SOFTPLUS_INT, OUT_SOFTPLUS_INT) && repeatable(s) &&
           many_executors(s) && burst(s) && getter(s) && contexts(s) && events(s) && arrays(s);
}

/* `call` (returning a status) with counting on: a destroy must never fail, allocation or not.
 * Check's own allocations (each assertion sends a message) must never count, hence the bracket. */
static int g_counted_rc;
#define COUNTED(call) (g_alloc.armed = true, g_counted_rc = (int)(call), g_alloc.armed = false, g_counted_rc)

static void destroy_checked(const char *what, int rc)
{
    ck_assert_msg(rc == 0, "cleanup: %s returned %d (%s)", what, rc, aclGetRecentErrMsg());
}

/* Destroys what the scenario made. */
static void scenario_cleanup(scenario *s)
{
    while (s->n_live > 0)
        destroy_checked("aclDestroyAclOpExecutor", COUNTED(aclDestroyAclOpExecutor(s->live[--s->n_live])));
    aclTensor *tensors[3 + N_OUTS] = {s->t_dy, s->t_x, s->t_xi};
    memcpy(&tensors[3], s->t_out, sizeof s->t_out);
    for (size_t i = 0; i < N_ELEMS(tensors); ++i)
        destroy_checked("aclDestroyTensor", COUNTED(aclDestroyTensor(tensors[i]))); /* NULL: 0 */
    aclScalar *scalars[5 + BURST_SCALARS] = {s->alpha, s->scale, s->iscale, s->beta, s->threshold};
    memcpy(&scalars[5], s->burst, sizeof s->burst);
    for (size_t i = 0; i < N_ELEMS(scalars); ++i)
        destroy_checked("aclDestroyScalar", COUNTED(aclDestroyScalar(scalars[i])));
    /* a list destroys its members; members not yet handed to a list go one by one */
    destroy_checked("aclDestroyTensorList", COUNTED(aclDestroyTensorList(s->tensor_list)));
    destroy_checked("aclDestroyScalarList", COUNTED(aclDestroyScalarList(s->scalar_list)));
    for (int i = 0; i < LIST_LEN; ++i) {
        destroy_checked("aclDestroyTensor", COUNTED(aclDestroyTensor(s->list_t[i])));
        destroy_checked("aclDestroyScalar", COUNTED(aclDestroyScalar(s->list_s[i])));
    }
    destroy_checked("aclDestroyIntArray", COUNTED(aclDestroyIntArray(s->int_array)));
    destroy_checked("aclDestroyFloatArray", COUNTED(aclDestroyFloatArray(s->float_array)));
    destroy_checked("aclDestroyBoolArray", COUNTED(aclDestroyBoolArray(s->bool_array)));
    if (s->ev_start != NULL)
        destroy_checked("aclrtDestroyEvent", COUNTED(aclrtDestroyEvent(s->ev_start)));
    if (s->ev_end != NULL)
        destroy_checked("aclrtDestroyEvent", COUNTED(aclrtDestroyEvent(s->ev_end)));
    if (s->ctx != NULL)
        destroy_checked("aclrtDestroyContext", COUNTED(aclrtDestroyContext(s->ctx)));
    if (s->stream != NULL)
        destroy_checked("aclrtDestroyStream", COUNTED(aclrtDestroyStream(s->stream)));
    if (s->x != NULL)
        destroy_checked("aclrtFree", COUNTED(aclrtFree(s->x)));
    if (s->xi != NULL)
        destroy_checked("aclrtFreeHost", COUNTED(aclrtFreeHost(s->xi)));
    destroy_checked("aclrtResetDevice", COUNTED(aclrtResetDevice(0)));
    destroy_checked("aclnnCpuSetNumThreads", COUNTED(aclnnCpuSetNumThreads(0)));
}

static double out_ref(int op, int64_t i)
{
    double dy = acpu_ops_dy(i);
    switch (op) {
    case OP_ELU: return acpu_ops_elu_ref(dy, acpu_ops_x(i), ALPHA, SCALE, INPUT_SCALE, false);
    case OP_SOFTPLUS: return acpu_ops_softplus_ref(dy, acpu_ops_x(i), BETA, THRESHOLD);
    default: return acpu_ops_softplus_ref(dy, (float)acpu_ops_x_int(i), BETA, THRESHOLD);
    }
}

/* An output written by a successful phase 2 holds the result; any other is untouched; no guard
 * byte changed. */
static void check_output(const scenario *s, int o)
{
    const unsigned char *p = s->out[o];
    for (size_t b = N * sizeof(float); b < N * sizeof(float) + GUARD_BYTES; ++b)
        ACPU_TEST_EXPECT(p[b] == SENTINEL, "output %d: guard byte %zu written", o, b - N * sizeof(float));
    if (!s->written[o]) {
        for (size_t b = 0; b < N * sizeof(float); ++b)
            ACPU_TEST_EXPECT(p[b] == SENTINEL, "output %d: byte %zu written although no phase 2 into it succeeded", o,
                             b);
        return;
    }
    static double ref[N];
    for (int64_t i = 0; i < N; ++i)
        ref[i] = out_ref(k_out_op[o], i);
    const float *got = (const float *)(const void *)p;
    double bound = k_out_op[o] == OP_ELU ? ACPU_OPS_ELU_ULP : ACPU_OPS_SOFTPLUS_ULP;
    int64_t bad = acpu_ops_first_off(got, ref, N, bound);
    ck_assert_msg(bad < 0, "output %d: element %lld is %.9g, reference %.17g", o, (long long)bad,
                  bad < 0 ? 0.0 : (double)got[bad], bad < 0 ? 0.0 : ref[bad]);
}

/* aligned_alloc wants a multiple of the alignment. */
static size_t round64(size_t bytes) { return (bytes + 63) / 64 * 64; }

static void scenario_init(scenario *s)
{
    memset(s, 0, sizeof *s);
    s->dy = aligned_alloc(64, round64(N * sizeof(float)));
    ck_assert_ptr_nonnull(s->dy);
    for (int64_t i = 0; i < N; ++i)
        s->dy[i] = acpu_ops_dy(i);
    for (int o = 0; o < N_OUTS; ++o) {
        s->out[o] = aligned_alloc(64, round64(N * sizeof(float) + GUARD_BYTES));
        ck_assert_ptr_nonnull(s->out[o]);
        memset(s->out[o], SENTINEL, N * sizeof(float) + GUARD_BYTES);
    }
}

static void scenario_free(scenario *s)
{
    free(s->dy);
    for (int o = 0; o < N_OUTS; ++o)
        free(s->out[o]);
}

/* Runs the scenario with allocation fail_at failing (0: none), checks its outputs, cleans up;
 * returns whether it ran to the end. */
static bool scenario_once(long fail_at)
{
    scenario s;
    scenario_init(&s);
    g_alloc.fail_at = fail_at;
    bool complete = scenario_run(&s);
    scenario_cleanup(&s);
    for (int o = 0; o < N_OUTS; ++o)
        check_output(&s, o);
    scenario_free(&s);
    return complete;
}

/* ---- the deferred-free node (registry.c) ------------------------------------------------------------ */

/* Destroyed handles wait in a quarantine of this many destroys (ACPU_QUARANTINE, registry.c). */
#define QUARANTINE 4096

/* What deferred_hook saw; asserted by the case once phase 1 has returned. */
static struct {
    bool fail_node; /* make the node's allocation fail */
    bool fired;
    aclScalar *victim; /* a scalar handed to the phase 1 that the hook runs inside */
    long bad_calls;    /* library calls of the hook that failed */
    long node_allocs;  /* allocations counted in the destroy that took the victim out of quarantine */
    long node_failed;
} g_deferred;

/* Runs inside a phase 1 that holds g_deferred.victim as a hazard (phase 1 allocates its executor
 * after its checks and before its hazard clear), as a second thread would: destroys the victim,
 * then 4096 more handles, the last with counting on. That destroy takes the victim out of the
 * quarantine, finds it in use and must allocate a node for the deferred-free list. */
static void deferred_hook(void)
{
    g_deferred.fired = true;
    g_deferred.bad_calls += aclDestroyScalar(g_deferred.victim) != ACLNN_SUCCESS;
    float v = 0.0f;
    aclScalar *last = NULL;
    for (int i = 1; i <= QUARANTINE; ++i) {
        aclScalar *sc = aclCreateScalar(&v, ACL_FLOAT);
        g_deferred.bad_calls += sc == NULL;
        if (i < QUARANTINE)
            g_deferred.bad_calls += aclDestroyScalar(sc) != ACLNN_SUCCESS;
        else
            last = sc;
    }
    long seen = g_alloc.seen, failed = g_alloc.failed;
    g_alloc.fail_at = g_deferred.fail_node ? seen + 1 : 0;
    g_alloc.armed = true;
    aclnnStatus rc = aclDestroyScalar(last);
    g_alloc.armed = false;
    g_alloc.fail_at = 0;
    g_deferred.bad_calls += rc != ACLNN_SUCCESS; /* a destroy has no allocation failure */
    g_deferred.node_allocs = g_alloc.seen - seen;
    g_deferred.node_failed = g_alloc.failed - failed;
    /* Not freed early, whatever the node did: under ASan a read of freed memory is reported. */
    (void)*(volatile const unsigned char *)(const void *)g_deferred.victim;
}

/* The node allocated (0) or not (1). With it, the victim is freed by a release after phase 1;
 * without it the library leaks the victim (registry.c: never free early), so this test frees it: a
 * double free (ASan, glibc) if the library had freed it after all. (LeakSanitizer cannot stand in:
 * it did not report the leak when this case skipped the free, a pointer to the victim surviving in
 * the library, e.g. in phase 1's thread-local memo of the handles it checked.) */
START_TEST(test_deferred_free_node)
{
    g_deferred.fail_node = _i == 1;
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSetDevice(0), ACL_SUCCESS);
    scenario s;
    scenario_init(&s);
    const int64_t shape[1] = {N};
    s.t_dy = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, s.dy);
    float *x = aligned_alloc(64, round64(N * sizeof(float))); /* not s.x: scenario_cleanup aclrtFrees that */
    ck_assert_ptr_nonnull(x);
    for (int64_t i = 0; i < N; ++i)
        x[i] = acpu_ops_x(i);
    s.t_x = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, x);
    s.t_out[OUT_ELU] = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, s.out[OUT_ELU]);
    float alpha = ALPHA, scale = SCALE, iscale = INPUT_SCALE;
    s.alpha = aclCreateScalar(&alpha, ACL_FLOAT);
    s.scale = aclCreateScalar(&scale, ACL_FLOAT);
    s.iscale = aclCreateScalar(&iscale, ACL_FLOAT);
    ck_assert(s.t_dy && s.t_x && s.t_out[OUT_ELU] && s.alpha && s.scale && s.iscale);
    g_deferred.victim = s.alpha;

    /* Executors kept live until one comes from the heap: that phase 1 runs the hook. */
    aclOpExecutor *ex = NULL;
    uint64_t ws = 0;
    while (!g_deferred.fired && s.n_live <= MANY_EXECUTORS) {
        g_hook_pending = true; /* the call alone: a Check assertion allocates too */
        aclnnStatus rc = aclnnEluBackwardGetWorkspaceSize(s.t_dy, s.alpha, s.scale, s.iscale, false, s.t_x,
                                                          s.t_out[OUT_ELU], &ws, &ex);
        g_hook_pending = false;
        ck_assert_int_eq(rc, ACLNN_SUCCESS);
        s.live[s.n_live++] = ex;
    }
    ck_assert_msg(g_deferred.fired, "%d live executors, none from the heap", s.n_live);
    s.alpha = NULL; /* destroyed by the hook */
    ck_assert_int_eq(g_deferred.bad_calls, 0);
    ck_assert_msg(g_deferred.node_allocs == 1,
                  "the destroy that took the victim out of quarantine made %ld allocations, expected the node "
                  "(has the quarantine's size changed from %d?)",
                  g_deferred.node_allocs, QUARANTINE);
    ck_assert_int_eq(g_deferred.node_failed, g_deferred.fail_node ? 1 : 0);

    /* The executor made while its alpha was destroyed runs with phase 1's copy, exactly. */
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS); /* a release: the deferred free */
    forget_executor(&s, ex);
    s.written[OUT_ELU] = true;
    if (g_deferred.fail_node)
        free(g_deferred.victim);
    g_deferred.victim = NULL;
    scenario_cleanup(&s);
    free(x);
    for (int o = 0; o < N_OUTS; ++o)
        check_output(&s, o);
    scenario_free(&s);
}
END_TEST

/* ---- every registry API: phase 1 meeting a failed allocation ---------------------------------------- */

#define HEAP_SEARCH 32 /* live executors made at most while looking for one from the heap */

/* Phase 1 of c with counting on and the k-th counted allocation failing (0: none); whether it met
 * the failure. */
static bool counted_phase1(const acpu_test_call *c, long k, aclnnStatus *st, uint64_t *ws, aclOpExecutor **ex)
{
    long failed = g_alloc.failed;
    g_alloc.fail_at = k > 0 ? g_alloc.seen + k : 0;
    g_alloc.armed = true;
    *st = acpu_test_call_phase1(c, ws, ex);
    g_alloc.armed = false;
    g_alloc.fail_at = 0;
    return g_alloc.failed > failed;
}

/* Phase 2 of a planned call; the output then holds `want`. */
static void expect_run_gives(const acpu_test_call *c, uint64_t ws, aclOpExecutor *ex, const unsigned char *want,
                             size_t bytes, const char *what)
{
    ck_assert_int_eq(acpu_test_call_phase2(c, ws, ex), ACLNN_SUCCESS);
    ck_assert_msg(memcmp(c->buf[c->out], want, bytes) == 0, "%s (%s): the output differs from the reference run",
                  c->api->name, what);
}

/* For every registry API (its operator-info row, its base dtype on the host profile): with every
 * block of the executor pool holding a live executor, phase 1 allocates its executor from the heap.
 * Each allocation of that phase 1 fails in turn: 561101 with a message naming the API, the
 * out-pointers and every buffer untouched, nothing leaked (LeakSanitizer in the asan preset); the
 * first phase 1 that meets no failure succeeds and runs with the reference bits. */
START_TEST(test_phase1_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    aclDataType dt = acpu_test_call_base_dtype(op, ACPU_PG_950);
    ck_assert_msg(dt != ACL_DT_UNDEFINED, "%s: no dtype of its row runs on the host profile", op->api);
    const int64_t dims[1] = {N};
    acpu_test_call c;
    acpu_test_call_make(&c, op, dt, 1, dims, 29);
    size_t bytes = (size_t)N * acpu_test_dtype_size(dt);
    unsigned char *want = malloc(bytes);
    ck_assert_int_eq(acpu_test_call_run(&c), ACLNN_SUCCESS);
    memcpy(want, c.buf[c.out], bytes);
    aclOpExecutor *live[HEAP_SEARCH];
    int n_live = 0;
    bool heap = false;
    while (!heap && n_live < HEAP_SEARCH) { /* executors kept live until one comes from the heap */
        uint64_t ws = 0;
        aclnnStatus st;
        long seen = g_alloc.seen;
        counted_phase1(&c, 0, &st, &ws, &live[n_live]);
        ck_assert_int_eq(st, ACLNN_SUCCESS);
        heap = g_alloc.seen > seen;
        n_live++;
    }
    ck_assert_msg(heap, "%s: %d live executors, none from the heap", op->api, n_live);
    long injected = 0;
    for (long k = 1;; k++) {
        acpu_test_call_reset(&c);
        uint64_t ws = 12345;
        aclOpExecutor *ex = UNTOUCHED;
        aclnnStatus st;
        if (!counted_phase1(&c, k, &st, &ws, &ex)) { /* no k-th allocation: the call works */
            ck_assert_msg(st == ACLNN_SUCCESS, "%s after %ld failed allocations: %d (%s)", op->api, injected, (int)st,
                          aclGetRecentErrMsg());
            expect_run_gives(&c, ws, ex, want, bytes, "after the failures");
            break;
        }
        injected++;
        ck_assert_msg(st == ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: allocation %ld failed, phase 1 returned %d", op->api,
                      k, (int)st);
        ck_assert_msg(strstr(aclGetRecentErrMsg(), c.api->phase1) != NULL, "%s: message \"%s\"", op->api,
                      aclGetRecentErrMsg());
        ck_assert(ws == 12345 && ex == UNTOUCHED);
        acpu_test_call_expect_unchanged(&c, __LINE__);
    }
    ck_assert_msg(injected > 0, "%s: phase 1 with the pool in use allocated nothing", op->api);
    while (n_live > 0)
        ck_assert_int_eq(aclDestroyAclOpExecutor(live[--n_live]), ACLNN_SUCCESS);
    acpu_test_call_free(&c);
    free(want);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
}
END_TEST

/* A 16-bit call large enough to build a lookup table (for a kernel with a table form) allocates the
 * table in phase 1; that allocation failing is no error: the call runs its kernel directly, with
 * the bits of a call without tables (ops/acpu_tables.h). Every allocation of the first such phase 1
 * fails in turn, then one succeeds; each call gives the tables-off bits. Rows without a 16-bit dtype
 * on the host profile check that their calls allocate nothing. */
START_TEST(test_table_allocation_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    const int64_t dims[1] = {65536};
    int calls = 0;
    for (int d = 0; d < op->n_dtypes; d++) {
        aclDataType dt = op->dtypes[d];
        if (dt != ACL_FLOAT16 && dt != ACL_BF16)
            continue;
        acpu_test_call c;
        acpu_test_call_make(&c, op, dt, 1, dims, 31);
        size_t bytes = (size_t)dims[0] * 2;
        unsigned char *want = malloc(bytes);
        ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_OFF), ACL_SUCCESS);
        ck_assert_msg(acpu_test_call_run(&c) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
        memcpy(want, c.buf[c.out], bytes);
        ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_ON), ACL_SUCCESS);
        for (long k = 1;; k++) {
            acpu_test_call_reset(&c);
            uint64_t ws = 0;
            aclOpExecutor *ex = NULL;
            aclnnStatus st;
            bool met = counted_phase1(&c, k, &st, &ws, &ex);
            ck_assert_msg(st == ACLNN_SUCCESS, "%s %s: allocation %ld failed: %d (%s)", op->api,
                          dt == ACL_BF16 ? "bf16" : "fp16", k, (int)st, aclGetRecentErrMsg());
            expect_run_gives(&c, ws, ex, want, bytes, met ? "table allocation failed" : "table");
            calls++;
            if (!met)
                break;
        }
        free(want);
        acpu_test_call_free(&c);
    }
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    if (calls == 0) { /* no 16-bit dtype: its base call allocates nothing with the pool free */
        acpu_test_call c;
        acpu_test_call_make(&c, op, acpu_test_call_base_dtype(op, ACPU_PG_950), 1, dims, 31);
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st;
        long seen = g_alloc.seen;
        counted_phase1(&c, 0, &st, &ws, &ex);
        ck_assert_int_eq(st, ACLNN_SUCCESS);
        ck_assert_int_eq(g_alloc.seen, seen);
        ck_assert_int_eq(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
        acpu_test_call_free(&c);
    }
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
}
END_TEST

/* ---- cases ---------------------------------------------------------------------------------------- */

/* The wrap reaches the library: its first tensor allocates (the registry table and the tensor), and
 * a failed allocation there makes aclCreateTensor return NULL. */
/* The tiling lab's calls (_i: plan, usage, registry) each make one allocation: failing it gives 561000,
 * a message naming the call, jsonLength 0 and the buffer untouched; the same call then succeeds. */
START_TEST(test_lab_allocation)
{
    static const char *const names[] = {"aclnnCpuGetTilingPlan", "aclnnCpuGetTilingUsage", "aclnnCpuGetOpRegistry"};
    static char json[1u << 20];
    const char *const argv[] = {"--shape", "4,3"};
    for (long k = 1; k <= 2; k++) {
        memset(json, SENTINEL, sizeof json);
        size_t len = 12345;
        long failed = g_alloc.failed;
        g_alloc.fail_at = k == 1 ? g_alloc.seen + 1 : 0;
        g_alloc.armed = true;
        aclnnStatus st = _i == 0   ? aclnnCpuGetTilingPlan("silu_backward", 2, argv, json, sizeof json, &len)
                         : _i == 1 ? aclnnCpuGetTilingUsage(json, sizeof json, &len)
                                   : aclnnCpuGetOpRegistry(json, sizeof json, &len);
        g_alloc.armed = false;
        g_alloc.fail_at = 0;
        if (k == 2) {
            ck_assert_msg(st == ACLNN_SUCCESS && len > 0 && json[len] == '\0', "%s after the failure: %d", names[_i],
                          (int)st);
            break;
        }
        ck_assert_msg(g_alloc.failed == failed + 1, "%s made no allocation", names[_i]);
        ck_assert_msg(st == ACLNN_ERR_INNER, "%s: its allocation failed, it returned %d", names[_i], (int)st);
        ck_assert_msg(strstr(aclGetRecentErrMsg(), names[_i]) != NULL, "message \"%s\"", aclGetRecentErrMsg());
        ck_assert_uint_eq(len, 0);
        for (size_t b = 0; b < sizeof json; b++) /* ACPU_TEST_EXPECT: no Check call per passing byte */
            ACPU_TEST_EXPECT((unsigned char)json[b] == SENTINEL, "%s wrote byte %zu on failure", names[_i], b);
    }
}
END_TEST

START_TEST(test_wrap_reaches_library)
{
    aclTensor *t = NULL;
    g_alloc.fail_at = 0;
    ck_assert(create_tensor(&t, ACL_FLOAT, NULL));
    ck_assert_int_ge(g_alloc.seen, 1);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    g_alloc.fail_at = g_alloc.seen + 1;
    ck_assert(!create_tensor(&t, ACL_FLOAT, NULL));
    ck_assert_int_eq(g_alloc.failed, 1);
}
END_TEST

/* Without a failure the scenario runs to the end, twice, and makes at most MAX_K allocations. */
START_TEST(test_scenario_count)
{
    ck_assert(scenario_once(0));
    long first = g_alloc.seen;
    ck_assert_int_gt(first, 0);
    ck_assert_msg(first <= MAX_K, "the scenario makes %ld allocations: raise MAX_K (%d)", first, MAX_K);
    fprintf(stderr, "the scenario makes %ld allocations (MAX_K %d)\n", first, MAX_K);
    ck_assert(scenario_once(0));
    ck_assert_int_eq(g_alloc.failed, 0);
}
END_TEST

/* Allocation k fails (cases beyond the scenario's count run it without a failure). */
START_TEST(test_fail_kth)
{
    long k = _i;
    bool complete = scenario_once(k);
    long count = g_alloc.seen;
    ck_assert_int_eq(g_alloc.failed, k <= count ? 1 : 0);
    ck_assert_msg(complete == (k > count), "allocation %ld of %ld failed, yet the scenario %s", k, count,
                  complete ? "completed" : "stopped");
    ck_assert(scenario_once(0)); /* nothing left broken */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("alloc_failure");
    TCase *tc = tcase_create("alloc_failure");
    tcase_add_test(tc, test_wrap_reaches_library);
    tcase_add_test(tc, test_scenario_count);
    tcase_add_loop_test(tc, test_fail_kth, 1, MAX_K + 1);
    tcase_add_loop_test(tc, test_deferred_free_node, 0, 2);
    tcase_add_loop_test(tc, test_lab_allocation, 0, 3);
    suite_add_tcase(s, tc);
    TCase *apis = tcase_create("every registry API");
    tcase_add_loop_test(apis, test_phase1_every_api, 0, acpu_test_num_ops);
    tcase_add_loop_test(apis, test_table_allocation_every_api, 0, acpu_test_num_ops);
    suite_add_tcase(s, apis);
    return acpu_test_main(s);
}

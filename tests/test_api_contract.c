/* The reliability contract of doc/BEHAVIOUR.md, checked for every API of the registry through its
 * operator-info row (acpu_test_opinfo.c) and the generic call of acpu_test_call.h, so that a new
 * registry row inherits every check with no edit here:
 *   - NULL for each pointer parameter (tensors, required scalars, strings) and for workspaceSize and
 *     executor: 161001 naming the phase-1 function and the parameter, nothing written, the out-pointers
 *     untouched; an optional scalar's NULL takes its attribute's default (the same bits as the
 *     explicit default); phase 2 with a NULL executor: 161001;
 *   - closed dtype lists: every aclDataType value (-1..63 and unknown numbers) outside what the
 *     registry lists for a tensor parameter on the profile's group (narrowed by its same-dtype rules)
 *     is refused (161002 naming the parameter) on host, Ascend910, Ascend910B and Ascend950, nothing
 *     written; a parameter whose rule the registry does not declare (an own check) must still refuse
 *     every dtype BEHAVIOUR.md says no tensor holds;
 *   - exact extents: views past their storage (offset, stride, shape; 1-D and 2-D), extents and
 *     storage bytes that overflow, storage that wraps the address space, no storage shape -> 161002,
 *     NULL data -> 161001, each naming the tensor, nothing written; negative strides and offsets are
 *     refused by aclCreateTensor already; a strided, offset output view is written at its elements
 *     only (the rest of its storage and the guard untouched) with the dense call's bits;
 *   - overlap: the output shifted by one element over an input (either way), a transposed view of an
 *     input's memory, a broadcast input lying under the output, an output overlapping itself (zero
 *     stride, equal strides) -> 161002 naming the output; the exact same view as an input (in place)
 *     and inputs sharing memory are accepted with the bits of separate buffers;
 *   - the FP environment: every exception unmasked, rounding upward / toward zero, FTZ and DAZ (MXCSR
 *     on x86-64, FPCR on AArch64), sticky flags set beforehand: NaN, infinite and subnormal inputs and
 *     scalars (fp32 and double) never trap, give the status and bits of the default environment, and
 *     leave the caller's environment exactly as it was; inside the library libc's rounding-aware
 *     calls (printf, strtod) round to nearest whatever the caller set;
 *   - executor lifetime: a non-repeatable executor is consumed by its first run, a destroyed one is
 *     refused, a repeatable one runs again and again until destroyed, a NULL or short workspace and a
 *     foreign stream are refused as documented (executors of other APIs: test_ops).
 * Allocation failure and concurrency for every API: test_alloc_failure and test_concurrency. Every
 * case fails if it checked nothing; test_registry_rows_covered fails when a registry API has no
 * operator-info row or a parameter kind this suite does not know. */
#define _GNU_SOURCE /* feenableexcept */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "acpu_test.h"
#include "acpu_test_call.h"
#include "acpu_test_opinfo.h"
#include "acpu_test_tensor.h"
#include "engine/acpu_engine.h"   /* acpu_fp_enter */
#include "runtime/acpu_runtime.h" /* acpu_dtype_name */

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define P62 ((int64_t)1 << 62)

static const char *const k_socs[] = {"host", "Ascend910", "Ascend910B", "Ascend950"};

/* Checks a case made; each case asserts it made some. */
static long g_checks;

static void expect_checked(const acpu_test_op *op, const char *what)
{
    ck_assert_msg(g_checks > 0, "%s: the %s case checked nothing", op->api, what);
}

static void set_soc(const char *soc) { ck_assert_int_eq(aclnnCpuSetPlatform(soc, 0, 0), ACL_SUCCESS); }

/* What the out-pointers hold before a call that must fail: it must leave them so. */
static char g_mark;
#define WS_MARK ((uint64_t)0x5eed5eedu)
#define EXEC_MARK ((aclOpExecutor *)(void *)&g_mark)

/* Phase 1 of c must fail with `want`, naming the phase-1 function and `arg` (unless NULL), with both
 * out-pointers and every buffer untouched. An executor made by mistake is destroyed before failing. */
static void expect_refused_at(const acpu_test_call *c, aclnnStatus want, const char *arg, const char *what, int line)
{
    uint64_t ws = WS_MARK;
    aclOpExecutor *exec = EXEC_MARK;
    aclnnStatus st = acpu_test_call_phase1(c, &ws, &exec);
    if (st == ACLNN_SUCCESS)
        aclDestroyAclOpExecutor(exec);
    ck_assert_msg(st == want, "at %d: %s (%s): phase 1 returned %d, want %d (%s)", line, c->api->name, what, (int)st,
                  (int)want, aclGetRecentErrMsg());
    ck_assert_msg(ws == WS_MARK && exec == EXEC_MARK, "at %d: %s (%s): a refused phase 1 wrote its out-pointers", line,
                  c->api->name, what);
    acpu_test_expect_msg_at(c->api->phase1, arg, NULL, line);
    acpu_test_call_expect_unchanged(c, line);
    g_checks++;
}
#define EXPECT_REFUSED(c, want, arg, what) expect_refused_at((c), (want), (arg), (what), __LINE__)

static size_t dt_size(aclDataType dt)
{
    size_t es = acpu_test_dtype_size(dt);
    ck_assert_msg(es > 0, "dtype %d has no element size in the harness", (int)dt);
    return es;
}

/* Both phases of c; asserts success and copies the output's first `bytes` bytes to out. */
static void run_into(const acpu_test_call *c, unsigned char *out, size_t bytes, const char *what)
{
    aclnnStatus st = acpu_test_call_run(c);
    ck_assert_msg(st == ACLNN_SUCCESS, "%s (%s): %d (%s)", c->api->name, what, (int)st, aclGetRecentErrMsg());
    memcpy(out, c->buf[c->out], bytes);
}

/* The host call of the row on dims[rank]: its base dtype there, checked present. */
static void make_host_call(acpu_test_call *c, const acpu_test_op *op, uint64_t rank, const int64_t *dims, uint64_t seed)
{
    set_soc("host");
    aclDataType dt = acpu_test_call_base_dtype(op, ACPU_PG_950);
    ck_assert_msg(dt != ACL_DT_UNDEFINED, "%s: no dtype of its row runs on the host profile", op->api);
    acpu_test_call_make(c, op, dt, rank, dims, seed);
}

/* ---- the registry is covered ------------------------------------------------------------------- */

START_TEST(test_registry_rows_covered)
{
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        int rows = 0, outputs = 0;
        for (int o = 0; o < acpu_test_num_ops; o++)
            rows += acpu_api_find(acpu_test_ops[o].api) == api;
        ck_assert_msg(rows == 1,
                      "%s has %d operator-info rows (tests/acpu_test_opinfo.c): the contract suites "
                      "cannot call it",
                      api->name, rows);
        for (int p = 0; p < api->n_params; p++) {
            acpu_param_kind k = api->params[p].kind;
            ck_assert_msg(acpu_test_kind_is_tensor(k) || k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT ||
                              k == ACPU_P_BOOL || k == ACPU_P_INT || k == ACPU_P_STRING,
                          "%s parameter %s: kind %d unknown to tests/acpu_test_call.c", api->name, api->params[p].name,
                          (int)k);
            outputs += acpu_test_kind_is_output(k);
        }
        ck_assert_msg(outputs == 1, "%s has %d outputs", api->name, outputs);
        g_checks++;
    }
    ck_assert_int_gt(g_checks, 0);
}
END_TEST

/* ---- NULL pointers ------------------------------------------------------------------------------ */

/* The explicit default of an optional scalar's attribute: FLOAT when that holds it exactly. */
static aclScalar *default_scalar(const acpu_api_def *api, int i)
{
    const acpu_attr_value *d = &api->op->attrs[api->params[i].slot].dflt;
    aclScalar *s = (double)d->f == d->d ? aclCreateScalar((void *)&d->f, ACL_FLOAT)
                                        : aclCreateScalar((void *)&d->d, ACL_DOUBLE);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* An optional scalar's NULL runs with its default: the same bits as the explicit default. */
static void null_optional_scalar(acpu_test_call *c, int i)
{
    size_t bytes = (size_t)c->numel * dt_size(c->dt);
    unsigned char *with_null = malloc(bytes), *with_default = malloc(bytes);
    acpu_test_call_reset(c);
    c->args[i].p = NULL;
    run_into(c, with_null, bytes, c->api->params[i].name);
    acpu_test_call_reset(c);
    aclScalar *s = default_scalar(c->api, i);
    c->args[i].p = s;
    run_into(c, with_default, bytes, "the explicit default");
    ck_assert_msg(memcmp(with_null, with_default, bytes) == 0, "%s: %s NULL differs from its explicit default",
                  c->api->name, c->api->params[i].name);
    ck_assert_int_eq(aclDestroyScalar(s), ACLNN_SUCCESS);
    free(with_null);
    free(with_default);
    g_checks++;
}

START_TEST(test_null_pointers)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t dims[1] = {64};
    acpu_test_call c;
    make_host_call(&c, op, 1, dims, 3);
    ck_assert_msg(acpu_test_call_run(&c) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
    for (int i = 0; i < c.n_params; i++) {
        const acpu_param_def *p = &c.api->params[i];
        if (!acpu_test_kind_is_pointer(p->kind))
            continue;
        if (p->kind == ACPU_P_SCALAR_OPT) {
            null_optional_scalar(&c, i);
            continue;
        }
        acpu_test_call_reset(&c);
        if (p->kind == ACPU_P_STRING)
            c.args[i].s = NULL;
        else
            c.args[i].p = NULL;
        EXPECT_REFUSED(&c, ACLNN_ERR_PARAM_NULLPTR, p->name, "NULL");
    }
    acpu_test_call_reset(&c);
    uint64_t ws = WS_MARK;
    aclOpExecutor *exec = EXEC_MARK;
    ck_assert_int_eq(c.api->invoke(c.args, NULL, &exec), ACLNN_ERR_PARAM_NULLPTR);
    acpu_test_expect_msg_at(c.api->phase1, "workspaceSize", NULL, __LINE__);
    ck_assert_ptr_eq(exec, EXEC_MARK);
    ck_assert_int_eq(c.api->invoke(c.args, &ws, NULL), ACLNN_ERR_PARAM_NULLPTR);
    acpu_test_expect_msg_at(c.api->phase1, "executor", NULL, __LINE__);
    ck_assert_uint_eq(ws, WS_MARK);
    ck_assert_int_eq(c.api->run(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    acpu_test_expect_msg_at(c.api->name, "executor", NULL, __LINE__);
    acpu_test_call_expect_unchanged(&c, __LINE__);
    g_checks += 3;
    acpu_test_call_free(&c);
    expect_checked(op, "NULL");
}
END_TEST

/* ---- closed dtype lists -------------------------------------------------------------------------- */

static bool applies(const acpu_check *k, acpu_profile_group g)
{
    return k->profiles == 0 || (k->profiles & ACPU_PG_BIT(g));
}

/* The dtypes tensor parameter i may take on group g while every other tensor has dtype `base`: its
 * lists there, narrowed to `base` by a same-dtype or promotion rule tying it to another tensor.
 * *closed: some rule closes the set. */
static uint64_t allowed_dtypes(const acpu_api_def *api, int i, acpu_profile_group g, aclDataType base, bool *closed)
{
    uint64_t set = ~UINT64_C(0), listed;
    *closed = acpu_api_param_dtypes(api, i, g, &listed);
    if (*closed)
        set &= listed;
    for (int k = 0; k < api->n_checks; k++) {
        const acpu_check *ck = &api->checks[k];
        if (!applies(ck, g))
            continue;
        bool tied = (ck->kind == ACPU_CK_SAME_DTYPE && (ck->a == i || ck->b == i)) ||
                    (ck->kind == ACPU_CK_PROMOTE_OUT && ck->a == i); /* the promotion of two `base` is base */
        if (tied) {
            set &= ACPU_DT(base);
            *closed = true;
        }
    }
    return set;
}

/* Every value an aclDataType can hold that an operator could meet: the enum's range, the gaps, and
 * unknown numbers (aclCreateTensor takes any). */
static int dtype_candidates(int32_t *out)
{
    static const int32_t extra[] = {64, 65, 100, 255, 1000, 9999, INT32_MAX, INT32_MIN, -2};
    int n = 0;
    for (int32_t v = -1; v < 64; v++)
        out[n++] = v;
    for (size_t k = 0; k < N_ELEMS(extra); k++)
        out[n++] = extra[k];
    return n;
}

/* What any tensor may hold at most (doc/BEHAVIOUR.md, "Output dtypes are closed lists"): the dtypes
 * with a whole-byte element and casts; unknown numbers, STRING, INT4, UINT1, COMPLEX32, HIFLOAT8 and
 * the FLOAT8/6/4 types never. */
static const uint64_t k_storable = ACPU_DT(ACL_FLOAT) | ACPU_DT(ACL_FLOAT16) | ACPU_DT(ACL_BF16) | ACPU_DT(ACL_DOUBLE) |
                                   ACPU_DT(ACL_INT8) | ACPU_DT(ACL_INT16) | ACPU_DT(ACL_INT32) | ACPU_DT(ACL_INT64) |
                                   ACPU_DT(ACL_UINT8) | ACPU_DT(ACL_UINT16) | ACPU_DT(ACL_UINT32) |
                                   ACPU_DT(ACL_UINT64) | ACPU_DT(ACL_BOOL) | ACPU_DT(ACL_COMPLEX64) |
                                   ACPU_DT(ACL_COMPLEX128);

static bool in_set(int32_t dt, uint64_t set) { return dt >= 0 && dt < 64 && (set & ACPU_DT(dt)) != 0; }

/* On one profile: every tensor parameter, every value outside its set. */
static void closed_dtypes_on(const acpu_test_op *op, const char *soc)
{
    set_soc(soc);
    acpu_profile_group g = acpu_test_current_group();
    aclDataType base = acpu_test_call_base_dtype(op, g);
    static const int64_t dims[1] = {16};
    if (base == ACL_DT_UNDEFINED) { /* the row runs in none of its dtypes here: each must be refused */
        ck_assert_msg(strcmp(soc, "host") != 0, "%s: no dtype of its row runs on the host profile", op->api);
        for (int d = 0; d < op->n_dtypes; d++) {
            acpu_test_call c;
            acpu_test_call_make(&c, op, op->dtypes[d], 1, dims, 5);
            EXPECT_REFUSED(&c, ACLNN_ERR_PARAM_INVALID, NULL, soc);
            acpu_test_call_free(&c);
        }
        return;
    }
    acpu_test_call c;
    acpu_test_call_make(&c, op, base, 1, dims, 5);
    int32_t cand[96];
    int n_cand = dtype_candidates(cand);
    for (int i = 0; i < c.n_params; i++) {
        const acpu_param_def *p = &c.api->params[i];
        if (!acpu_test_kind_is_tensor(p->kind))
            continue;
        bool closed;
        uint64_t allowed = allowed_dtypes(c.api, i, g, base, &closed);
        if (!closed) /* a rule the registry does not declare (an own check): at least BEHAVIOUR.md's closure */
            allowed = k_storable;
        for (int k = 0; k < n_cand; k++) {
            if (in_set(cand[k], allowed))
                continue;
            acpu_test_call_reset(&c);
            aclTensor *t = acpu_test_call_tensor(&c, (aclDataType)cand[k], NULL, 0, 1, dims, c.buf[i]);
            c.args[i].p = t;
            char what[96];
            snprintf(what, sizeof what, "%s dtype %d on %s", p->name, (int)cand[k], soc);
            EXPECT_REFUSED(&c, ACLNN_ERR_PARAM_INVALID, p->name, what);
            ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
        }
    }
    acpu_test_call_free(&c);
}

START_TEST(test_closed_dtype_lists)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    for (size_t s = 0; s < N_ELEMS(k_socs); s++)
        closed_dtypes_on(op, k_socs[s]);
    set_soc(NULL);
    expect_checked(op, "closed dtype list");
}
END_TEST

/* ---- exact extents ----------------------------------------------------------------------------------- */

/* One view of a tensor parameter as a hostile caller describes it (the call's shape). */
typedef struct {
    const char *what;
    int64_t strides[2]; /* {0, 0}: row-major (NULL) */
    int64_t offset;
    uint64_t storage_rank;
    int64_t storage[2]; /* storage[0] < 0: the element count -storage[0] / element size + 1 (bytes overflow) */
    int data;           /* 0 the parameter's buffer, 1 NULL, 2 near the top of the address space */
    aclnnStatus want;
} bad_view;

/* Views of shape {16}. */
static const bad_view k_bad_1d[] = {
    {"offset 1 past a 16-element storage", {0}, 1, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"stride 2 over a 16-element storage", {2}, 0, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"16 elements over a 15-element storage", {0}, 0, 1, {15}, 0, ACLNN_ERR_PARAM_INVALID},
    {"a 4-by-3 storage under 16 elements", {0}, 0, 2, {4, 3}, 0, ACLNN_ERR_PARAM_INVALID},
    {"stride 2^62: the extent overflows", {P62}, 0, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"offset INT64_MAX", {0}, INT64_MAX, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"offset 2^62, stride 2^62: wraps to 2^64 + ...", {P62}, P62, 1, {INT64_MAX}, 0, ACLNN_ERR_PARAM_INVALID},
    {"storage bytes past ptrdiff_t", {0}, 0, 1, {-1}, 0, ACLNN_ERR_PARAM_INVALID},
    {"storage wrapping the address space", {0}, 0, 1, {16}, 2, ACLNN_ERR_PARAM_INVALID},
    {"no storage shape", {0}, 0, 0, {0}, 0, ACLNN_ERR_PARAM_INVALID},
    {"NULL data", {0}, 0, 1, {16}, 1, ACLNN_ERR_PARAM_NULLPTR},
};

/* Views of shape {4, 4}. */
static const bad_view k_bad_2d[] = {
    {"column-major with stride 5 over 16 elements", {1, 5}, 0, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"row-major offset 1 over 16 elements", {4, 1}, 1, 1, {16}, 0, ACLNN_ERR_PARAM_INVALID},
    {"row stride 5 over a 4-by-4 storage", {5, 1}, 0, 2, {4, 4}, 0, ACLNN_ERR_PARAM_INVALID},
};

static void bad_view_case(acpu_test_call *c, int i, const bad_view *b)
{
    size_t es = dt_size(c->dt);
    int64_t storage[2] = {b->storage[0], b->storage[1]};
    if (storage[0] < 0) {
        if (es == 1) /* one-byte elements: no element count passes ptrdiff_t */
            return;
        storage[0] = INT64_MAX / (int64_t)es + 1;
    }
    void *data = b->data == 0 ? c->buf[i] : b->data == 1 ? NULL : (void *)(uintptr_t)(UINTPTR_MAX - 7);
    acpu_test_call_reset(c);
    aclTensor *t = acpu_test_call_tensor(c, c->dt, b->strides[0] || b->strides[1] ? b->strides : NULL, b->offset,
                                         b->storage_rank, storage, data);
    c->args[i].p = t;
    EXPECT_REFUSED(c, b->want, c->api->params[i].name, b->what);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
}

/* Negative strides and offsets never reach an operator: aclCreateTensor refuses them. */
static void negative_view_case(acpu_test_call *c, int i)
{
    static const int64_t neg_stride[1] = {-1}, stor[1] = {16};
    aclTensor *t = aclCreateTensor(c->dims, 1, c->dt, neg_stride, 15, ACL_FORMAT_ND, stor, 1, c->buf[i]);
    aclTensor *u = aclCreateTensor(c->dims, 1, c->dt, NULL, -1, ACL_FORMAT_ND, stor, 1, c->buf[i]);
    aclTensor *both[2] = {t, u};
    for (int k = 0; k < 2; k++) {
        if (both[k] == NULL) {
            acpu_test_expect_msg_at("aclCreateTensor", NULL, NULL, __LINE__);
            g_checks++;
            continue;
        }
        acpu_test_call_reset(c);
        c->args[i].p = both[k];
        EXPECT_REFUSED(c, ACLNN_ERR_PARAM_INVALID, c->api->params[i].name, "a negative stride or offset");
        aclDestroyTensor(both[k]);
    }
}

START_TEST(test_exact_extents)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t d1[1] = {16}, d2[2] = {4, 4};
    acpu_test_call c1, c2;
    make_host_call(&c1, op, 1, d1, 7);
    make_host_call(&c2, op, 2, d2, 7);
    for (int i = 0; i < c1.n_params; i++) {
        if (!acpu_test_kind_is_tensor(c1.api->params[i].kind))
            continue;
        for (size_t k = 0; k < N_ELEMS(k_bad_1d); k++)
            bad_view_case(&c1, i, &k_bad_1d[k]);
        for (size_t k = 0; k < N_ELEMS(k_bad_2d); k++)
            bad_view_case(&c2, i, &k_bad_2d[k]);
        negative_view_case(&c1, i);
    }
    acpu_test_call_free(&c1);
    acpu_test_call_free(&c2);
    expect_checked(op, "extent");
}
END_TEST

/* A 16-element output over every third element from offset 2 of a 50-element storage: the view's
 * elements get the dense call's bits, the other 34 elements and the guard keep theirs. An in-place
 * API's view starts with its input values. */
START_TEST(test_output_view_only)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    enum { N = 16, STRIDE = 3, OFFSET = 2, STORAGE = 50 };
    static const int64_t dims[1] = {N}, strides[1] = {STRIDE}, storage[1] = {STORAGE};
    acpu_test_call c;
    make_host_call(&c, op, 1, dims, 11);
    size_t es = dt_size(c.dt);
    unsigned char dense[N * ACPU_TEST_CALL_ELEM_MAX];
    run_into(&c, dense, N * es, "dense");
    unsigned char *buf = acpu_test_guarded_alloc(STORAGE * es, 0xc3);
    bool covered[STORAGE] = {false};
    for (int e = 0; e < N; e++) {
        covered[OFFSET + e * STRIDE] = true;
        if (acpu_test_kind_is_input(c.api->params[c.out].kind)) /* in place: its input values */
            memcpy(buf + (size_t)(OFFSET + e * STRIDE) * es, c.snap[c.out] + (size_t)e * es, es);
    }
    unsigned char *snap = acpu_test_snapshot(buf, STORAGE * es);
    acpu_test_call_reset(&c);
    aclTensor *t = acpu_test_call_tensor(&c, c.dt, strides, OFFSET, 1, storage, buf);
    c.args[c.out].p = t;
    ck_assert_msg(acpu_test_call_run(&c) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
    for (int e = 0; e < N; e++)
        ck_assert_msg(memcmp(buf + (size_t)(OFFSET + e * STRIDE) * es, dense + (size_t)e * es, es) == 0,
                      "%s: strided output element %d differs from the dense call", op->api, e);
    acpu_test_expect_uncovered_unchanged(buf, snap, STORAGE * es, es, covered, STORAGE);
    g_checks++;
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    free(buf);
    free(snap);
    acpu_test_call_free(&c);
    expect_checked(op, "output view");
}
END_TEST

/* ---- overlap ----------------------------------------------------------------------------------------- */

/* One buffer shared by an input and the output: 2n + 2 elements, guarded, starting with `init`. */
typedef struct {
    unsigned char *buf, *snap;
    size_t bytes;
    int64_t storage[1];
} shared_buf;

static shared_buf shared_make(const acpu_test_call *c, const unsigned char *init)
{
    shared_buf s;
    s.storage[0] = 2 * c->numel + 2;
    s.bytes = (size_t)s.storage[0] * dt_size(c->dt);
    s.buf = acpu_test_guarded_alloc(s.bytes, 0x3c);
    memcpy(s.buf, init, (size_t)c->numel * dt_size(c->dt));
    s.snap = acpu_test_snapshot(s.buf, s.bytes);
    return s;
}

static void shared_free(shared_buf *s)
{
    free(s->buf);
    free(s->snap);
}

/* Phase 1 with input j and the output over one buffer at element offsets in_off and out_off (the
 * output's strides out_strides, NULL row-major) must be refused naming both; nothing written. */
static void expect_overlap_refused(acpu_test_call *c, int j, int64_t in_off, const int64_t *out_strides,
                                   int64_t out_off, const char *what)
{
    shared_buf s = shared_make(c, c->snap[j]);
    acpu_test_call_reset(c);
    aclTensor *in = acpu_test_call_tensor(c, c->dt, NULL, in_off, 1, s.storage, s.buf);
    aclTensor *out = acpu_test_call_tensor(c, c->dt, out_strides, out_off, 1, s.storage, s.buf);
    c->args[j].p = in;
    c->args[c->out].p = out;
    EXPECT_REFUSED(c, ACLNN_ERR_PARAM_INVALID, c->api->params[c->out].name, what);
    acpu_test_expect_msg_at(c->api->phase1, c->api->params[j].name, NULL, __LINE__);
    acpu_test_expect_unchanged(s.buf, s.snap, s.bytes, "the shared buffer", __LINE__);
    aclDestroyTensor(in);
    aclDestroyTensor(out);
    shared_free(&s);
}

/* A call of the same shape gets c's initial values in every tensor. */
static void copy_values(acpu_test_call *dst, const acpu_test_call *src)
{
    for (int i = 0; i < dst->n_params; i++)
        if (dst->buf[i] != NULL)
            memcpy(dst->buf[i], src->snap[i], src->cap);
}

/* The output as the very same view as input j (in place): accepted, with the bits of the call whose
 * input j holds the same values in a buffer of its own. */
static void exact_alias(acpu_test_call *c, int j)
{
    size_t bytes = (size_t)c->numel * dt_size(c->dt);
    const acpu_param_def *o = &c->api->params[c->out];
    /* the memory holds what the output holds before an in-place call, else input j's values */
    const unsigned char *init = acpu_test_kind_is_input(o->kind) ? c->snap[c->out] : c->snap[j];
    acpu_test_call ref;
    acpu_test_call_make(&ref, c->op, c->dt, c->rank, c->dims, 13);
    copy_values(&ref, c);
    memcpy(ref.buf[j], init, bytes);
    unsigned char want[64 * ACPU_TEST_CALL_ELEM_MAX];
    ck_assert_uint_le(bytes, sizeof want);
    run_into(&ref, want, bytes, "separate buffers");
    acpu_test_call_free(&ref);
    shared_buf s = shared_make(c, init);
    acpu_test_call_reset(c);
    aclTensor *t = acpu_test_call_tensor(c, c->dt, NULL, 0, 1, s.storage, s.buf);
    c->args[j].p = t;
    c->args[c->out].p = t;
    ck_assert_msg(acpu_test_call_run(c) == ACLNN_SUCCESS, "%s: %s as %s's exact view: %s", c->api->name, o->name,
                  c->api->params[j].name, aclGetRecentErrMsg());
    ck_assert_msg(memcmp(s.buf, want, bytes) == 0, "%s: in place over %s differs from separate buffers", c->api->name,
                  c->api->params[j].name);
    g_checks++;
    aclDestroyTensor(t);
    shared_free(&s);
}

/* Every input over one buffer (the same view): accepted, the bits of separate buffers that hold the
 * same values. */
static void inputs_share(acpu_test_call *c, int first_in)
{
    size_t bytes = (size_t)c->numel * dt_size(c->dt);
    acpu_test_call ref;
    acpu_test_call_make(&ref, c->op, c->dt, c->rank, c->dims, 13);
    copy_values(&ref, c);
    for (int i = 0; i < ref.n_params; i++)
        if (ref.api->params[i].kind == ACPU_P_TIN)
            memcpy(ref.buf[i], c->snap[first_in], bytes);
    unsigned char want[64 * ACPU_TEST_CALL_ELEM_MAX];
    run_into(&ref, want, bytes, "separate copies");
    acpu_test_call_free(&ref);
    shared_buf s = shared_make(c, c->snap[first_in]);
    acpu_test_call_reset(c);
    aclTensor *t = acpu_test_call_tensor(c, c->dt, NULL, 0, 1, s.storage, s.buf);
    for (int i = 0; i < c->n_params; i++)
        if (c->api->params[i].kind == ACPU_P_TIN)
            c->args[i].p = t;
    ck_assert_msg(acpu_test_call_run(c) == ACLNN_SUCCESS, "%s: inputs sharing memory: %s", c->api->name,
                  aclGetRecentErrMsg());
    ck_assert_msg(memcmp(c->buf[c->out], want, bytes) == 0, "%s: inputs sharing memory differ from copies",
                  c->api->name);
    acpu_test_expect_unchanged(s.buf, s.snap, s.bytes, "the shared inputs", __LINE__);
    g_checks++;
    aclDestroyTensor(t);
    shared_free(&s);
}

/* An output that overlaps itself: stride 0 on a dim of 64, and {8, 8} with equal strides. */
static void self_overlap(acpu_test_call *c, acpu_test_call *c2)
{
    static const int64_t zero[1] = {0}, stor1[1] = {1}, equal[2] = {1, 1}, stor2[1] = {15};
    acpu_test_call_reset(c);
    aclTensor *t = acpu_test_call_tensor(c, c->dt, zero, 0, 1, stor1, c->buf[c->out]);
    c->args[c->out].p = t;
    EXPECT_REFUSED(c, ACLNN_ERR_PARAM_INVALID, c->api->params[c->out].name, "stride 0");
    aclDestroyTensor(t);
    acpu_test_call_reset(c2);
    t = acpu_test_call_tensor(c2, c2->dt, equal, 0, 1, stor2, c2->buf[c2->out]);
    c2->args[c2->out].p = t;
    EXPECT_REFUSED(c2, ACLNN_ERR_PARAM_INVALID, c2->api->params[c2->out].name, "equal strides");
    aclDestroyTensor(t);
}

/* Input j row-major over the memory the output reads column-major ({8, 8}): refused, while the same
 * column-major output over its own buffer is accepted. */
static void transposed_over_input(acpu_test_call *c2, int j)
{
    static const int64_t cols[2] = {1, 8};
    acpu_test_call_reset(c2);
    aclTensor *t = acpu_test_call_tensor(c2, c2->dt, cols, 0, 2, c2->dims, c2->buf[c2->out]);
    c2->args[c2->out].p = t;
    ck_assert_msg(acpu_test_call_run(c2) == ACLNN_SUCCESS, "%s: a column-major output: %s", c2->api->name,
                  aclGetRecentErrMsg());
    aclDestroyTensor(t);
    shared_buf s = shared_make(c2, c2->snap[j]);
    acpu_test_call_reset(c2);
    aclTensor *in = acpu_test_call_tensor(c2, c2->dt, NULL, 0, 1, s.storage, s.buf);
    aclTensor *out = acpu_test_call_tensor(c2, c2->dt, cols, 0, 1, s.storage, s.buf);
    c2->args[j].p = in;
    c2->args[c2->out].p = out;
    EXPECT_REFUSED(c2, ACLNN_ERR_PARAM_INVALID, c2->api->params[c2->out].name, "transposed over an input");
    acpu_test_expect_unchanged(s.buf, s.snap, s.bytes, "the shared buffer", __LINE__);
    aclDestroyTensor(in);
    aclDestroyTensor(out);
    shared_free(&s);
}

/* Input j broadcast ({1, 8} to {8, 8}) from the output's first row: refused where the API takes that
 * broadcast over separate memory. Returns whether it does. */
static bool broadcast_under_output(acpu_test_call *c2, int j)
{
    static const int64_t row[2] = {1, 8};
    acpu_test_call_reset(c2);
    aclTensor *in = aclCreateTensor(row, 2, c2->dt, NULL, 0, ACL_FORMAT_ND, row, 2, c2->buf[j]);
    ck_assert_ptr_nonnull(in);
    c2->args[j].p = in;
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus st = acpu_test_call_phase1(c2, &ws, &exec);
    aclDestroyTensor(in);
    if (st != ACLNN_SUCCESS)
        return false;
    ck_assert_int_eq(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
    acpu_test_call_reset(c2);
    in = aclCreateTensor(row, 2, c2->dt, NULL, 0, ACL_FORMAT_ND, row, 2, c2->buf[c2->out]);
    ck_assert_ptr_nonnull(in);
    c2->args[j].p = in;
    EXPECT_REFUSED(c2, ACLNN_ERR_PARAM_INVALID, c2->api->params[c2->out].name, "a broadcast input under the output");
    aclDestroyTensor(in);
    return true;
}

START_TEST(test_overlap_rules)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t d1[1] = {64}, d2[2] = {8, 8};
    static const int64_t unit[1] = {1};
    acpu_test_call c, c2;
    make_host_call(&c, op, 1, d1, 17);
    make_host_call(&c2, op, 2, d2, 17);
    self_overlap(&c, &c2);
    int first_in = -1, n_tin = 0;
    for (int j = 0; j < c.n_params; j++) {
        if (c.api->params[j].kind != ACPU_P_TIN) /* an in-place output's input is itself: exact aliasing */
            continue;
        first_in = first_in < 0 ? j : first_in;
        n_tin++;
        expect_overlap_refused(&c, j, 0, unit, 1, "the output one element after an input");
        expect_overlap_refused(&c, j, 1, unit, 0, "the output one element before an input");
        exact_alias(&c, j);
        transposed_over_input(&c2, j);
        broadcast_under_output(&c2, j);
    }
    if (n_tin >= 2)
        inputs_share(&c, first_in);
    acpu_test_call_free(&c);
    acpu_test_call_free(&c2);
    expect_checked(op, "overlap");
}
END_TEST

/* ---- the FP environment --------------------------------------------------------------------------- */

/* Everything of the caller's FP environment a library call could change. */
typedef struct {
    int round, flags, traps;
#if defined(__x86_64__)
    unsigned mxcsr;
    unsigned short x87_cw, x87_flags;
#elif defined(__aarch64__)
    uint64_t fpcr, fpsr;
#endif
} fp_snap;

static fp_snap fp_read(void)
{
    fp_snap s;
    memset(&s, 0, sizeof s);
    s.round = fegetround();
    s.flags = fetestexcept(FE_ALL_EXCEPT);
    s.traps = fegetexcept();
#if defined(__x86_64__)
    unsigned short sw;
    s.mxcsr = _mm_getcsr();
    __asm__ volatile("fnstcw %0" : "=m"(s.x87_cw));
    __asm__ volatile("fnstsw %0" : "=m"(sw));
    s.x87_flags = sw & 0x3f;
#elif defined(__aarch64__)
    __asm__ volatile("mrs %0, fpcr" : "=r"(s.fpcr));
    __asm__ volatile("mrs %0, fpsr" : "=r"(s.fpsr));
#endif
    return s;
}

static bool fp_same(const fp_snap *a, const fp_snap *b)
{
    bool same = a->round == b->round && a->flags == b->flags && a->traps == b->traps;
#if defined(__x86_64__)
    same = same && a->mxcsr == b->mxcsr && a->x87_cw == b->x87_cw && a->x87_flags == b->x87_flags;
#elif defined(__aarch64__)
    same = same && a->fpcr == b->fpcr && a->fpsr == b->fpsr;
#endif
    return same;
}

/* The hostile environments: 0 every exception unmasked, rounding upward, FTZ/DAZ; 1 masked, toward
 * zero, FTZ/DAZ, inexact and divide-by-zero flags already raised. Where the platform has no
 * trapping FP exceptions (feenableexcept fails), environment 0 runs with them masked. */
static void fp_hostile(int which)
{
    feclearexcept(FE_ALL_EXCEPT);
    fesetround(which == 0 ? FE_UPWARD : FE_TOWARDZERO);
#if defined(__x86_64__)
    _mm_setcsr(_mm_getcsr() | 0x8040u); /* FTZ (bit 15), DAZ (bit 6) */
#elif defined(__aarch64__)
    uint64_t fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    fpcr |= (UINT64_C(1) << 24) | (UINT64_C(1) << 19); /* FZ, FZ16 */
    __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#endif
    if (which == 1)
        feraiseexcept(FE_INEXACT | FE_DIVBYZERO);
    else
        feenableexcept(FE_ALL_EXCEPT);
}

static void fp_default(void)
{
    fedisableexcept(FE_ALL_EXCEPT);
    fesetenv(FE_DFL_ENV);
#if defined(__aarch64__)
    __asm__ volatile("msr fpcr, %0" : : "r"((uint64_t)0));
#endif
}

/* Element e of a floating dtype's input: special number k of the pattern (NaNs, infinities, zeros,
 * overflowing and subnormal values of the dtype, a signalling NaN in fp32, ordinary values). */
static void store_special(aclDataType dt, unsigned char *buf, int64_t e, int64_t pattern)
{
    static const double specials[] = {NAN,    -NAN,   INFINITY, -INFINITY, 0.0,    -0.0,    1.0,
                                      -1.0,   0.5,    30.0,     -30.0,     88.8,   -104.0,  1e-30,
                                      -1e-30, 3.0e38, -3.0e38,  1e300,     -1e300, 65504.0, 70000.0};
    const int n_sp = (int)N_ELEMS(specials);
    int k = (int)(pattern % (n_sp + 6));
    if (k < n_sp) {
        acpu_test_store(dt, buf, (size_t)e, specials[k]);
        return;
    }
    k -= n_sp; /* subnormals of the dtype, both signs, smallest and largest; a signalling NaN */
    int man, emin, emax;
    acpu_test_float_format(dt, &man, &emin, &emax);
    double tiny = ldexp(1.0, emin - man), big_sub = ldexp(1.0, emin) - tiny;
    if (k == 4 && dt == ACL_FLOAT) {
        const uint32_t snan = 0x7fa00000u;
        memcpy(buf + (size_t)e * 4, &snan, 4);
        return;
    }
    const double sub[6] = {tiny, -tiny, big_sub, -big_sub, ldexp(1.0, emin - 1), -ldexp(1.0, emin - 2)};
    acpu_test_store(dt, buf, (size_t)e, sub[k]);
}

static bool is_float_dt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

/* Scalar variants: the row's scalars, then each scalar parameter in turn holding one special. */
typedef struct {
    int param; /* -1: the row's scalars */
    aclScalar *s;
} scalar_variant;

static int scalar_variants(const acpu_test_call *c, scalar_variant *v, int cap)
{
    static const uint32_t f32_bits[] = {0x7fc00000u, 0x7fa00000u, 0xffc00001u, 0x7f800000u,
                                        0xff800000u, 0x00000001u, 0x807fffffu, 0x7f7fffffu};
    static const uint64_t f64_bits[] = {0x7ff8000000000000u, 0x7e37e43c8800759cu /* 1e300: overflows fp32 */,
                                        0x0000000000000fffu /* subnormal */, 0xfff0000000000000u};
    int n = 0;
    v[n++] = (scalar_variant){-1, NULL};
    for (int i = 0; i < c->n_params; i++) {
        acpu_param_kind k = c->api->params[i].kind;
        if (k != ACPU_P_SCALAR && k != ACPU_P_SCALAR_OPT)
            continue;
        for (size_t b = 0; b < N_ELEMS(f32_bits) && n < cap; b++)
            v[n++] = (scalar_variant){i, aclCreateScalar((void *)&f32_bits[b], ACL_FLOAT)};
        for (size_t b = 0; b < N_ELEMS(f64_bits) && n < cap; b++)
            v[n++] = (scalar_variant){i, aclCreateScalar((void *)&f64_bits[b], ACL_DOUBLE)};
    }
    for (int k = 1; k < n; k++)
        ck_assert_ptr_nonnull(v[k].s);
    return n;
}

/* One call's outcome under some environment, recorded without any Check call (Check's own code
 * must not run with exceptions unmasked). */
typedef struct {
    aclnnStatus p1, p2;
    fp_snap before, after;
} fp_outcome;

/* Both phases under the current environment; `workspace` is large enough for the plan or NULL. */
static fp_outcome fp_call(const acpu_test_call *c, void *workspace, size_t workspace_cap)
{
    fp_outcome r = {.p2 = -1};
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    r.before = fp_read();
    r.p1 = acpu_test_call_phase1(c, &ws, &exec);
    if (r.p1 == ACLNN_SUCCESS)
        r.p2 = ws <= workspace_cap ? c->api->run(workspace, ws, exec, NULL) : -2;
    r.after = fp_read();
    return r;
}

/* Under the default environment and each hostile one: the same statuses, the same output bits, the
 * caller's environment as it was. */
static void fp_compare(acpu_test_call *c, const char *what)
{
    enum { WS_CAP = 16 << 20 };
    static unsigned char *workspace;
    if (workspace == NULL)
        workspace = aligned_alloc(64, WS_CAP);
    size_t bytes = (size_t)c->numel * dt_size(c->dt);
    unsigned char *want = malloc(bytes);
    acpu_test_call_reset(c);
    fp_default();
    fp_outcome d = fp_call(c, workspace, WS_CAP);
    ck_assert_msg(d.p2 != -2, "%s: workspace over %d bytes", c->api->name, (int)WS_CAP);
    memcpy(want, c->buf[c->out], bytes);
    for (int env = 0; env < 2; env++) {
        acpu_test_call_reset(c);
        fp_hostile(env);
        fp_outcome h = fp_call(c, workspace, WS_CAP);
        fp_default();
        ck_assert_msg(fp_same(&h.before, &h.after), "%s (%s): environment %d changed by the call", c->api->name, what,
                      env);
        ck_assert_msg(h.p1 == d.p1 && h.p2 == d.p2, "%s (%s): environment %d gave %d, %d; the default %d, %d",
                      c->api->name, what, env, (int)h.p1, (int)h.p2, (int)d.p1, (int)d.p2);
        if (d.p1 == ACLNN_SUCCESS && d.p2 == ACLNN_SUCCESS)
            ck_assert_msg(memcmp(c->buf[c->out], want, bytes) == 0, "%s (%s): environment %d changed the bits",
                          c->api->name, what, env);
        else
            acpu_test_call_expect_unchanged(c, __LINE__);
        g_checks++;
    }
    free(want);
}

/* One dtype: a short call with every scalar variant, a long multi-threaded one with the row's
 * scalars and with a NaN in each scalar parameter. */
static void fp_env_dtype(const acpu_test_op *op, aclDataType dt)
{
    static const int64_t small[1] = {300}, large[1] = {40000};
    for (int size = 0; size < 2; size++) {
        acpu_test_call c;
        acpu_test_call_make(&c, op, dt, 1, size ? large : small, 19);
        for (int i = 0; i < c.n_params && is_float_dt(dt); i++) /* inputs pair specials differently */
            if (c.buf[i] != NULL && acpu_test_kind_is_input(c.api->params[i].kind)) {
                for (int64_t e = 0; e < c.numel; e++)
                    store_special(dt, c.buf[i], e, e * (2 * i + 1) + i);
                memcpy(c.snap[i], c.buf[i], c.cap + ACPU_TEST_GUARD);
            }
        scalar_variant v[96];
        int n = scalar_variants(&c, v, (int)N_ELEMS(v));
        ck_assert_int_eq(aclnnCpuSetNumThreads(size ? 4 : 1), ACL_SUCCESS);
        for (int k = 0; k < n; k++) {
            if (size == 1 && k > 1 && v[k].param == v[k - 1].param) /* the long call: one special per scalar */
                continue;
            acpu_test_call_reset(&c);
            char what[96];
            snprintf(what, sizeof what, "%s, %lld elements, variant %d", acpu_dtype_name(dt), (long long)c.numel, k);
            if (v[k].param >= 0)
                c.args[v[k].param].p = v[k].s;
            fp_compare(&c, what);
            if (v[k].param >= 0)
                c.args[v[k].param].p = c.s[v[k].param];
        }
        for (int k = 1; k < n; k++)
            aclDestroyScalar(v[k].s);
        acpu_test_call_free(&c);
    }
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
}

START_TEST(test_fp_environment)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    set_soc("host");
    int dtypes = 0;
    for (int d = 0; d < op->n_dtypes; d++) {
        if (!is_float_dt(op->dtypes[d]))
            continue;
        dtypes++;
        fp_env_dtype(op, op->dtypes[d]);
    }
    if (dtypes == 0) /* an integer-only row: its base dtype, with the scalar specials */
        fp_env_dtype(op, acpu_test_call_base_dtype(op, ACPU_PG_950));
    expect_checked(op, "FP environment");
}
END_TEST

/* The library's environment is the default for libc's rounding-aware calls too: on x86-64 glibc reads
 * their rounding mode from the x87 control word (fegetround, printf's "%f", strtod), which the MXCSR
 * alone leaves as the caller set it (an operator turning an attribute into text and back then rounded
 * toward zero). Under a caller's toward-zero rounding with every exception unmasked, inside
 * acpu_fp_enter: nearest rounding, strtod("0.1") is the nearest double and nothing traps; after
 * acpu_fp_leave the caller's environment is back, exactly. */
START_TEST(test_fp_enter_covers_libc_rounding)
{
    fp_hostile(0);
    fesetround(FE_TOWARDZERO);
    fp_snap before = fp_read();
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    int inside = fegetround();
    double tenth = strtod("0.1", NULL);
    char text[32];
    snprintf(text, sizeof text, "%.0f", 2.5 + 0.25);
    fp_snap during = fp_read();
    acpu_fp_leave(&saved);
    fp_snap after = fp_read();
    fp_default();
    ck_assert_msg(fp_same(&before, &after), "acpu_fp_leave did not restore the caller's environment");
    ck_assert_msg(inside == FE_TONEAREST, "inside the library fegetround() is %d", inside);
    ck_assert_msg(tenth == 0.1, "strtod(\"0.1\") inside the library is %.17g", tenth);
    ck_assert_str_eq(text, "3");
    ck_assert_int_eq(during.traps, 0);
}
END_TEST

/* ---- executor lifetime ------------------------------------------------------------------------------ */

/* Phase 1 of c, asserted to succeed. */
static aclOpExecutor *plan(const acpu_test_call *c, uint64_t *ws)
{
    aclOpExecutor *exec = NULL;
    aclnnStatus st = acpu_test_call_phase1(c, ws, &exec);
    ck_assert_msg(st == ACLNN_SUCCESS, "%s: %s", c->api->name, aclGetRecentErrMsg());
    return exec;
}

/* A run refused with `want`, naming phase 2's function, nothing written. */
static void expect_run_refused(const acpu_test_call *c, void *workspace, uint64_t ws, aclOpExecutor *exec,
                               aclrtStream stream, aclnnStatus want, const char *what)
{
    aclnnStatus st = c->api->run(workspace, ws, exec, stream);
    ck_assert_msg(st == want, "%s (%s): phase 2 returned %d, want %d", c->api->name, what, (int)st, (int)want);
    acpu_test_expect_msg_at(c->api->name, NULL, NULL, __LINE__);
    acpu_test_call_expect_unchanged(c, __LINE__);
    g_checks++;
}

static void expect_output(const acpu_test_call *c, const unsigned char *want, size_t bytes, const char *what)
{
    ck_assert_msg(memcmp(c->buf[c->out], want, bytes) == 0, "%s (%s): the output differs from the first run",
                  c->api->name, what);
    g_checks++;
}

/* Not repeatable: consumed by its first run; destroyed before running: refused; repeatable: runs
 * three times with the same bits, then destroyed and refused. */
static void lifetime_dense(acpu_test_call *c, const unsigned char *want, size_t bytes)
{
    uint64_t ws = 0;
    acpu_test_call_reset(c);
    aclOpExecutor *e = plan(c, &ws);
    ck_assert_int_eq(acpu_test_call_phase2(c, ws, e), ACLNN_SUCCESS);
    expect_output(c, want, bytes, "first run");
    acpu_test_call_reset(c);
    expect_run_refused(c, NULL, 0, e, NULL, ACLNN_ERR_PARAM_INVALID, "a second run");
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(e), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyAclOpExecutor(e), ACLNN_ERR_PARAM_INVALID);

    e = plan(c, &ws);
    ck_assert_int_eq(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    expect_run_refused(c, NULL, 0, e, NULL, ACLNN_ERR_PARAM_INVALID, "destroyed");
    ck_assert_int_eq(aclDestroyAclOpExecutor(e), ACLNN_ERR_PARAM_INVALID);

    e = plan(c, &ws);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(e), ACLNN_SUCCESS);
    for (int run = 0; run < 3; run++) {
        acpu_test_call_reset(c);
        ck_assert_int_eq(acpu_test_call_phase2(c, ws, e), ACLNN_SUCCESS);
        expect_output(c, want, bytes, "repeatable");
    }
    ck_assert_int_eq(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    acpu_test_call_reset(c);
    expect_run_refused(c, NULL, 0, e, NULL, ACLNN_ERR_PARAM_INVALID, "repeatable, destroyed");
    ck_assert_int_eq(aclDestroyAclOpExecutor(e), ACLNN_ERR_PARAM_INVALID);
    int garbage[64] = {0};
    expect_run_refused(c, NULL, 0, (aclOpExecutor *)(void *)garbage, NULL, ACLNN_ERR_PARAM_INVALID, "not an executor");
}

/* A staged call (input 0 read at stride 2): a short workspace and a foreign stream leave the executor
 * live, a NULL workspace releases a non-repeatable one; the run then gives the dense call's bits. */
static void lifetime_workspace(acpu_test_call *c, const unsigned char *want, size_t bytes)
{
    size_t es = dt_size(c->dt);
    int in0 = -1;
    for (int i = 0; i < c->n_params && in0 < 0; i++)
        in0 = c->api->params[i].kind == ACPU_P_TIN ? i : -1;
    if (in0 < 0) /* an in-place API without other inputs: its output is read in place (test_ops) */
        return;
    const int64_t stride[1] = {2}, storage[1] = {2 * c->numel};
    unsigned char *wide = acpu_test_guarded_alloc((size_t)storage[0] * es, 0);
    for (int64_t e = 0; e < c->numel; e++)
        memcpy(wide + (size_t)(2 * e) * es, c->snap[in0] + (size_t)e * es, es);
    aclTensor *t = acpu_test_call_tensor(c, c->dt, stride, 0, 1, storage, wide);
    acpu_test_call_reset(c);
    c->args[in0].p = t;
    uint64_t ws = 0;
    aclOpExecutor *e = plan(c, &ws);
    ck_assert_msg(ws > 0, "%s: a strided input staged nothing", c->api->name);
    void *buf = NULL;
    ck_assert_int_eq(aclrtMalloc(&buf, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    int foreign = 0;
    expect_run_refused(c, buf, ws - 1, e, NULL, ACLNN_ERR_PARAM_INVALID, "a short workspace");
    expect_run_refused(c, buf, ws, e, (aclrtStream)&foreign, ACLNN_ERR_PARAM_INVALID, "a foreign stream");
    ck_assert_int_eq(c->api->run(buf, ws, e, NULL), ACLNN_SUCCESS); /* still live */
    expect_output(c, want, bytes, "staged");
    acpu_test_call_reset(c);
    c->args[in0].p = t;
    e = plan(c, &ws);
    expect_run_refused(c, NULL, ws, e, NULL, ACLNN_ERR_PARAM_NULLPTR, "a NULL workspace");
    expect_run_refused(c, buf, ws, e, NULL, ACLNN_ERR_PARAM_INVALID, "released by the NULL workspace");
    ck_assert_int_eq(aclrtFree(buf), ACL_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    free(wide);
}

START_TEST(test_executor_lifetime)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t dims[1] = {64};
    acpu_test_call c;
    make_host_call(&c, op, 1, dims, 23);
    size_t bytes = (size_t)c.numel * dt_size(c.dt);
    unsigned char want[64 * ACPU_TEST_CALL_ELEM_MAX];
    run_into(&c, want, bytes, "dense");
    lifetime_dense(&c, want, bytes);
    lifetime_workspace(&c, want, bytes);
    acpu_test_call_free(&c);
    expect_checked(op, "executor lifetime");
}
END_TEST

static Suite *contract_suite(void)
{
    Suite *s = suite_create("api_contract");
    TCase *tc = tcase_create("every registry API");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_registry_rows_covered);
    tcase_add_loop_test(tc, test_null_pointers, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_closed_dtype_lists, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_exact_extents, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_output_view_only, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_overlap_rules, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_fp_environment, 0, acpu_test_num_ops);
    tcase_add_test(tc, test_fp_enter_covers_libc_rounding);
    tcase_add_loop_test(tc, test_executor_lifetime, 0, acpu_test_num_ops);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(contract_suite()); }

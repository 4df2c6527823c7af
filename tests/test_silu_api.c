/* aclnnSiluBackward API: SiLU spec 3.3's validation order and codes per platform profile (out-pointers,
 * NULL and dead handles, the dtype lists, the pairing rule of the profile, the BF16 rule, ranks,
 * equal shapes or broadcasting), the op_api UT cases of SiLU spec 3.7 (success and failure), empty
 * tensors, views, in-place, the data and overlap checks, phase 2, and the values of broadcast
 * calls on every profile with small UB overrides (many tiles, many cores) against a double
 * reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define API "aclnnSiluBackwardGetWorkspaceSize"
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
#define MAX_RANK 10
#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

/* ---- a call: three tensors over guarded buffers ----------------------------------------------- */

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    aclFormat format;
} tdesc;

typedef struct {
    tdesc t[3]; /* gradOutput, self, gradInput */
    const char *soc;
    int32_t cores;
    int64_t ub;
} silu_call;

typedef struct {
    aclTensor *t[3];
    unsigned char *buf[3];
    size_t bytes[3];
    int64_t n[3];
} silu_run;

static tdesc td(aclDataType dt, uint64_t rank, const int64_t *shape)
{
    tdesc d = {.dt = dt, .rank = rank, .format = ACL_FORMAT_ND};
    memcpy(d.shape, shape, rank * sizeof shape[0]);
    return d;
}

static silu_call same3(const char *soc, aclDataType dt, uint64_t rank, const int64_t *shape)
{
    silu_call c = {.soc = soc};
    for (int i = 0; i < 3; i++)
        c.t[i] = td(dt, rank, shape);
    return c;
}

/* Values: dy in [-2, 2), x in [-12, 12) (both branches of the sigmoid, the cancellation near -1.28). */
static void fill(aclDataType dt, unsigned char *buf, int64_t n, int which)
{
    for (int64_t i = 0; i < n; i++) {
        double v = which == 0 ? acpu_test_lcg_sym(2.0) : acpu_test_lcg_sym(12.0);
        acpu_test_store(dt, buf, (size_t)i, v);
    }
}

static void build(const silu_call *c, silu_run *r)
{
    memset(r, 0, sizeof *r);
    acpu_test_lcg_seed(0x5111u, 32);
    for (int i = 0; i < 3; i++) {
        const tdesc *d = &c->t[i];
        r->n[i] = acpu_test_numel(d->shape, d->rank);
        r->bytes[i] = (size_t)(r->n[i] > 0 ? r->n[i] : 1) * acpu_test_esize(d->dt);
        r->buf[i] = acpu_test_guarded_alloc(r->bytes[i], 0xA5);
        if (i < 2)
            fill(d->dt, r->buf[i], r->n[i], i);
        int64_t strides[MAX_RANK], s = 1;
        for (uint64_t k = d->rank; k-- > 0;) {
            strides[k] = s;
            s *= d->shape[k];
        }
        r->t[i] = aclCreateTensor(d->shape, d->rank, d->dt, strides, 0, d->format, d->shape, d->rank, r->buf[i]);
        ck_assert_ptr_nonnull(r->t[i]);
    }
}

static void release(silu_run *r)
{
    for (int i = 0; i < 3; i++) {
        if (r->t[i] != NULL)
            aclDestroyTensor(r->t[i]);
        free(r->buf[i]);
    }
}

static void set_profile(const silu_call *c)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", c->cores, c->ub), ACL_SUCCESS);
}

/* Phase 1 of the call; on failure asserts that nothing was written and the message names API. */
static aclnnStatus phase1(const silu_call *c, silu_run *r, uint64_t *ws, aclOpExecutor **exec)
{
    set_profile(c);
    unsigned char *snap = acpu_test_snapshot(r->buf[2], r->bytes[2]);
    aclnnStatus rc = aclnnSiluBackwardGetWorkspaceSize(r->t[0], r->t[1], r->t[2], ws, exec);
    if (rc != ACLNN_SUCCESS) {
        acpu_test_expect_unchanged(r->buf[2], snap, r->bytes[2], "gradInput", __LINE__);
        ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), API));
    }
    free(snap);
    return rc;
}

/* Phase 1 and 2 of a call expected to succeed. */
static void run_ok(const silu_call *c, silu_run *r)
{
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, r, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "phase 1: %d (%s)", rc, aclGetRecentErrMsg());
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSiluBackward, ws, exec), ACLNN_SUCCESS);
}

/* Phase 1 must fail with `want`, its message naming `arg`. */
static void expect_fail(const silu_call *c, aclnnStatus want, const char *arg, int line)
{
    silu_run r;
    build(c, &r);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, &r, &ws, &exec);
    ck_assert_msg(rc == want, "line %d: status %d, want %d (%s)", line, rc, want, aclGetRecentErrMsg());
    if (arg != NULL)
        ck_assert_msg(strstr(aclGetRecentErrMsg(), arg) != NULL, "line %d: message '%s' does not name %s", line,
                      aclGetRecentErrMsg(), arg);
    release(&r);
}

/* ---- reference and value checks ----------------------------------------------------------------- */

/* dy * s * (1 + x * (1 - s)) in double, 1 - s as s * exp(-x) (no cancellation). */
static double silu_ref(double dy, double x)
{
    double e = exp(-x), s = 1.0 / (1.0 + e);
    return dy * s * (1.0 + x * (s * e));
}

/* The accuracy rule of doc/NUMERICS.md: fp32 within 5 ulp of |dy|*sigma(x)*(1+|x|); 16-bit outputs
 * within 1 ulp of the 16-bit type of the same scale (the exact rule is checked by test_silu_math). */
static bool close_enough(aclDataType dt, double got, double dy, double x)
{
    double ref = silu_ref(dy, x);
    if (isnan(ref) || isnan(got))
        return isnan(ref) == isnan(got);
    double scale = fabs(dy) / (1.0 + exp(-x)) * (1.0 + fabs(x));
    int man = dt == F32 ? 23 : (dt == F16 ? 10 : 7);
    double ulp = scale > 0 ? ldexp(1.0, ilogb(scale) - man) : 0.0;
    double bound = dt == F32 ? 5.0 * ulp : 1.0 * ulp + ldexp(fabs(ref), -man);
    return fabs(got - ref) <= bound + (dt == F16 ? ldexp(1.0, -24) : ldexp(1.0, -149));
}

/* Every gradInput element against the reference with broadcasting of both inputs. */
static void check_values(const silu_call *c, const silu_run *r)
{
    const tdesc *o = &c->t[2];
    for (int64_t i = 0; i < r->n[2]; i++) {
        int64_t idx[2] = {0, 0}, rem = i;
        int64_t stride_in[2] = {1, 1};
        for (uint64_t k = o->rank; k-- > 0;) {
            int64_t coord = rem % o->shape[k];
            rem /= o->shape[k];
            for (int j = 0; j < 2; j++) {
                const tdesc *d = &c->t[j];
                int64_t pad = (int64_t)o->rank - (int64_t)d->rank, kk = (int64_t)k - pad;
                if (kk < 0)
                    continue;
                idx[j] += (d->shape[kk] == 1 ? 0 : coord) * stride_in[j];
                stride_in[j] *= d->shape[kk];
            }
        }
        double dy = acpu_test_load(c->t[0].dt, r->buf[0], (size_t)idx[0]);
        double x = acpu_test_load(c->t[1].dt, r->buf[1], (size_t)idx[1]);
        double got = acpu_test_load(o->dt, r->buf[2], (size_t)i);
        ACPU_TEST_EXPECT(close_enough(o->dt, got, dy, x), "element %lld: dy %.9g x %.9g got %.9g ref %.9g",
                         (long long)i, dy, x, got, silu_ref(dy, x));
    }
}

/* ---- out-pointers and handles (SiLU spec 3.3 steps 1 and 3) -------------------------------------------- */

START_TEST(test_out_pointers)
{
    silu_call c = same3(NULL, F32, 2, (const int64_t[]){2, 3});
    silu_run r;
    build(&c, &r);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(r.t[0], r.t[1], r.t[2], NULL, &exec), NULLPTR);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "workspaceSize"));
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(r.t[0], r.t[1], r.t[2], &ws, NULL), NULLPTR);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "executor"));
    /* the out-pointers come before the handles */
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(NULL, NULL, NULL, NULL, &exec), NULLPTR);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "workspaceSize"));
    release(&r);
}
END_TEST

static const char *const k_names[3] = {"gradOutput", "self", "gradInput"};

/* NULL (161001) and destroyed (161002) handles, each position; the first in argument order wins. */
START_TEST(test_handles)
{
    int which = _i / 2;
    bool dead = _i % 2;
    silu_call c = same3(NULL, F32, 2, (const int64_t[]){2, 3});
    silu_run r;
    build(&c, &r);
    const aclTensor *args[3] = {r.t[0], r.t[1], r.t[2]};
    if (dead) {
        aclDestroyTensor(r.t[which]);
        r.t[which] = NULL;
    } else {
        args[which] = NULL;
    }
    /* a later argument broken too: the earlier one is reported */
    const aclTensor *later_null[3] = {args[0], args[1], args[2]};
    if (which < 2)
        later_null[2] = NULL;
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnSiluBackwardGetWorkspaceSize(later_null[0], later_null[1], (aclTensor *)later_null[2], &ws,
                                                       &exec);
    ck_assert_int_eq(rc, dead ? INVALID : NULLPTR);
    acpu_test_expect_msg_at(API, k_names[which], which < 2 ? "gradInput" : NULL, __LINE__);
    release(&r);
}
END_TEST

/* ---- dtypes (SiLU spec 3.3 step 4) ---------------------------------------------------------------------- */

typedef struct {
    const char *soc;
    aclDataType go, x, gi;
    aclnnStatus want;
    const char *arg; /* named by the message */
} dtype_case;

/* clang-format off */ /* a table: one row per line */
static const dtype_case k_dtype_cases[] = {
    /* the lists, in order: gradOutput, self, gradInput */
    {"Ascend910B", ACL_DOUBLE, F32, F32, INVALID, "gradOutput"},
    {"Ascend910B", F32, ACL_DOUBLE, ACL_DOUBLE, INVALID, "self"},
    {"Ascend910B", F32, F32, ACL_DOUBLE, INVALID, "gradInput"},
    {"Ascend910B", ACL_COMPLEX64, ACL_COMPLEX64, ACL_COMPLEX64, INVALID, "gradOutput"},
    {"Ascend910B", ACL_COMPLEX128, F32, F32, INVALID, "gradOutput"},
    {"Ascend950", ACL_INT32, F32, F32, INVALID, "gradOutput"},
    {"host", F32, ACL_INT8, F32, INVALID, "self"},
    /* non-regbase pairing: gradOutput == gradInput, then self == gradInput */
    {"Ascend910B", F32, F16, F32, INVALID, "self"},
    {"Ascend910B", F16, F32, F32, INVALID, "gradOutput"},
    {"Ascend910B", F16, F16, F32, INVALID, "gradOutput"},
    {"Ascend910_93", BF16, BF16, F16, INVALID, "gradOutput"},
    {"Ascend910", F32, F32, F16, INVALID, "gradOutput"},
    /* regbase: a mixed pair needs a FLOAT output; an equal pair the same dtype */
    {"Ascend950", F16, F32, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", F16, BF16, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", BF16, F16, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", BF16, F32, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", F32, F16, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", F32, BF16, F32, ACLNN_SUCCESS, NULL},
    {"host", F16, F32, F32, ACLNN_SUCCESS, NULL},
    {"Ascend950", F16, F32, F16, INVALID, "gradInput"},
    {"Ascend950", F16, BF16, BF16, INVALID, "gradInput"},
    {"Ascend950", F16, F16, F32, INVALID, "gradOutput"},
    {"Ascend950", BF16, BF16, BF16, ACLNN_SUCCESS, NULL},
    {"Ascend950", F16, F16, F16, ACLNN_SUCCESS, NULL},
    /* BF16 after the pairing rule, only where the NPU arch has it */
    {"Ascend910", BF16, BF16, BF16, INVALID, "bfloat16"},
    {"Ascend910", F16, F16, F16, ACLNN_SUCCESS, NULL},
    {"Ascend910", BF16, F32, F16, INVALID, "must equal gradInput"}, /* pairing first */
    {"Ascend910B", BF16, BF16, BF16, ACLNN_SUCCESS, NULL},
    {"Ascend910_93", BF16, BF16, BF16, ACLNN_SUCCESS, NULL},
    {"host", BF16, BF16, BF16, ACLNN_SUCCESS, NULL},
};
/* clang-format on */

START_TEST(test_dtypes)
{
    const dtype_case *k = &k_dtype_cases[_i];
    silu_call c = same3(k->soc, F32, 2, (const int64_t[]){3, 5});
    c.t[0].dt = k->go;
    c.t[1].dt = k->x;
    c.t[2].dt = k->gi;
    if (k->want != ACLNN_SUCCESS) {
        expect_fail(&c, k->want, k->arg, __LINE__);
        return;
    }
    silu_run r;
    build(&c, &r);
    run_ok(&c, &r);
    check_values(&c, &r);
    release(&r);
}
END_TEST

/* ---- shapes (SiLU spec 3.3 step 5) ---------------------------------------------------------------------- */

typedef struct {
    const char *soc;
    uint64_t rank[3];
    int64_t shape[3][MAX_RANK];
    aclnnStatus want;
    const char *arg;
} shape_case;

/* clang-format off */ /* a table: one row per line */
static const shape_case k_shape_cases[] = {
    /* ranks first (gradOutput, then self): 9 dims */
    {"Ascend910B", {9, 2, 2}, {{1, 1, 1, 1, 1, 1, 1, 2, 3}, {2, 3}, {2, 3}}, INVALID, "gradOutput"},
    {"Ascend910B", {2, 9, 2}, {{2, 3}, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {2, 3}}, INVALID, "self"},
    {"Ascend950", {9, 9, 9}, {{1, 1, 1, 1, 1, 1, 1, 2, 3}, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {1, 1, 1, 1, 1, 1, 1, 2, 3}},
     INVALID, "gradOutput"},
    /* non-regbase: equal shapes only */
    {"Ascend910B", {2, 2, 2}, {{1, 3}, {2, 3}, {2, 3}}, INVALID, "gradOutput"},
    {"Ascend910B", {2, 2, 2}, {{2, 3}, {1, 3}, {2, 3}}, INVALID, "self"},
    {"Ascend910B", {2, 2, 2}, {{2, 3}, {2, 3}, {3, 2}}, INVALID, "gradOutput"},
    {"Ascend910", {1, 1, 1}, {{6}, {6}, {6}}, ACLNN_SUCCESS, NULL},
    /* regbase: broadcasting to gradInput */
    {"Ascend950", {2, 2, 2}, {{1, 3}, {2, 3}, {2, 3}}, ACLNN_SUCCESS, NULL},
    {"Ascend950", {1, 2, 2}, {{16}, {16, 16}, {16, 16}}, ACLNN_SUCCESS, NULL},
    {"Ascend950", {3, 3, 3}, {{2, 1, 4}, {1, 3, 1}, {2, 3, 4}}, ACLNN_SUCCESS, NULL},
    {"host", {0, 3, 3}, {{0}, {2, 3, 4}, {2, 3, 4}}, ACLNN_SUCCESS, NULL},
    {"host", {3, 0, 3}, {{2, 3, 4}, {0}, {2, 3, 4}}, ACLNN_SUCCESS, NULL},
    {"Ascend950", {2, 2, 2}, {{2, 3}, {3, 3}, {3, 3}}, INVALID, "broadcast"},
    {"Ascend950", {2, 2, 2}, {{1, 3}, {2, 3}, {1, 3}}, INVALID, "gradInput"},
    {"Ascend950", {2, 2, 3}, {{1, 3}, {2, 3}, {1, 2, 3}}, INVALID, "gradInput"},
    {"host", {2, 2, 2}, {{4, 1}, {1, 5}, {4, 5}}, ACLNN_SUCCESS, NULL},
};
/* clang-format on */

START_TEST(test_shapes)
{
    const shape_case *k = &k_shape_cases[_i];
    silu_call c = {.soc = k->soc};
    for (int i = 0; i < 3; i++)
        c.t[i] = td(F32, k->rank[i], k->shape[i]);
    if (k->want != ACLNN_SUCCESS) {
        expect_fail(&c, k->want, k->arg, __LINE__);
        return;
    }
    silu_run r;
    build(&c, &r);
    run_ok(&c, &r);
    check_values(&c, &r);
    release(&r);
}
END_TEST

/* ---- SiLU spec 3.7's op_api UT cases (910B path) -------------------------------------------------------- */

START_TEST(test_ut_success_cases)
{
    static const struct {
        uint64_t rank;
        int64_t shape[8];
        aclDataType dt;
        aclFormat format;
    } cases[] = {
        {2, {2, 3}, F32, ACL_FORMAT_ND},
        {4, {2, 3, 4, 5}, F16, ACL_FORMAT_NCHW},
        {0, {0}, F32, ACL_FORMAT_ND},
        {8, {2, 1, 2, 1, 2, 1, 2, 3}, BF16, ACL_FORMAT_ND},
        {3, {2, 0, 4}, F32, ACL_FORMAT_ND},
        {1, {100003}, F32, ACL_FORMAT_ND},
        {5, {1, 2, 3, 4, 5}, F32, ACL_FORMAT_NHWC},
    };
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        silu_call c = same3("Ascend910B", cases[k].dt, cases[k].rank, cases[k].shape);
        for (int i = 0; i < 3; i++)
            c.t[i].format = cases[k].format;
        silu_run r;
        build(&c, &r);
        run_ok(&c, &r);
        check_values(&c, &r);
        release(&r);
    }
}
END_TEST

/* Self empty while gradOutput is not: a shape mismatch (161002) on 910B, no silent empty call. */
START_TEST(test_ut_self_empty)
{
    silu_call c = same3("Ascend910B", F32, 2, (const int64_t[]){2, 3});
    c.t[1] = td(F32, 2, (const int64_t[]){2, 0});
    expect_fail(&c, INVALID, "self", __LINE__);
}
END_TEST

/* Empty calls: workspace 0, an executor that runs and writes nothing. */
START_TEST(test_empty_writes_nothing)
{
    silu_call c = same3(NULL, F32, 3, (const int64_t[]){4, 0, 2});
    silu_run r;
    build(&c, &r);
    unsigned char *snap = acpu_test_snapshot(r.buf[2], r.bytes[2]);
    uint64_t ws = 1;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(phase1(&c, &r, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSiluBackward, ws, exec), ACLNN_SUCCESS);
    acpu_test_expect_unchanged(r.buf[2], snap, r.bytes[2], "gradInput", __LINE__);
    free(snap);
    release(&r);
}
END_TEST

/* ---- views, in place, overlap, data ------------------------------------------------------------------ */

/* A transposed self view and an offset gradOutput: staged through the workspace, values exact. */
START_TEST(test_strided_views)
{
    const char *socs[] = {"host", "Ascend950", "Ascend910B"};
    for (size_t s = 0; s < N_ELEMS(socs); s++) {
        aclnnCpuSetPlatform(socs[s], 0, 0);
        enum { R = 37, C = 29 };
        float *dy = malloc(sizeof(float) * (R * C + 64)), *x = malloc(sizeof(float) * R * C);
        float *out = malloc(sizeof(float) * R * C);
        acpu_test_lcg_seed(7u, 32);
        for (int i = 0; i < R * C + 64; i++)
            dy[i] = (float)acpu_test_lcg_sym(2.0);
        for (int i = 0; i < R * C; i++)
            x[i] = (float)acpu_test_lcg_sym(10.0);
        const int64_t shape[2] = {R, C}, tshape[2] = {C, R}, st[2] = {C, 1}, tst[2] = {1, R};
        aclTensor *tdy = aclCreateTensor(shape, 2, F32, st, 5, ACL_FORMAT_ND, (const int64_t[]){R * C + 64}, 1, dy);
        aclTensor *tx = aclCreateTensor(shape, 2, F32, tst, 0, ACL_FORMAT_ND, tshape, 2, x); /* x^T viewed */
        aclTensor *to = aclCreateTensor(shape, 2, F32, st, 0, ACL_FORMAT_ND, shape, 2, out);
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(tdy, tx, to, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_uint_gt(ws, 0);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSiluBackward, ws, exec), ACLNN_SUCCESS);
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) {
                double d = dy[5 + i * C + j], xv = x[j * R + i];
                ACPU_TEST_EXPECT(close_enough(F32, out[i * C + j], d, xv), "%s (%d,%d): got %.9g ref %.9g", socs[s], i,
                                 j, (double)out[i * C + j], silu_ref(d, xv));
            }
        aclDestroyTensor(tdy);
        aclDestroyTensor(tx);
        aclDestroyTensor(to);
        free(dy);
        free(x);
        free(out);
    }
}
END_TEST

/* gradInput may be gradOutput or self exactly (in place); a partial overlap is refused. */
START_TEST(test_in_place_and_overlap)
{
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 1000 };
    float *a = malloc(sizeof(float) * (N + 1)), *b = malloc(sizeof(float) * N), *want = malloc(sizeof(float) * N);
    for (int i = 0; i < N; i++) {
        a[i] = (float)(i % 7) - 3.0f;
        b[i] = (float)(i % 13) * 0.5f - 3.0f;
    }
    const int64_t shape[1] = {N}, st[1] = {1};
    aclTensor *ta = aclCreateTensor(shape, 1, F32, st, 0, ACL_FORMAT_ND, shape, 1, a);
    aclTensor *tb = aclCreateTensor(shape, 1, F32, st, 0, ACL_FORMAT_ND, shape, 1, b);
    aclTensor *tshift = aclCreateTensor(shape, 1, F32, st, 1, ACL_FORMAT_ND, (const int64_t[]){N + 1}, 1, a);
    for (int i = 0; i < N; i++)
        want[i] = (float)silu_ref(a[i], b[i]);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(ta, tb, tshift, &ws, &exec), INVALID);
    acpu_test_expect_msg_at(API, "overlap", NULL, __LINE__);
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(ta, tb, ta, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSiluBackward, ws, exec), ACLNN_SUCCESS);
    for (int i = 0; i < N; i++)
        ACPU_TEST_EXPECT(fabsf(a[i] - want[i]) <= 1e-5f * (1.0f + fabsf(want[i])), "in place %d: %g vs %g", i,
                         (double)a[i], (double)want[i]);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tshift);
    free(a);
    free(b);
    free(want);
}
END_TEST

START_TEST(test_null_data)
{
    aclnnCpuSetPlatform("host", 0, 0);
    const int64_t shape[1] = {4}, st[1] = {1};
    float buf[4] = {0};
    aclTensor *t = aclCreateTensor(shape, 1, F32, st, 0, ACL_FORMAT_ND, shape, 1, buf);
    aclTensor *nd = aclCreateTensor(shape, 1, F32, st, 0, ACL_FORMAT_ND, shape, 1, NULL);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSiluBackwardGetWorkspaceSize(t, nd, t, &ws, &exec), NULLPTR);
    acpu_test_expect_msg_at(API, "self", NULL, __LINE__);
    aclDestroyTensor(t);
    aclDestroyTensor(nd);
}
END_TEST

/* ---- phase 2 -------------------------------------------------------------------------------------- */

START_TEST(test_phase2)
{
    silu_call c = same3(NULL, F32, 1, (const int64_t[]){64});
    silu_run r;
    build(&c, &r);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(phase1(&c, &r, &ws, &exec), ACLNN_SUCCESS);
    /* another operator's phase 2 refuses it without consuming it */
    ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, exec, NULL), INVALID);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "SiluBackward"));
    ck_assert_int_eq(aclnnSiluBackward(NULL, 0, exec, NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclnnSiluBackward(NULL, 0, exec, NULL), INVALID); /* consumed */
    ck_assert_int_eq(aclnnSiluBackward(NULL, 0, NULL, NULL), NULLPTR);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "aclnnSiluBackward"));
    check_values(&c, &r);
    release(&r);
}
END_TEST

/* ---- values on every profile with small UB and many cores: every tile and core layout ------------- */

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
    aclDataType dt[3];
    uint64_t rank[3];
    int64_t shape[3][MAX_RANK];
} value_case;

/* clang-format off */ /* a table: one row per line */
static const value_case k_value_cases[] = {
    {"Ascend950", 0, 0, {F32, F32, F32}, {1, 1, 1}, {{100003}, {100003}, {100003}}},
    {"Ascend950", 7, 4096, {F16, F16, F16}, {2, 2, 2}, {{129, 257}, {129, 257}, {129, 257}}},
    {"Ascend950", 5, 4096, {F16, F32, F32}, {7, 7, 7},
     {{1, 13, 1, 11, 6, 3, 3}, {10, 13, 12, 1, 6, 1, 3}, {10, 13, 12, 11, 6, 3, 3}}},
    {"Ascend950", 3, 2048, {BF16, F16, F32}, {3, 3, 3}, {{1, 40, 1}, {33, 1, 17}, {33, 40, 17}}},
    {"host", 3, 3072, {F32, BF16, F32}, {2, 4, 4}, {{5, 1}, {2, 3, 1, 7}, {2, 3, 5, 7}}},
    {"host", 0, 0, {BF16, BF16, BF16}, {4, 4, 4}, {{3, 1, 5, 1}, {1, 4, 1, 6}, {3, 4, 5, 6}}},
    {"Ascend910B", 0, 0, {F32, F32, F32}, {1, 1, 1}, {{65537}, {65537}, {65537}}},
    {"Ascend910B", 5, 8192, {F16, F16, F16}, {2, 2, 2}, {{301, 77}, {301, 77}, {301, 77}}},
    {"Ascend910_93", 48, 0, {BF16, BF16, BF16}, {1, 1, 1}, {{1}, {1}, {1}}},
    {"Ascend910", 3, 4096, {F32, F32, F32}, {3, 3, 3}, {{7, 9, 11}, {7, 9, 11}, {7, 9, 11}}},
    /* absurd profile numbers: a UB of INT64_MAX plans one tile per core without overflowing */
    {"Ascend950", 2, INT64_MAX, {F16, F32, F32}, {2, 2, 2}, {{1, 300}, {77, 300}, {77, 300}}},
    {"Ascend910B", 2, INT64_MAX, {F32, F32, F32}, {1, 1, 1}, {{5000}, {5000}, {5000}}},
};
/* clang-format on */

START_TEST(test_values_profiles)
{
    const value_case *k = &k_value_cases[_i];
    silu_call c = {.soc = k->soc, .cores = k->cores, .ub = k->ub};
    for (int i = 0; i < 3; i++)
        c.t[i] = td(k->dt[i], k->rank[i], k->shape[i]);
    silu_run r;
    build(&c, &r);
    run_ok(&c, &r);
    check_values(&c, &r);
    release(&r);
}
END_TEST

static Suite *silu_api_suite(void)
{
    Suite *s = suite_create("silu_api");
    TCase *tc = tcase_create("validation");
    tcase_add_test(tc, test_out_pointers);
    tcase_add_loop_test(tc, test_handles, 0, 6);
    tcase_add_loop_test(tc, test_dtypes, 0, (int)N_ELEMS(k_dtype_cases));
    tcase_add_loop_test(tc, test_shapes, 0, (int)N_ELEMS(k_shape_cases));
    tcase_add_test(tc, test_ut_success_cases);
    tcase_add_test(tc, test_ut_self_empty);
    tcase_add_test(tc, test_empty_writes_nothing);
    suite_add_tcase(s, tc);
    tc = tcase_create("execution");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_strided_views);
    tcase_add_test(tc, test_in_place_and_overlap);
    tcase_add_test(tc, test_null_data);
    tcase_add_test(tc, test_phase2);
    tcase_add_loop_test(tc, test_values_profiles, 0, (int)N_ELEMS(k_value_cases));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(silu_api_suite()); }

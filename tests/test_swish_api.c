/* aclnnSwish and aclnnSwishBackward API (aclnn_swish.cpp, aclnn_swish_backward.cpp,
 * doc/CANN.md#swish): the validation order and codes per platform profile (out-pointers, NULLs,
 * dtype lists and pairing, betaOptional castable to FLOAT, the BF16 rule of the profile, ranks,
 * equal shapes), two faults per call where the earlier check must win, messages naming the API and
 * the argument, the op_api UT cases of ops-nn (tests/ut/op_api/test_aclnn_swish.cpp,
 * test_aclnn_swish_backward.cpp) with their codes, a NULL beta (scale 1: aclnnSilu's bits), the
 * scale -1 and 0 kernels, empty and 0-dim tensors, and nothing written on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_swish_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
#define MAX_RANK 10
#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

/* ---- a call of either API: tensors (inputs then the output) and betaOptional -------------------------- */

typedef enum { SWISH, SWISH_BACKWARD } api_kind;

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    aclFormat fmt;
    const int64_t *strides; /* NULL: row-major over the shape */
    uint64_t storage_rank;
    int64_t storage[MAX_RANK];
} tdesc;

enum { MAX_T = 3 };

typedef struct {
    api_kind api;
    tdesc t[MAX_T]; /* Swish: self, out; SwishBackward: gradOutput, self, gradInput */
    bool has_beta;  /* false: betaOptional NULL */
    aclDataType beta_dt;
    double beta;
    bool null_t[MAX_T], null_ws, null_exec;
    const char *soc; /* NULL: host */
} sw_call;

typedef struct {
    aclTensor *t[MAX_T];
    aclScalar *beta;
    unsigned char *buf[MAX_T];
    size_t bytes[MAX_T];
} sw_run;

static int n_tensors(const sw_call *c) { return c->api == SWISH ? 2 : 3; }
static const char *api_name(const sw_call *c)
{
    return c->api == SWISH ? "aclnnSwishGetWorkspaceSize" : "aclnnSwishBackwardGetWorkspaceSize";
}

static tdesc td(aclDataType dt, uint64_t rank, const int64_t *shape)
{
    tdesc d = {.dt = dt, .rank = rank, .fmt = ACL_FORMAT_ND};
    memcpy(d.shape, shape, rank * sizeof shape[0]);
    return d;
}

/* Every tensor of the call the same description. */
static sw_call same(api_kind api, aclDataType dt, uint64_t rank, const int64_t *shape, double beta)
{
    sw_call c = {.api = api, .has_beta = true, .beta_dt = ACL_FLOAT, .beta = beta};
    for (int i = 0; i < MAX_T; i++)
        c.t[i] = td(dt, rank, shape);
    return c;
}

static int64_t storage_numel(const tdesc *d)
{
    return d->strides ? acpu_test_numel(d->storage, d->storage_rank) : acpu_test_numel(d->shape, d->rank);
}

static void build(const sw_call *c, sw_run *r)
{
    memset(r, 0, sizeof *r);
    acpu_test_lcg_seed(0x5E15u, 32);
    for (int i = 0; i < n_tensors(c); i++) {
        const tdesc *d = &c->t[i];
        int64_t n = storage_numel(d);
        r->bytes[i] = (size_t)(n > 0 ? n : 1) * acpu_test_esize(d->dt);
        r->buf[i] = acpu_test_guarded_alloc(r->bytes[i], 0xA5);
        bool input = i < n_tensors(c) - 1;
        if (input && acpu_test_dtype_size(d->dt) != 0 && d->dt != ACL_BOOL)
            for (int64_t k = 0; k < n; k++)
                acpu_test_store(d->dt, r->buf[i], (size_t)k,
                                acpu_test_lcg_sym(i == 0 && c->api == SWISH_BACKWARD ? 2.0 : 8.0));
        int64_t st[MAX_RANK], s = 1;
        for (uint64_t k = d->rank; k-- > 0;) {
            st[k] = s;
            s *= d->shape[k];
        }
        r->t[i] = aclCreateTensor(d->shape, d->rank, d->dt, d->strides ? d->strides : st, 0, d->fmt,
                                  d->strides ? d->storage : d->shape, d->strides ? d->storage_rank : d->rank,
                                  r->buf[i]);
        ck_assert_ptr_nonnull(r->t[i]);
    }
    r->beta = c->has_beta ? acpu_test_scalar(c->beta_dt, c->beta, 0.0) : NULL;
}

static void release(sw_run *r)
{
    for (int i = 0; i < MAX_T; i++) {
        if (r->t[i] != NULL)
            aclDestroyTensor(r->t[i]);
        free(r->buf[i]);
    }
    if (r->beta != NULL)
        aclDestroyScalar(r->beta);
}

static aclnnStatus phase1(const sw_call *c, sw_run *r, uint64_t *ws, aclOpExecutor **exec)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    aclTensor *t[MAX_T];
    for (int i = 0; i < MAX_T; i++)
        t[i] = c->null_t[i] ? NULL : r->t[i];
    uint64_t *w = c->null_ws ? NULL : ws;
    aclOpExecutor **e = c->null_exec ? NULL : exec;
    if (c->api == SWISH)
        return aclnnSwishGetWorkspaceSize(t[0], r->beta, t[1], w, e);
    return aclnnSwishBackwardGetWorkspaceSize(t[0], t[1], r->beta, t[2], w, e);
}

static aclnnStatus phase2(const sw_call *c, uint64_t ws, aclOpExecutor *exec)
{
    return acpu_test_run_phase2(c->api == SWISH ? aclnnSwish : aclnnSwishBackward, ws, exec);
}

static void expect_fail_at(const sw_call *c, aclnnStatus want, const char *arg, const char *not_arg, int line)
{
    sw_run r;
    build(c, &r);
    int o = n_tensors(c) - 1;
    unsigned char *snap = acpu_test_snapshot(r.buf[o], r.bytes[o]);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, &r, &ws, &exec);
    ck_assert_msg(rc == want, "line %d: status %d, want %d (%s)", line, rc, want, aclGetRecentErrMsg());
    acpu_test_expect_msg_at(api_name(c), arg, not_arg, line);
    acpu_test_expect_unchanged(r.buf[o], snap, r.bytes[o], "output", line);
    free(snap);
    release(&r);
    aclnnCpuSetPlatform("host", 0, 0);
}
#define expect_fail(c, want, arg, not_arg) expect_fail_at(c, want, arg, not_arg, __LINE__)

/* ---- values ---------------------------------------------------------------------------------------- */

static double beta_of(const sw_call *c)
{
    return c->has_beta ? acpu_test_scalar_value(c->beta_dt, c->beta, false) : 1.0;
}

/* v = beta * x rounded to fp32 as the kernels' product; s = 1 / (1 + exp(-v)). */
static double ref_value(const sw_call *c, double x, double dy)
{
    float v = (float)x * (float)beta_of(c);
    double e = exp(-(double)v), s = 1.0 / (1.0 + e);
    return c->api == SWISH ? x * s : dy * s * (1.0 + (double)v * (s * e));
}

static int64_t elem_offset(const tdesc *d, int64_t lin)
{
    if (d->strides == NULL)
        return lin;
    int64_t off = 0;
    for (uint64_t k = d->rank; k-- > 0;) {
        off += (lin % d->shape[k]) * d->strides[k];
        lin /= d->shape[k];
    }
    return off;
}

/* Within a loose tolerance at the result's scale (the rules are test_swish_math's). */
static void check_values(const sw_call *c, const sw_run *r, int line)
{
    int o = n_tensors(c) - 1, xi = c->api == SWISH ? 0 : 1;
    int64_t n = acpu_test_numel(c->t[o].shape, c->t[o].rank);
    int man = acpu_test_man_bits(c->t[o].dt);
    for (int64_t i = 0; i < n; i++) {
        double x = acpu_test_load(c->t[xi].dt, r->buf[xi], (size_t)elem_offset(&c->t[xi], i));
        double dy = c->api == SWISH ? 1.0 : acpu_test_load(c->t[0].dt, r->buf[0], (size_t)elem_offset(&c->t[0], i));
        double got = acpu_test_load(c->t[o].dt, r->buf[o], (size_t)elem_offset(&c->t[o], i));
        double ref = ref_value(c, x, dy);
        double scale = fabs(dy) * (1.0 + fabs(x) * fabs(beta_of(c))) + fabs(ref);
        ACPU_TEST_EXPECT(fabs(got - ref) <= ldexp(scale, -man) * 8 + 1e-30,
                         "line %d element %lld: x %.9g got %.9g ref %.9g", line, (long long)i, x, got, ref);
    }
}

static void expect_ok_at(const sw_call *c, int line)
{
    sw_run r;
    build(c, &r);
    uint64_t ws = 99;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, &r, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "line %d: %d (%s)", line, rc, aclGetRecentErrMsg());
    int o = n_tensors(c) - 1;
    if (acpu_test_numel(c->t[o].shape, c->t[o].rank) == 0)
        ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(phase2(c, ws, exec), ACLNN_SUCCESS);
    check_values(c, &r, line);
    release(&r);
    aclnnCpuSetPlatform("host", 0, 0);
}
#define expect_ok(c) expect_ok_at(c, __LINE__)

static const int64_t k_4d[4] = {2, 16, 32, 16}, k_4d_b[4] = {2, 16, 32, 18}, k_9d[9] = {1, 1, 1, 1, 2, 1, 1, 1, 2};
static const int64_t k_9d_b[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, k_4d_c[4] = {1, 2, 3, 4},
                     k_8d[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static const int64_t k_25[2] = {2, 5}, k_1611[4] = {1, 16, 1, 1}, k_1144[4] = {1, 1, 4, 4}, k_0[1] = {0};
static const int64_t k_1616[2] = {16, 16}, k_2468[4] = {2, 4, 6, 8}, k_st12[2] = {1, 2}, k_52[2] = {5, 2};
static const int64_t k_216[2] = {2, 16}, k_162[2] = {16, 2}, k_big[2] = {1024, 1024}, k_nchw[4] = {2, 64, 112, 112};
static const int64_t k_9x2[9] = {1, 2, 2, 2, 2, 2, 2, 2, 2}, k_9x16[9] = {1, 16, 1, 1, 1, 1, 1, 1, 1};

/* ---- aclnnSwish -------------------------------------------------------------------------------------- */

START_TEST(test_swish_out_pointers_and_nulls)
{
    sw_call c = same(SWISH, F32, 4, k_4d, 1.1);
    c.null_ws = true;
    c.null_t[0] = true; /* the out-pointers come first (OP_CHECK_COMM_INPUT) */
    expect_fail(&c, NULLPTR, "workspaceSize", "self");
    c = same(SWISH, F32, 4, k_4d, 1.1);
    c.null_exec = true;
    expect_fail(&c, NULLPTR, "executor", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_nullptr_input */
    c.null_t[0] = c.null_t[1] = true;
    expect_fail(&c, NULLPTR, "self", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_nullptr_out */
    c.null_t[1] = true;
    expect_fail(&c, NULLPTR, "out", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_nullptr_beta: scale 1 */
    c.has_beta = false;
    expect_ok(&c);
}
END_TEST

/* test_swish_dataType_error's list: every one refused but BF16, which only Ascend910 refuses. */
START_TEST(test_swish_dtypes)
{
    static const aclDataType list[] = {ACL_DT_UNDEFINED, ACL_INT8,   ACL_INT16,     ACL_INT32,     ACL_INT64,
                                       ACL_UINT8,        ACL_UINT16, ACL_UINT32,    ACL_UINT64,    ACL_DOUBLE,
                                       ACL_BOOL,         ACL_STRING, ACL_COMPLEX64, ACL_COMPLEX128};
    for (size_t k = 0; k < N_ELEMS(list); k++) {
        sw_call c = same(SWISH, list[k], 4, k_4d, 0.0);
        c.beta_dt = ACL_BOOL;
        expect_fail(&c, INVALID, "self", NULL);
    }
    static const char *const socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
    for (size_t s = 0; s < N_ELEMS(socs); s++)
        for (int d = 0; d < 3; d++) {
            aclDataType dt = d == 0 ? F32 : d == 1 ? F16 : BF16;
            sw_call c = same(SWISH, dt, 2, k_216, 1.1);
            c.soc = socs[s];
            if (dt == BF16 && s == 1) {
                expect_fail(&c, INVALID, "self", NULL);
                acpu_test_expect_msg_at("aclnnSwishGetWorkspaceSize", "Ascend910", NULL, __LINE__);
            } else {
                expect_ok(&c);
            }
        }
}
END_TEST

/* The UT's shape, format and scalar cases. */
START_TEST(test_swish_ut_cases)
{
    static const aclFormat fmts[] = {
        ACL_FORMAT_UNDEFINED, ACL_FORMAT_NCHW,        ACL_FORMAT_NHWC,  ACL_FORMAT_ND,    ACL_FORMAT_NC1HWC0,
        ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_NC1HWC0_C04, ACL_FORMAT_HWCN,  ACL_FORMAT_NDHWC, ACL_FORMAT_FRACTAL_NZ,
        ACL_FORMAT_NCDHW,     ACL_FORMAT_NDC1HWC0,    ACL_FRACTAL_Z_3D, ACL_FORMAT_NC,    ACL_FORMAT_NCL};
    for (size_t k = 0; k < N_ELEMS(fmts); k++) { /* test_swish_format: beta DOUBLE 0.0, every format */
        sw_call c = same(SWISH, F32, 4, k_4d, 0.0);
        c.beta_dt = ACL_DOUBLE;
        c.t[0].fmt = c.t[1].fmt = fmts[k];
        expect_ok(&c);
        c = same(SWISH, F32, 9, k_9d, 1.1); /* test_swish_shape_larger_8 */
        c.t[0].fmt = c.t[1].fmt = fmts[k];
        expect_fail(&c, INVALID, "self", NULL);
    }
    sw_call c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_inconsistent_shape */
    c.t[1] = td(F32, 4, k_4d_b);
    expect_fail(&c, INVALID, "shape", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_inconsistent_dtype */
    c.t[1].dt = F16;
    expect_fail(&c, INVALID, "out", NULL);
    c = same(SWISH, F32, 4, k_4d, 0.0); /* test_swish_empty_input: beta UINT8 0 */
    c.beta_dt = ACL_UINT8;
    expect_ok(&c);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* test_swish_FP32 */
    expect_ok(&c);
    c = same(SWISH, F16, 4, k_4d, 0.01); /* test_swish_FP16: a FLOAT16 beta */
    c.beta_dt = F16;
    expect_ok(&c);
    c = same(SWISH, F32, 2, k_216, -1.0); /* test_swish_uncontiguous: beta INT8 -1 */
    c.beta_dt = ACL_INT8;
    for (int i = 0; i < 2; i++) {
        c.t[i].strides = k_st12;
        c.t[i].storage_rank = 2;
        memcpy(c.t[i].storage, k_162, sizeof k_162);
    }
    expect_ok(&c);
    c = same(SWISH, F32, 9, k_9d_b, 1.1); /* test_swish_input_invalid_dim */
    c.t[1] = td(F32, 4, k_4d_c);
    expect_fail(&c, INVALID, "self", "shape");
    c = same(SWISH, F32, 4, k_4d_c, 1.1); /* test_swish_output_invalid_dim */
    c.t[1] = td(F32, 9, k_9d_b);
    expect_fail(&c, INVALID, "out", "shape");
    c = same(SWISH, F32, 8, k_8d, 1.1); /* test_swish_8d_shape */
    expect_ok(&c);
    c = same(SWISH, F32, 0, k_8d, 1.1); /* test_swish_scalar */
    expect_ok(&c);
    c = same(SWISH, F32, 2, k_big, 1.1); /* test_swish_large_shape */
    expect_ok(&c);
    c = same(SWISH, F16, 4, k_nchw, 1.1); /* test_swish_nchw_format: a FLOAT16 beta */
    c.beta_dt = F16;
    c.t[0].fmt = c.t[1].fmt = ACL_FORMAT_NCHW;
    expect_ok(&c);
    c = same(SWISH, F32, 4, k_2468, 1.1); /* test_swish_value_range (inputs in [-8, 8) here) */
    expect_ok(&c);
}
END_TEST

/* Two faults: the earlier check of aclnn_swish.cpp wins. */
START_TEST(test_swish_order)
{
    sw_call c = same(SWISH, ACL_INT32, 4, k_4d, 1.1); /* self's list before out's */
    c.t[1].dt = ACL_DOUBLE;
    expect_fail(&c, INVALID, "self", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* out's list before the pairing */
    c.t[1].dt = ACL_DOUBLE;
    expect_fail(&c, INVALID, "out dtype must be one of", NULL);
    c = same(SWISH, F32, 4, k_4d, 1.1); /* the dtypes before beta */
    c.t[1].dt = F16;
    c.beta_dt = ACL_COMPLEX64;
    expect_fail(&c, INVALID, "out", "betaOptional");
    c = same(SWISH, F32, 9, k_9d, 1.1); /* beta before the ranks */
    c.beta_dt = ACL_COMPLEX128;
    expect_fail(&c, INVALID, "betaOptional", "dims");
    c = same(SWISH, F32, 9, k_9d_b, 1.1); /* the ranks before the shapes */
    c.t[1] = td(F32, 4, k_4d_c);
    expect_fail(&c, INVALID, "at most 8 dims", "shape");
}
END_TEST

/* A NULL beta is scale 1: aclnnSilu's bits; scale -1 and 0 take their own kernels. */
START_TEST(test_swish_beta_values)
{
    enum { N = 1031 };
    static const aclDataType dts[] = {F32, F16, BF16};
    for (size_t d = 0; d < N_ELEMS(dts); d++) {
        size_t es = acpu_test_dtype_size(dts[d]);
        unsigned char *x = malloc(N * es), *a = malloc(N * es), *b = malloc(N * es);
        acpu_test_lcg_seed(0xBE7u, 32);
        for (int i = 0; i < N; i++)
            acpu_test_store(dts[d], x, (size_t)i, acpu_test_lcg_sym(10.0));
        const int64_t shape[1] = {N}, st[1] = {1};
        aclTensor *tx = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, x);
        aclTensor *ta = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, a);
        aclTensor *tb = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, b);
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        ck_assert_int_eq(aclnnSwishGetWorkspaceSize(tx, NULL, ta, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSwish, ws, exec), ACLNN_SUCCESS);
        ck_assert_int_eq(aclnnSiluGetWorkspaceSize(tx, tb, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSilu, ws, exec), ACLNN_SUCCESS);
        ck_assert_msg(memcmp(a, b, N * es) == 0, "dtype %d: a NULL beta differs from aclnnSilu", (int)dts[d]);
        /* beta 0: x * 0.5 exactly; beta -1: x / (exp(x) + 1) */
        aclScalar *zero = acpu_test_scalar(ACL_INT32, 0, 0), *neg = acpu_test_scalar(ACL_DOUBLE, -1.0, 0);
        ck_assert_int_eq(aclnnSwishGetWorkspaceSize(tx, zero, ta, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSwish, ws, exec), ACLNN_SUCCESS);
        ck_assert_int_eq(aclnnSwishGetWorkspaceSize(tx, neg, tb, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSwish, ws, exec), ACLNN_SUCCESS);
        int man = acpu_test_man_bits(dts[d]);
        for (int i = 0; i < N; i++) {
            double xv = acpu_test_load(dts[d], x, (size_t)i);
            ACPU_TEST_EXPECT(acpu_test_load(dts[d], a, (size_t)i) == xv * 0.5, "beta 0 element %d", i);
            double want = xv / (exp(xv) + 1.0), got = acpu_test_load(dts[d], b, (size_t)i);
            ACPU_TEST_EXPECT(fabs(got - want) <= ldexp(fabs(want), -man) * 2 + 1e-40,
                             "beta -1 element %d: %.9g vs %.9g", i, got, want);
        }
        aclDestroyScalar(zero);
        aclDestroyScalar(neg);
        aclDestroyTensor(tx);
        aclDestroyTensor(ta);
        aclDestroyTensor(tb);
        free(x);
        free(a);
        free(b);
    }
}
END_TEST

START_TEST(test_swish_empty)
{
    sw_call c = same(SWISH, F32, 1, k_0, 1.1);
    expect_ok(&c);
    c = same(SWISH, F16, 4, k_4d, 1.1); /* an empty out of another shape: the shape check first */
    c.t[1] = td(F16, 1, k_0);
    expect_fail(&c, INVALID, "shape", NULL);
}
END_TEST

/* ---- aclnnSwishBackward ------------------------------------------------------------------------------ */

START_TEST(test_swish_backward_nulls)
{
    sw_call c = same(SWISH_BACKWARD, F32, 4, k_1611, 1.1);
    c.null_exec = true;
    c.null_t[0] = true;
    expect_fail(&c, NULLPTR, "executor", "gradOutput");
    /* testcase_004, _005, _007 */
    const char *names[3] = {"gradOutput", "self", "gradInput"};
    for (int k = 0; k < 3; k++) {
        c = same(SWISH_BACKWARD, F32, 4, k_1611, 1.1);
        for (int j = k; j < 3; j++)
            c.null_t[j] = true;
        expect_fail(&c, NULLPTR, names[k], NULL);
    }
    c = same(SWISH_BACKWARD, F32, 4, k_1611, 1.1); /* testcase_006: a NULL beta is no error */
    c.has_beta = false;
    expect_ok(&c);
}
END_TEST

START_TEST(test_swish_backward_ut_cases)
{
    sw_call c = same(SWISH_BACKWARD, F32, 2, k_25, 1.1); /* testcase_001 */
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F16, 2, k_25, 0.01); /* testcase_002: a FLOAT16 beta */
    c.beta_dt = F16;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, BF16, 2, k_25, 0); /* Ascend910B2 bf16, NULL beta */
    c.has_beta = false;
    c.soc = "Ascend910B";
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F32, 1, k_0, 0); /* testcase_003: empty, beta UINT8 0 */
    c.beta_dt = ACL_UINT8;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, ACL_DOUBLE, 4, k_1611, 1.1); /* testcase_008 */
    c.t[1].dt = F32;
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, F32, 4, k_1611, 1.1); /* testcase_009: gradOutput FLOAT, self and gradInput FLOAT16 */
    c.t[1].dt = c.t[2].dt = F16;
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, F16, 4, k_1611, 1.1); /* testcase_010 */
    c.t[1].dt = c.t[2].dt = F32;
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, F32, 2, k_25, 1.0); /* testcase_011: beta UINT8 1 */
    c.beta_dt = ACL_UINT8;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F32, 4, k_1611, 0.0); /* testcase_012: NCHW self, beta DOUBLE 0 */
    c.beta_dt = ACL_DOUBLE;
    c.t[1].fmt = ACL_FORMAT_NCHW;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F32, 4, k_1611, 1.1); /* testcase_013 */
    c.t[1] = td(F32, 4, k_1144);
    expect_fail(&c, INVALID, "self shape", NULL);
    for (int d = 0; d < 2; d++) { /* testcase_014, _015: strided views, beta INT8 -1 */
        c = same(SWISH_BACKWARD, d == 0 ? F32 : F16, 2, k_25, -1.0);
        c.beta_dt = ACL_INT8;
        for (int i = 0; i < 3; i++) {
            c.t[i].strides = k_st12;
            c.t[i].storage_rank = 2;
            memcpy(c.t[i].storage, k_52, sizeof k_52);
        }
        expect_ok(&c);
    }
    c = same(SWISH_BACKWARD, ACL_COMPLEX64, 4, k_1611, 1.1); /* testcase_016 */
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, ACL_COMPLEX128, 4, k_1611, 1.1); /* testcase_017 */
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, F32, 9, k_9x2, 0.0); /* testcase_018: 9 dims, beta BOOL false */
    c.beta_dt = ACL_BOOL;
    expect_fail(&c, INVALID, "at most 8 dims", NULL);
    c = same(SWISH_BACKWARD, F32, 2, k_1616, 1.1); /* testcase_019: an empty self of another shape */
    c.t[1] = td(F32, 1, k_0);
    expect_fail(&c, INVALID, "self shape", NULL);
    c = same(SWISH_BACKWARD, F32, 1, k_0, 1.1); /* testcase_020: an empty gradOutput and gradInput */
    c.t[1] = td(F32, 2, k_1616);
    expect_fail(&c, INVALID, "self shape", NULL);
    for (int k = 0; k < 3; k++) { /* testcase_021, _022: complex with one 9-dim tensor: the dtype first */
        c = same(SWISH_BACKWARD, ACL_COMPLEX64, 4, k_1611, 1.1);
        c.t[k] = td(ACL_COMPLEX64, 9, k_9x16);
        expect_fail(&c, INVALID, "gradOutput", NULL);
    }
    c = same(SWISH_BACKWARD, F32, 8, k_8d, 1.1); /* testcase_023 */
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F32, 0, k_8d, 1.1); /* testcase_024 */
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F16, 2, k_big, 1.1); /* testcase_025 */
    c.beta_dt = F16;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F16, 4, k_nchw, 1.1); /* testcase_026 */
    c.beta_dt = F16;
    for (int i = 0; i < 3; i++)
        c.t[i].fmt = ACL_FORMAT_NCHW;
    expect_ok(&c);
    c = same(SWISH_BACKWARD, F32, 4, k_2468, 1.1); /* testcase_027 */
    expect_ok(&c);
}
END_TEST

/* Two faults: the earlier check of aclnn_swish_backward.cpp wins; the BF16 rule of Ascend910 comes
 * after the pairing and applies to self. */
START_TEST(test_swish_backward_order)
{
    sw_call c = same(SWISH_BACKWARD, ACL_INT32, 2, k_25, 1.1); /* gradOutput's list before self's */
    c.t[1].dt = ACL_INT32;
    expect_fail(&c, INVALID, "gradOutput", NULL);
    c = same(SWISH_BACKWARD, F32, 2, k_25, 1.1); /* self's list before beta */
    c.t[1].dt = ACL_DOUBLE;
    c.beta_dt = ACL_COMPLEX64;
    expect_fail(&c, INVALID, "self", "betaOptional");
    c = same(SWISH_BACKWARD, F32, 2, k_25, 1.1); /* beta before the pairing */
    c.t[2].dt = F16;
    c.beta_dt = ACL_COMPLEX64;
    expect_fail(&c, INVALID, "betaOptional", NULL);
    c = same(SWISH_BACKWARD, F32, 2, k_25, 1.1); /* gradOutput against gradInput, then self */
    c.t[0].dt = F16;
    c.t[1].dt = BF16;
    expect_fail(&c, INVALID, "gradOutput dtype must equal gradInput", NULL);
    c = same(SWISH_BACKWARD, BF16, 2, k_25, 1.1); /* the pairing before Ascend910's BF16 rule */
    c.soc = "Ascend910";
    c.t[2].dt = F32;
    expect_fail(&c, INVALID, "must equal", "Ascend910");
    c = same(SWISH_BACKWARD, BF16, 9, k_9x2, 1.1); /* Ascend910's BF16 rule before the ranks */
    c.soc = "Ascend910";
    expect_fail(&c, INVALID, "Ascend910", "dims");
    c = same(SWISH_BACKWARD, F32, 9, k_9x2, 1.1); /* the ranks before the shapes */
    c.t[2] = td(F32, 2, k_25);
    expect_fail(&c, INVALID, "gradOutput must have at most 8 dims", NULL);
    c = same(SWISH_BACKWARD, F32, 2, k_25, 1.1); /* gradOutput's shape before self's */
    c.t[0] = td(F32, 4, k_1611);
    c.t[1] = td(F32, 4, k_1144);
    expect_fail(&c, INVALID, "gradOutput shape", NULL);
}
END_TEST

START_TEST(test_swish_backward_profiles)
{
    static const char *const socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
    for (size_t s = 0; s < N_ELEMS(socs); s++)
        for (int d = 0; d < 3; d++) {
            aclDataType dt = d == 0 ? F32 : d == 1 ? F16 : BF16;
            sw_call c = same(SWISH_BACKWARD, dt, 2, k_25, 1.1);
            c.soc = socs[s];
            if (dt == BF16 && s == 1)
                expect_fail(&c, INVALID, "self", NULL);
            else
                expect_ok(&c);
        }
}
END_TEST

static Suite *swish_api_suite(void)
{
    Suite *s = suite_create("swish_api");
    TCase *tc = tcase_create("aclnnSwish");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_swish_out_pointers_and_nulls);
    tcase_add_test(tc, test_swish_dtypes);
    tcase_add_test(tc, test_swish_ut_cases);
    tcase_add_test(tc, test_swish_order);
    tcase_add_test(tc, test_swish_beta_values);
    tcase_add_test(tc, test_swish_empty);
    suite_add_tcase(s, tc);
    tc = tcase_create("aclnnSwishBackward");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_swish_backward_nulls);
    tcase_add_test(tc, test_swish_backward_ut_cases);
    tcase_add_test(tc, test_swish_backward_order);
    tcase_add_test(tc, test_swish_backward_profiles);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(swish_api_suite()); }

/* aclnnElu / aclnnInplaceElu API (aclnn_elu.cpp, doc/CANN.md#elu): the validation order and codes
 * of CheckParams per platform profile (out-pointers, NULLs in parameter order, self's dtype list,
 * scale / alpha / inputScale castable to FLOAT in that order, out a cast target of self, equal
 * shapes, at most 8 dims), two faults per call where the earlier check must win, messages naming
 * the API and the argument, the op_api UT cases of ops-nn (tests/ut/op_api/test_aclnn_elu.cpp) with
 * their codes, the output dtypes (the kernel in self's dtype, then Cast), the path for a non-finite
 * alpha or inputScale, empty and 0-dim tensors, views, and nothing written on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_elu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define API "aclnnEluGetWorkspaceSize"
#define API_INPLACE "aclnnInplaceEluGetWorkspaceSize"
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
#define MAX_RANK 10

/* ---- a call ------------------------------------------------------------------------------------- */

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    aclFormat fmt;
    const int64_t *strides; /* NULL: row-major */
    uint64_t storage_rank;  /* with strides: the storage shape */
    int64_t storage[MAX_RANK];
} tdesc;

typedef struct {
    aclDataType dt;
    double v;
} sdesc;

/* Arguments in the order of the NULL checks (the parameter order). */
enum { A_SELF, A_ALPHA, A_SCALE, A_ISCALE, A_OUT, A_WS, A_EXEC, A_COUNT };
static const char *const k_names[A_COUNT] = {"self", "alpha",         "scale",   "inputScale",
                                             "out",  "workspaceSize", "executor"};

typedef struct {
    tdesc self, out;
    sdesc s[3]; /* alpha, scale, inputScale */
    bool null[A_COUNT];
    bool inplace;
    const char *soc; /* NULL: host */
} elu_call;

typedef struct {
    aclTensor *t[2];
    aclScalar *s[3];
    unsigned char *buf[2];
    size_t bytes[2];
    int64_t n;
} elu_run;

static tdesc td(aclDataType dt, uint64_t rank, const int64_t *shape)
{
    tdesc d = {.dt = dt, .rank = rank, .fmt = ACL_FORMAT_ND};
    memcpy(d.shape, shape, rank * sizeof shape[0]);
    return d;
}

static const int64_t k_2[1] = {2};

/* The UT's base: {2} FLOAT ND, alpha = scale = inputScale = 1.0 (FLOAT scalars). */
static elu_call base(void)
{
    elu_call c = {.self = td(ACL_FLOAT, 1, k_2), .out = td(ACL_FLOAT, 1, k_2)};
    for (int i = 0; i < 3; i++)
        c.s[i] = (sdesc){ACL_FLOAT, 1.0};
    return c;
}

static int64_t storage_numel(const tdesc *d)
{
    return d->strides ? acpu_test_numel(d->storage, d->storage_rank) : acpu_test_numel(d->shape, d->rank);
}

static aclTensor *make_tensor(const tdesc *d, unsigned char *buf)
{
    int64_t st[MAX_RANK], s = 1;
    for (uint64_t k = d->rank; k-- > 0;) {
        st[k] = s;
        s *= d->shape[k];
    }
    const int64_t *strides = d->strides ? d->strides : st;
    const int64_t *stor = d->strides ? d->storage : d->shape;
    uint64_t srank = d->strides ? d->storage_rank : d->rank;
    aclTensor *t = aclCreateTensor(d->shape, d->rank, d->dt, strides, 0, d->fmt, stor, srank, buf);
    ck_assert_ptr_nonnull(t);
    return t;
}

static void build(const elu_call *c, elu_run *r)
{
    memset(r, 0, sizeof *r);
    const tdesc *d[2] = {&c->self, &c->out};
    acpu_test_lcg_seed(0xE10u, 32);
    for (int i = 0; i < (c->inplace ? 1 : 2); i++) {
        int64_t n = storage_numel(d[i]);
        r->bytes[i] = (size_t)(n > 0 ? n : 1) * acpu_test_esize(d[i]->dt);
        r->buf[i] = acpu_test_guarded_alloc(r->bytes[i], 0xA5);
        if (i == 0 && acpu_test_dtype_size(d[0]->dt) != 0 && d[0]->dt != ACL_BOOL)
            for (int64_t k = 0; k < n; k++)
                acpu_test_store(d[0]->dt, r->buf[0], (size_t)k, acpu_test_lcg_sym(4.0));
        r->t[i] = make_tensor(d[i], r->buf[i]);
    }
    for (int i = 0; i < 3; i++)
        r->s[i] = acpu_test_scalar(c->s[i].dt, c->s[i].v, 0.0);
    r->n = acpu_test_numel(c->self.shape, c->self.rank);
}

static void release(elu_run *r)
{
    for (int i = 0; i < 2; i++) {
        if (r->t[i] != NULL)
            aclDestroyTensor(r->t[i]);
        free(r->buf[i]);
    }
    for (int i = 0; i < 3; i++)
        aclDestroyScalar(r->s[i]);
}

static aclnnStatus phase1(const elu_call *c, elu_run *r, uint64_t *ws, aclOpExecutor **exec)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    const void *p[A_COUNT] = {r->t[0], r->s[0], r->s[1], r->s[2], c->inplace ? r->t[0] : r->t[1], ws, exec};
    for (int a = 0; a < A_COUNT; a++)
        if (c->null[a])
            p[a] = NULL;
    if (c->inplace)
        return aclnnInplaceEluGetWorkspaceSize((aclTensor *)p[A_SELF], p[A_ALPHA], p[A_SCALE], p[A_ISCALE],
                                               (uint64_t *)p[A_WS], (aclOpExecutor **)p[A_EXEC]);
    return aclnnEluGetWorkspaceSize(p[A_SELF], p[A_ALPHA], p[A_SCALE], p[A_ISCALE], (aclTensor *)p[A_OUT],
                                    (uint64_t *)p[A_WS], (aclOpExecutor **)p[A_EXEC]);
}

/* Phase 1 fails with `want`, the message naming the API and `arg` (not `not_arg`); nothing written. */
static void expect_fail_at(const elu_call *c, aclnnStatus want, const char *arg, const char *not_arg, int line)
{
    elu_run r;
    build(c, &r);
    int w = c->inplace ? 0 : 1;
    unsigned char *snap = acpu_test_snapshot(r.buf[w], r.bytes[w]);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, &r, &ws, &exec);
    ck_assert_msg(rc == want, "line %d: status %d, want %d (%s)", line, rc, want, aclGetRecentErrMsg());
    acpu_test_expect_msg_at(c->inplace ? API_INPLACE : API, arg, not_arg, line);
    acpu_test_expect_unchanged(r.buf[w], snap, r.bytes[w], c->inplace ? "selfRef" : "out", line);
    free(snap);
    release(&r);
    aclnnCpuSetPlatform("host", 0, 0);
}
#define expect_fail(c, want, arg, not_arg) expect_fail_at(c, want, arg, not_arg, __LINE__)

/* ---- values -------------------------------------------------------------------------------------- */

static double to_float_of(sdesc s) { return acpu_test_scalar_value(s.dt, s.v, false); }

/* CANN's ELU in double from fp32 attributes (the op_api's ToFloat); the non-finite path's formula. */
static double elu_ref(double x, const elu_call *c)
{
    float alpha = (float)to_float_of(c->s[0]), scale = (float)to_float_of(c->s[1]);
    float is = (float)to_float_of(c->s[2]);
    if (!isfinite(alpha) || !isfinite(is))
        return (x <= 0 ? -(double)alpha : (double)(float)x) * scale;
    return x > 0 ? x * scale : (double)alpha * scale * expm1(x * is);
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

/* Within 16 ulp of the narrower of self's and out's dtypes (fp32 for DOUBLE): the exact rules are
 * test_elu_forward_math's. In-place results: test_inplace_matches compares them bit for bit. */
static void check_values(const elu_call *c, const elu_run *r, int line)
{
    if (c->inplace)
        return;
    for (int64_t i = 0; i < r->n; i++) {
        double got = acpu_test_load(c->out.dt, r->buf[1], (size_t)elem_offset(&c->out, i));
        double x = acpu_test_load(c->self.dt, r->buf[0], (size_t)elem_offset(&c->self, i));
        double ref = elu_ref(x, c);
        int man_out = acpu_test_man_bits(c->out.dt == ACL_DOUBLE ? ACL_FLOAT : c->out.dt);
        int man_in = acpu_test_man_bits(c->self.dt == ACL_DOUBLE ? ACL_FLOAT : c->self.dt);
        double tol = ldexp(fabs(ref), -(man_out < man_in ? man_out : man_in)) * 16 + 1e-30;
        ACPU_TEST_EXPECT((isnan(ref) && isnan(got)) || got == ref || fabs(got - ref) <= tol,
                         "line %d element %lld: x %.9g got %.9g ref %.9g", line, (long long)i, x, got, ref);
    }
}

static void expect_ok_at(const elu_call *c, int line)
{
    elu_run r;
    build(c, &r);
    uint64_t ws = 99;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = phase1(c, &r, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "line %d: %d (%s)", line, rc, aclGetRecentErrMsg());
    if (r.n == 0)
        ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(acpu_test_run_phase2(c->inplace ? aclnnInplaceElu : aclnnElu, ws, exec), ACLNN_SUCCESS);
    check_values(c, &r, line);
    release(&r);
    aclnnCpuSetPlatform("host", 0, 0);
}
#define expect_ok(c) expect_ok_at(c, __LINE__)

/* ---- out-pointers and NULLs ----------------------------------------------------------------------- */

START_TEST(test_out_pointers)
{
    for (int inplace = 0; inplace < 2; inplace++)
        for (int a = A_WS; a <= A_EXEC; a++) {
            elu_call c = base();
            c.inplace = inplace;
            c.null[a] = true;
            c.null[A_SELF] = true; /* the out-pointers come first */
            expect_fail(&c, NULLPTR, k_names[a], k_names[A_SELF]);
        }
}
END_TEST

/* Each NULL handle with every later one NULL too: the earliest is named (aclnn_elu.cpp CheckNotNull). */
START_TEST(test_null_order)
{
    for (int inplace = 0; inplace < 2; inplace++)
        for (int a = A_SELF; a <= A_OUT; a++) {
            if (inplace && a == A_OUT)
                continue;
            elu_call c = base();
            c.inplace = inplace;
            for (int b = a; b <= A_OUT; b++)
                c.null[b] = true;
            expect_fail(&c, NULLPTR, inplace && a == A_SELF ? "selfRef" : k_names[a], NULL);
        }
}
END_TEST

/* ---- the ported op_api UT cases (ops-nn activation/elu/tests/ut/op_api/test_aclnn_elu.cpp) ---------- */

static const int64_t k_4d[4] = {2, 2, 2, 2}, k_5d[5] = {2, 2, 2, 2, 2}, k_22[2] = {2, 2}, k_0[1] = {0};
static const int64_t k_10d[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, k_24[2] = {2, 4}, k_42[2] = {4, 2};
static const int64_t k_st12[2] = {1, 2};

START_TEST(test_ut_success_cases)
{
    elu_call c = base();
    expect_ok(&c);       /* l2_elu_normal_FLOAT_ND */
    c.s[0].v = INFINITY; /* l2_elu_inf_FLOAT_ND */
    expect_ok(&c);
    c.self.dt = c.out.dt = ACL_DOUBLE; /* l2_elu_inf_DOUBLE_ND */
    expect_ok(&c);
    c = base(); /* l2_elu_normal_FLOAT_NCHW_INPLACE */
    c.self = td(ACL_FLOAT, 4, k_4d);
    c.self.fmt = ACL_FORMAT_NCHW;
    c.inplace = true;
    expect_ok(&c);
    c = base(); /* l2_elu_normal_FLOAT16_NHWC */
    c.self = c.out = td(ACL_FLOAT16, 4, k_4d);
    c.self.fmt = c.out.fmt = ACL_FORMAT_NHWC;
    expect_ok(&c);
    c = base(); /* l2_elu_normal_ratio_uint8_NDHWC: UINT8 scalars */
    c.self = c.out = td(ACL_FLOAT, 5, k_5d);
    c.self.fmt = c.out.fmt = ACL_FORMAT_NDHWC;
    for (int i = 0; i < 3; i++)
        c.s[i] = (sdesc){ACL_UINT8, 1.0};
    expect_ok(&c);
    c = base(); /* l2_elu_normal_alpha_half_NCHW_NHWC */
    c.self = c.out = td(ACL_FLOAT, 4, k_4d);
    c.self.fmt = ACL_FORMAT_NCHW;
    c.out.fmt = ACL_FORMAT_NHWC;
    c.s[0].v = 0.5;
    expect_ok(&c);
    const double attr_cases[][3] = {
        {2.0, 1.0, 1.0}, {1.0, 0.5, 1.0}, {1.0, 2.0, 1.0}, {1.0, 1.0, 0.5}, {1.0, 1.0, 2.0}};
    for (size_t k = 0; k < N_ELEMS(attr_cases); k++) { /* alpha_2, scale_half, scale_2, input_scale_half, _2 */
        c = base();
        for (int i = 0; i < 3; i++)
            c.s[i].v = attr_cases[k][i];
        expect_ok(&c);
    }
    c = base(); /* l2_elu_normal_empty_tensor */
    c.self = c.out = td(ACL_FLOAT, 1, k_0);
    expect_ok(&c);
    c = base(); /* l2_elu_normal_uncontiguous: {2,4}, strides {1,2}, storage {4,2} */
    c.self = c.out = td(ACL_FLOAT, 2, k_24);
    c.self.strides = c.out.strides = k_st12;
    c.self.storage_rank = c.out.storage_rank = 2;
    memcpy(c.self.storage, k_42, sizeof k_42);
    memcpy(c.out.storage, k_42, sizeof k_42);
    expect_ok(&c);
    c = base(); /* ascend950_l2_elu_normal_BF16_ND: BF16 self, FLOAT out */
    c.soc = "Ascend950";
    c.self.dt = ACL_BF16;
    expect_ok(&c);
}
END_TEST

START_TEST(test_ut_failure_cases)
{
    static const aclDataType bad_self[] = {ACL_INT32, ACL_INT64,     ACL_INT16,      ACL_INT8,        ACL_UINT8,
                                           ACL_BOOL,  ACL_COMPLEX64, ACL_COMPLEX128, ACL_DT_UNDEFINED};
    for (size_t k = 0; k < N_ELEMS(bad_self); k++) { /* l2_elu_abnormal_self_<dtype> */
        elu_call c = base();
        c.self.dt = c.out.dt = bad_self[k];
        expect_fail(&c, INVALID, "self", NULL);
    }
    elu_call c = base(); /* l2_elu_abnormal_out_INT32 */
    c.out.dt = ACL_INT32;
    expect_fail(&c, INVALID, "out", "self");
    c = base(); /* l2_elu_abnormal_shape_unequal */
    c.self = td(ACL_FLOAT, 2, k_22);
    expect_fail(&c, INVALID, "out", NULL);
    c = base(); /* l2_elu_abnormal_shape_10D */
    c.self = c.out = td(ACL_FLOAT, 10, k_10d);
    expect_fail(&c, INVALID, "self", NULL);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "at most 8 dims"));
}
END_TEST

/* ---- validation order: two faults, the earlier check wins ------------------------------------------ */

START_TEST(test_order)
{
    elu_call c = base(); /* self's dtype before the scalars */
    c.self.dt = c.out.dt = ACL_INT32;
    c.s[1].dt = ACL_COMPLEX64;
    expect_fail(&c, INVALID, "self", "scale");
    c = base(); /* scale before alpha (CheckDtypeValid's order) */
    c.s[0].dt = c.s[1].dt = ACL_COMPLEX64;
    expect_fail(&c, INVALID, "scale", "alpha");
    c = base(); /* alpha before inputScale */
    c.s[0].dt = c.s[2].dt = ACL_COMPLEX128;
    expect_fail(&c, INVALID, "alpha", "inputScale");
    c = base(); /* inputScale before out's cast */
    c.s[2].dt = ACL_COMPLEX64;
    c.out.dt = ACL_INT32;
    expect_fail(&c, INVALID, "inputScale", "out");
    c = base(); /* out's cast before the shapes */
    c.out = td(ACL_BOOL, 2, k_22);
    expect_fail(&c, INVALID, "a cast target", "shape");
    c = base(); /* equal shapes before the rank: a 10-dim self, a 1-dim out */
    c.self = td(ACL_FLOAT, 10, k_10d);
    expect_fail(&c, INVALID, "shape", "at most 8 dims");
    c = base(); /* NULLs before dtypes */
    c.self.dt = ACL_INT32;
    c.null[A_SCALE] = true;
    expect_fail(&c, NULLPTR, "scale", NULL);
}
END_TEST

/* The scalars: any dtype CanCast takes to FLOAT (every real and bool); complex ones are refused. */
START_TEST(test_scalar_dtypes)
{
    static const aclDataType ok[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,
                                     ACL_INT16, ACL_INT32,   ACL_INT64, ACL_UINT8,  ACL_BOOL};
    for (size_t k = 0; k < N_ELEMS(ok); k++)
        for (int which = 0; which < 3; which++) {
            elu_call c = base();
            c.s[which] = (sdesc){ok[k], 1.0};
            expect_ok(&c);
        }
    for (int which = 0; which < 3; which++) {
        elu_call c = base();
        c.s[which].dt = ACL_COMPLEX64;
        expect_fail(&c, INVALID, k_names[A_ALPHA + which], NULL);
    }
    /* a DOUBLE alpha beyond FLT_MAX is inf after ToFloat: the non-finite path, no error */
    elu_call c = base();
    c.s[0] = (sdesc){ACL_DOUBLE, 1e300};
    expect_ok(&c);
}
END_TEST

/* ---- dtypes per profile ---------------------------------------------------------------------------- */

START_TEST(test_profiles)
{
    static const char *const socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
    for (size_t s = 0; s < N_ELEMS(socs); s++)
        for (size_t d = 0; d < N_ELEMS(dts); d++)
            for (int inplace = 0; inplace < 2; inplace++) {
                elu_call c = base();
                c.soc = socs[s];
                c.inplace = inplace;
                c.self.dt = c.out.dt = dts[d];
                expect_ok(&c); /* one list on every SoC: Ascend910's BF16 runs on CANN's AiCpu Elu */
            }
    /* a BF16 out from a FLOAT self is a Cast target, not an operand: fine on Ascend910 too */
    elu_call c = base();
    c.soc = "Ascend910";
    c.out.dt = ACL_BF16;
    expect_ok(&c);
}
END_TEST

/* out may be any dtype self casts to that the library writes: the kernel in self's dtype, then Cast. */
START_TEST(test_out_dtypes)
{
    static const aclDataType self_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    static const aclDataType out_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    enum { N = 515 };
    for (size_t i = 0; i < N_ELEMS(self_dts); i++) {
        size_t es = acpu_test_dtype_size(self_dts[i]);
        unsigned char *x = malloc(N * es), *same = malloc(N * es);
        acpu_test_lcg_seed(0x0D7u, 32);
        for (int k = 0; k < N; k++)
            acpu_test_store(self_dts[i], x, (size_t)k, acpu_test_lcg_sym(5.0));
        const int64_t shape[1] = {N}, st[1] = {1};
        aclScalar *al = acpu_test_scalar_f32(1.3f), *sc = acpu_test_scalar_f32(1.05f), *is = acpu_test_scalar_f32(0.9f);
        aclTensor *tx = aclCreateTensor(shape, 1, self_dts[i], st, 0, ACL_FORMAT_ND, shape, 1, x);
        aclTensor *ts = aclCreateTensor(shape, 1, self_dts[i], st, 0, ACL_FORMAT_ND, shape, 1, same);
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        ck_assert_int_eq(aclnnEluGetWorkspaceSize(tx, al, sc, is, ts, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
        for (size_t o = 0; o < N_ELEMS(out_dts); o++) {
            unsigned char *out = malloc(N * acpu_test_dtype_size(out_dts[o]));
            aclTensor *to = aclCreateTensor(shape, 1, out_dts[o], st, 0, ACL_FORMAT_ND, shape, 1, out);
            ck_assert_int_eq(aclnnEluGetWorkspaceSize(tx, al, sc, is, to, &ws, &exec), ACLNN_SUCCESS);
            ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
            for (int k = 0; k < N; k++) { /* self's result converted once */
                unsigned char want[8];
                acpu_test_store(out_dts[o], want, 0, acpu_test_load(self_dts[i], same, (size_t)k));
                ACPU_TEST_EXPECT(memcmp(want, out + (size_t)k * acpu_test_dtype_size(out_dts[o]),
                                        acpu_test_dtype_size(out_dts[o])) == 0,
                                 "self %d out %d element %d", (int)self_dts[i], (int)out_dts[o], k);
            }
            aclDestroyTensor(to);
            free(out);
        }
        /* a complex out: (value, 0) */
        float *cplx = malloc(N * 2 * sizeof(float));
        aclTensor *tc = aclCreateTensor(shape, 1, ACL_COMPLEX64, st, 0, ACL_FORMAT_ND, shape, 1, cplx);
        ck_assert_int_eq(aclnnEluGetWorkspaceSize(tx, al, sc, is, tc, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
        for (int k = 0; k < N; k++)
            ACPU_TEST_EXPECT(cplx[2 * k] == (float)acpu_test_load(self_dts[i], same, (size_t)k) &&
                                 cplx[2 * k + 1] == 0.0f,
                             "complex element %d", k);
        aclDestroyTensor(tc);
        free(cplx);
        aclDestroyTensor(tx);
        aclDestroyTensor(ts);
        aclDestroyScalar(al);
        aclDestroyScalar(sc);
        aclDestroyScalar(is);
        free(x);
        free(same);
    }
    /* integer and bool outs are not cast targets of a float self */
    static const aclDataType bad_out[] = {ACL_INT8, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL};
    for (size_t o = 0; o < N_ELEMS(bad_out); o++) {
        elu_call c = base();
        c.out.dt = bad_out[o];
        expect_fail(&c, INVALID, "out", NULL);
    }
}
END_TEST

/* ---- shapes ---------------------------------------------------------------------------------------- */

START_TEST(test_ranks)
{
    static const int64_t ones[9] = {1, 1, 2, 1, 1, 3, 1, 1, 2};
    for (uint64_t rank = 0; rank <= 9; rank++) {
        elu_call c = base();
        c.self = c.out = td(ACL_FLOAT, rank, ones);
        if (rank <= 8)
            expect_ok(&c);
        else
            expect_fail(&c, INVALID, "self", NULL);
        c.inplace = true;
        if (rank <= 8)
            expect_ok(&c);
        else
            expect_fail(&c, INVALID, "selfRef", NULL);
    }
}
END_TEST

/* Empty tensors: workspace 0, phase 2 succeeds and writes nothing (after the checks: a bad dtype
 * still fails). */
START_TEST(test_empty)
{
    static const int64_t e[3] = {2, 0, 3};
    elu_call c = base();
    c.self = c.out = td(ACL_FLOAT, 3, e);
    elu_run r;
    build(&c, &r);
    unsigned char *snap = acpu_test_snapshot(r.buf[1], r.bytes[1]);
    uint64_t ws = 7;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(phase1(&c, &r, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclnnElu(NULL, 0, exec, NULL), ACLNN_SUCCESS);
    acpu_test_expect_unchanged(r.buf[1], snap, r.bytes[1], "out", __LINE__);
    free(snap);
    release(&r);
    c.self.dt = c.out.dt = ACL_INT32;
    expect_fail(&c, INVALID, "self", NULL);
}
END_TEST

/* ---- the non-finite path and in place ----------------------------------------------------------------- */

/* alpha or inputScale inf / NaN takes scale * Threshold(x, 0, -alpha) on every profile and dtype. */
START_TEST(test_nonfinite_attributes)
{
    const double cases[][3] = {
        {INFINITY, 1.0, 1.0}, {NAN, 2.0, 1.0}, {1.0, 1.5, INFINITY}, {1.0, 1.0, NAN}, {-INFINITY, 1.0, -INFINITY}};
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (size_t k = 0; k < N_ELEMS(cases); k++)
        for (size_t d = 0; d < N_ELEMS(dts); d++) {
            elu_call c = base();
            c.self = c.out = td(dts[d], 2, k_24);
            for (int i = 0; i < 3; i++)
                c.s[i].v = cases[k][i];
            expect_ok(&c);
        }
    /* a non-finite scale alone is the ordinary path (its product) */
    elu_call c = base();
    c.s[1].v = INFINITY;
    expect_ok(&c);
}
END_TEST

/* The in-place API gives the bits of the out-of-place call, in every dtype and on both paths. */
START_TEST(test_inplace_matches)
{
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    const float alphas[2] = {1.3f, INFINITY};
    enum { N = 777 };
    for (size_t d = 0; d < N_ELEMS(dts); d++)
        for (int k = 0; k < 2; k++) {
            size_t es = acpu_test_dtype_size(dts[d]);
            unsigned char *x = malloc(N * es), *out = malloc(N * es), *io = malloc(N * es);
            acpu_test_lcg_seed(0x1A1u, 32);
            for (int i = 0; i < N; i++)
                acpu_test_store(dts[d], x, (size_t)i, acpu_test_lcg_sym(4.0));
            memcpy(io, x, N * es);
            const int64_t shape[1] = {N}, st[1] = {1};
            aclTensor *tx = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, x);
            aclTensor *to = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, out);
            aclTensor *ti = aclCreateTensor(shape, 1, dts[d], st, 0, ACL_FORMAT_ND, shape, 1, io);
            aclScalar *al = acpu_test_scalar_f32(alphas[k]), *sc = acpu_test_scalar_f32(1.05f);
            aclScalar *is = acpu_test_scalar_f32(0.9f);
            uint64_t ws = 0;
            aclOpExecutor *exec = NULL;
            ck_assert_int_eq(aclnnEluGetWorkspaceSize(tx, al, sc, is, to, &ws, &exec), ACLNN_SUCCESS);
            ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
            ck_assert_int_eq(aclnnInplaceEluGetWorkspaceSize(ti, al, sc, is, &ws, &exec), ACLNN_SUCCESS);
            ck_assert_int_eq(acpu_test_run_phase2(aclnnInplaceElu, ws, exec), ACLNN_SUCCESS);
            ck_assert_msg(memcmp(io, out, N * es) == 0, "dtype %d alpha %g", (int)dts[d], (double)alphas[k]);
            /* an executor of one API is refused by the other's phase 2 */
            ck_assert_int_eq(aclnnEluGetWorkspaceSize(tx, al, sc, is, to, &ws, &exec), ACLNN_SUCCESS);
            ck_assert_int_eq(aclnnInplaceElu(NULL, ws, exec, NULL), ACLNN_ERR_PARAM_INVALID);
            ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
            aclDestroyTensor(tx);
            aclDestroyTensor(to);
            aclDestroyTensor(ti);
            aclDestroyScalar(al);
            aclDestroyScalar(sc);
            aclDestroyScalar(is);
            free(x);
            free(out);
            free(io);
        }
}
END_TEST

/* A 0-dim tensor is one element; the guard after it stays untouched. */
START_TEST(test_zero_dim)
{
    elu_call c = base();
    c.self = c.out = td(ACL_FLOAT, 0, k_2);
    expect_ok(&c);
}
END_TEST

static Suite *elu_forward_api_suite(void)
{
    Suite *s = suite_create("elu_forward_api");
    TCase *tc = tcase_create("validation");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_out_pointers);
    tcase_add_test(tc, test_null_order);
    tcase_add_test(tc, test_ut_success_cases);
    tcase_add_test(tc, test_ut_failure_cases);
    tcase_add_test(tc, test_order);
    tcase_add_test(tc, test_scalar_dtypes);
    tcase_add_test(tc, test_profiles);
    tcase_add_test(tc, test_out_dtypes);
    tcase_add_test(tc, test_ranks);
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_zero_dim);
    suite_add_tcase(s, tc);
    tc = tcase_create("paths");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_nonfinite_attributes);
    tcase_add_test(tc, test_inplace_matches);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(elu_forward_api_suite()); }

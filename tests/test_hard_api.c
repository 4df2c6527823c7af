/* The Hardtanh, Hardswish and Hardsigmoid APIs' validation (doc/CANN.md#hardtanh and the sections
 * after it): the op_api UT cases of ops-math (test_aclnn_hardtanh.cpp) and ops-nn
 * (test_aclnn_hardtanh_backward.cpp, test_hardswish.cpp, test_hardswish_contiguous.cpp,
 * test_hardswish_backward.cpp, test_aclnn_hardswish_backward_v2.cpp, test_aclnn_hardsigmoid.cpp,
 * test_aclnn_hardsigmoid_backward.cpp) with their shapes, dtypes, formats and expected codes (the UT
 * stub runs as Ascend910B), then the checks' order and profile lists (Ascend910 without BF16), the
 * scalar rules of aclnnHardtanh (its scalars' dtypes, CheckMinMaxValue by clipValueMin's dtype),
 * the library's own refusals, and messages naming the API and the argument. Successful calls run
 * phase 2 too; a refused call writes nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnnop/aclnn_hardtanh.h"
#include "ops/acpu_registry.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define OK ACLNN_SUCCESS
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
#define ND ACL_FORMAT_ND
#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define MAX_RANK 9

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    aclFormat fmt;
    int64_t strides[MAX_RANK]; /* all zero: contiguous */
} tdesc;

typedef struct {
    aclDataType dt;
    double v;
} sdesc;

/* One call: the API, the profile, its tensor parameters in order, its scalars in order, the
 * parameter passed as NULL (-1: none), the status and the argument the message names. */
typedef struct {
    const char *api, *soc;
    tdesc t[3];
    sdesc s[2];
    int null_param;
    aclnnStatus want;
    const char *arg;
    int line;
} hcase;

#define DIMS(...) \
    (uint64_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), { __VA_ARGS__ }
/* Descriptions as parenthesised compound literals, so that they pass through the case macros. */
#define T(dt, ...) ((tdesc){dt, DIMS(__VA_ARGS__), ND, {0}})
#define TF(dt, fmt, ...) ((tdesc){dt, DIMS(__VA_ARGS__), fmt, {0}})
#define UNPAREN(...) __VA_ARGS__
#define TS(dt, rank, shape, strides) ((tdesc){dt, rank, {UNPAREN shape}, ND, {UNPAREN strides}})
#define T0(dt) ((tdesc){dt, 0, {0}, ND, {0}})
#define S(dt, v) ((sdesc){dt, v})
#define SF(v) ((sdesc){F32, v})

/* The storage a view reaches (elements, at least 1). */
static int64_t extent(const tdesc *d, const int64_t *st)
{
    int64_t e = 1;
    for (uint64_t k = 0; k < d->rank; k++) {
        if (d->shape[k] == 0)
            return 1;
        e += (d->shape[k] - 1) * st[k];
    }
    return e;
}

static aclTensor *make_tensor(const tdesc *d, unsigned char **buf, size_t *bytes)
{
    int64_t st[MAX_RANK], s = 1;
    bool given = false;
    for (uint64_t k = 0; k < d->rank; k++)
        given = given || d->strides[k] != 0;
    for (uint64_t k = d->rank; k-- > 0;) {
        st[k] = given ? d->strides[k] : s;
        s *= d->shape[k] > 0 ? d->shape[k] : 1;
    }
    int64_t n = extent(d, st);
    *bytes = (size_t)n * acpu_test_esize(d->dt);
    *buf = acpu_test_guarded_alloc(*bytes, 0);
    for (int64_t i = 0; i < n; i++) /* values in every branch: -4 .. 4 */
        acpu_test_store(d->dt, *buf, (size_t)i, (double)(i % 9) - 4.0);
    aclTensor *t = aclCreateTensor(d->shape, d->rank, d->dt, st, 0, d->fmt, &n, 1, *buf);
    ck_assert_ptr_nonnull(t);
    return t;
}

static aclScalar *make_scalar(const sdesc *s)
{
    if (s->dt == ACL_INT64) {
        int64_t v = (int64_t)s->v;
        return aclCreateScalar(&v, ACL_INT64);
    }
    return acpu_test_scalar(s->dt, s->v, 0);
}

static void run_case(const hcase *c)
{
    const acpu_api_def *api = acpu_api_find(c->api);
    ck_assert_msg(api != NULL, "line %d: %s is not in the registry", c->line, c->api);
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc, 0, 0), ACL_SUCCESS);
    acpu_arg a[ACPU_MAX_PARAMS];
    aclTensor *t[3] = {NULL};
    aclScalar *sc[2] = {NULL};
    unsigned char *buf[3] = {NULL}, *snap[3] = {NULL};
    size_t bytes[3] = {0};
    int nt = 0, ns = 0;
    for (int i = 0; i < api->n_params; i++) {
        acpu_param_kind k = api->params[i].kind;
        if (k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT) {
            sc[ns] = make_scalar(&c->s[ns]);
            a[i].p = sc[ns++];
        } else {
            t[nt] = make_tensor(&c->t[nt], &buf[nt], &bytes[nt]);
            snap[nt] = acpu_test_snapshot(buf[nt], bytes[nt]);
            a[i].p = t[nt++];
        }
        if (i == c->null_param)
            a[i].p = NULL;
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = api->invoke(a, &ws, &exec);
    ck_assert_msg(rc == c->want, "line %d: %s on %s gave %d, expected %d (%s)", c->line, c->api, c->soc, rc, c->want,
                  aclGetRecentErrMsg());
    if (rc == OK) {
        ck_assert_int_eq(acpu_test_run_phase2(api->run, ws, exec), OK);
    } else {
        acpu_test_expect_msg_at(api->phase1, c->arg, NULL, c->line);
        for (int k = 0; k < nt; k++)
            acpu_test_expect_unchanged(buf[k], snap[k], bytes[k], "a tensor", c->line);
    }
    for (int k = 0; k < nt; k++) {
        aclDestroyTensor(t[k]);
        free(buf[k]);
        free(snap[k]);
    }
    for (int k = 0; k < ns; k++)
        aclDestroyScalar(sc[k]);
}

#define B910B "Ascend910B"
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define C_(api, soc, t0, t1, t2, s0, s1, null, want, arg) {api, soc, {t0, t1, t2}, {s0, s1}, null, want, arg, __LINE__}
/* clang-format on */
/* aclnnHardtanh(self, clipValueMin, clipValueMax, out) */
#define HT(soc, self, lo, hi, out, null, want, arg) \
    C_("aclnnHardtanh", soc, self, out, T0(F32), lo, hi, null, want, arg)
/* aclnnInplaceHardtanh(selfRef, clipValueMin, clipValueMax) */
#define IHT(soc, self, lo, hi, want, arg) C_("aclnnInplaceHardtanh", soc, self, T0(F32), T0(F32), lo, hi, -1, want, arg)
/* aclnnHardtanhBackward(gradOutput, self, min, max, out) */
#define HTB(soc, g, x, out, null, want, arg) C_("aclnnHardtanhBackward", soc, g, x, out, SF(-1), SF(1), null, want, arg)
/* two- and three-tensor APIs without scalars */
#define C2(api, soc, x, out, null, want, arg) C_(api, soc, x, out, T0(F32), SF(0), SF(0), null, want, arg)
#define C3(api, soc, g, x, out, null, want, arg) C_(api, soc, g, x, out, SF(0), SF(0), null, want, arg)

/* ---- ops-math test_aclnn_hardtanh.cpp, then the scalar rules and the order ----------------------- */
static void run_hardtanh(void)
{
    const hcase k[] = {
        HT(B910B, T(ACL_COMPLEX64, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2), T(ACL_COMPLEX64, 2, 3, 4, 5), -1,
           INVALID, "self"),
        HT(B910B, T(ACL_COMPLEX128, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2), T(ACL_COMPLEX128, 2, 3, 4, 5), -1,
           INVALID, "self"),
        HT(B910B, T(ACL_INT64, 2, 0), S(ACL_INT32, -1), S(ACL_INT32, 2), T(ACL_INT64, 2, 0), -1, OK, NULL),
        HT(B910B, T(F16, 2, 3, 4, 5), S(ACL_INT32, 3), S(ACL_INT32, 2), T(F16, 2, 3, 4, 5), -1, INVALID,
           "clipValueMin"),
        HT(B910B, T(ACL_INT32, 2, 3, 4, 5), S(ACL_INT32, 3), S(ACL_INT32, 2), T(ACL_INT32, 2, 3, 4, 5), -1, INVALID,
           "clipValueMin"),
        HT(B910B, T(ACL_INT64, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2), T(ACL_INT32, 2, 3, 4, 5), -1, INVALID,
           "out"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCHW, 5, 4, 3, 2), S(ACL_INT32, -1), S(ACL_INT32, 2),
           T(ACL_INT64, 2, 3, 4, 5), -1, INVALID, "shape"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCHW, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2),
           T(ACL_INT64, 2, 3, 4, 5), 0, NULLPTR, "self"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCHW, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2),
           T(ACL_INT64, 2, 3, 4, 5), 3, NULLPTR, "out"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCHW, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2),
           T(ACL_INT64, 2, 3, 4, 5), 1, NULLPTR, "clipValueMin"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCHW, 2, 3, 4, 5), S(ACL_INT32, -1), S(ACL_INT32, 2),
           T(ACL_INT64, 2, 3, 4, 5), 2, NULLPTR, "clipValueMax"),
        HT(B910B, TF(ACL_INT64, ACL_FORMAT_NCDHW, 2, 3, 4, 5, 6, 7, 8, 9, 10), S(ACL_INT32, -1), S(ACL_INT32, 2),
           TF(ACL_INT64, ACL_FORMAT_NCDHW, 2, 3, 4, 5, 6, 7, 8, 9, 10), -1, INVALID, "dims"),
        IHT(B910B, T(ACL_COMPLEX128, 2, 3), SF(-1.5), SF(2.5), INVALID, "selfRef"),
        HT(B910B, T(F32, 2, 3, 4, 5), SF(3.5), SF(2.5), T(F32, 2, 3, 4, 5), -1, INVALID, "clipValueMin"),
        /* every dtype of the list, 0-dim and 8-dim self */
        HT(B910B, T(F32, 4), SF(-1), SF(1), T(F32, 4), -1, OK, NULL),
        HT(B910B, T(ACL_DOUBLE, 4), S(ACL_DOUBLE, -1), S(ACL_DOUBLE, 1), T(ACL_DOUBLE, 4), -1, OK, NULL),
        HT(B910B, T(ACL_INT8, 4), S(ACL_INT8, -1), S(ACL_UINT8, 1), T(ACL_INT8, 4), -1, OK, NULL),
        HT(B910B, T(ACL_UINT8, 4), S(ACL_INT16, 0), S(ACL_INT64, 3), T(ACL_UINT8, 4), -1, OK, NULL),
        HT(B910B, T(ACL_INT16, 4), S(F16, -1), S(BF16, 1), T(ACL_INT16, 4), -1, OK, NULL),
        HT(B910B, T(BF16, 4), SF(-1), SF(1), T(BF16, 4), -1, OK, NULL),
        HT("Ascend950", T(BF16, 4), SF(-1), SF(1), T(BF16, 4), -1, OK, NULL),
        HT("host", T0(F32), SF(-1), SF(1), T0(F32), -1, OK, NULL),
        HT("host", T(F32, 1, 2, 1, 2, 1, 2, 1, 2), SF(-1), SF(1), T(F32, 1, 2, 1, 2, 1, 2, 1, 2), -1, OK, NULL),
        /* Ascend910: no BF16 self, no BF16 limit */
        HT("Ascend910", T(BF16, 4), SF(-1), SF(1), T(BF16, 4), -1, INVALID, "self"),
        HT("Ascend910", T(F32, 4), S(BF16, -1), SF(1), T(F32, 4), -1, INVALID, "clipValueMin"),
        HT("Ascend910", T(ACL_DOUBLE, 4), SF(-1), SF(1), T(ACL_DOUBLE, 4), -1, OK, NULL),
        /* the limits' dtypes are in the list: BOOL, COMPLEX, UINT32 are not */
        HT(B910B, T(F32, 4), S(ACL_BOOL, 0), SF(1), T(F32, 4), -1, INVALID, "clipValueMin"),
        HT(B910B, T(F32, 4), SF(-1), S(ACL_COMPLEX64, 1), T(F32, 4), -1, INVALID, "clipValueMax"),
        HT(B910B, T(F32, 4), S(ACL_UINT32, 0), SF(1), T(F32, 4), -1, INVALID, "clipValueMin"),
        /* CheckMinMaxValue by clipValueMin's dtype: ToInt64 of both (2.9 gives 2), or ToDouble of both */
        HT(B910B, T(F32, 4), S(ACL_INT32, 3), SF(2.9), T(F32, 4), -1, INVALID, "clipValueMin"),
        HT(B910B, T(F32, 4), S(ACL_INT32, 2), SF(2.9), T(F32, 4), -1, OK, NULL),
        HT(B910B, T(F32, 4), SF(2.5), S(ACL_INT32, 2), T(F32, 4), -1, INVALID, "clipValueMin"),
        HT(B910B, T(F32, 4), S(ACL_INT64, 3), S(ACL_INT64, 3), T(F32, 4), -1, OK, NULL),
        HT(B910B, T(F32, 4), SF(NAN), SF(1), T(F32, 4), -1, OK, NULL),
        HT(B910B, T(F32, 4), SF(-INFINITY), SF(-INFINITY), T(F32, 4), -1, OK, NULL),
        /* order: self's dtype before the limits', the limits' before out's, dtypes before the rank,
         * shapes before CheckMinMaxValue */
        HT(B910B, T(ACL_BOOL, 2), S(ACL_BOOL, 0), SF(1), T(F16, 2), -1, INVALID, "self"),
        HT(B910B, T(F32, 2), S(ACL_BOOL, 0), SF(1), T(F16, 2), -1, INVALID, "clipValueMin"),
        HT(B910B, T(F32, 1, 1, 1, 1, 1, 1, 1, 1, 2), SF(-1), SF(1), T(F16, 2), -1, INVALID, "out"),
        HT(B910B, T(F32, 2), SF(3), SF(1), T(F32, 3), -1, INVALID, "shape"),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

/* ---- ops-nn test_aclnn_hardtanh_backward.cpp, then the library's checks --------------------------- */
static void run_hardtanh_backward(void)
{
    const hcase k[] = {
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, OK, NULL),
        HTB(B910B, T(ACL_INT64, 2, 3), T(ACL_INT64, 2, 3), T(ACL_INT64, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(ACL_INT16, 2, 3), T(ACL_INT16, 2, 3), T(ACL_INT16, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(ACL_INT8, 2, 3), T(ACL_INT8, 2, 3), T(ACL_INT8, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(ACL_UINT8, 2, 3), T(ACL_UINT8, 2, 3), T(ACL_UINT8, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(ACL_COMPLEX64, 2, 3), T(ACL_COMPLEX64, 2, 3), T(ACL_COMPLEX64, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(ACL_COMPLEX128, 2, 3), T(ACL_COMPLEX128, 2, 3), T(ACL_COMPLEX128, 2, 3), -1, INVALID,
            "gradOutput"),
        HTB(B910B, T(F16, 2, 3), T(F16, 2, 3), T(F16, 2, 3), -1, OK, NULL),
        HTB(B910B, T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), -1, OK, NULL),
        HTB(B910B, TF(F32, ACL_FORMAT_NHWC, 2, 3), TF(F32, ACL_FORMAT_NHWC, 2, 3), TF(F32, ACL_FORMAT_NHWC, 2, 3), -1,
            OK, NULL),
        HTB(B910B, TF(F32, ACL_FORMAT_NCHW, 2, 3), TF(F32, ACL_FORMAT_NCHW, 2, 3), TF(F32, ACL_FORMAT_NCHW, 2, 3), -1,
            OK, NULL),
        HTB(B910B, TF(F32, ACL_FORMAT_HWCN, 2, 3), TF(F32, ACL_FORMAT_HWCN, 2, 3), TF(F32, ACL_FORMAT_HWCN, 2, 3), -1,
            OK, NULL),
        HTB(B910B, TF(F32, ACL_FORMAT_NCDHW, 2, 3), TF(F32, ACL_FORMAT_NCDHW, 2, 3), TF(F32, ACL_FORMAT_NCDHW, 2, 3),
            -1, OK, NULL),
        HTB(B910B, TF(F32, ACL_FORMAT_NDHWC, 2, 3), TF(F32, ACL_FORMAT_NDHWC, 2, 3), TF(F32, ACL_FORMAT_NDHWC, 2, 3),
            -1, OK, NULL),
        HTB(B910B, T(F32, 0, 3), T(F32, 0, 3), T(F32, 0, 3), -1, OK, NULL),
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 0, NULLPTR, "gradOutput"),
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 1, NULLPTR, "self"),
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 4, NULLPTR, "out"),
        HTB(B910B, T(ACL_INT64, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(F32, 2, 3), T(ACL_INT64, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        HTB(B910B, T(F32, 2, 3), T(F16, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(F32, 2, 3), T(F32, 1, 3), T(F32, 2, 3), -1, INVALID, "shape"),
        HTB(B910B, T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2),
            T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), -1, INVALID, "gradOutput"),
        /* the scalars: NULL min or max */
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 2, NULLPTR, "min"),
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 3, NULLPTR, "max"),
        /* Ascend910: FLOAT, FLOAT16 only; out's dtype is in the list too */
        HTB("Ascend910", T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), -1, INVALID, "gradOutput"),
        HTB(B910B, T(F32, 2, 3), T(F32, 2, 3), T(ACL_DOUBLE, 2, 3), -1, INVALID, "out"),
        /* the library's refusals (CANN's kernel tiling refuses them): out's shape and dtype as self's */
        HTB("Ascend950", T(F32, 2, 3), T(F32, 2, 3), T(F32, 3, 2), -1, INVALID, "out"),
        HTB("Ascend950", T(F32, 2, 3), T(F32, 2, 3), T(F16, 2, 3), -1, INVALID, "out"),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

/* ---- Hardswish: test_hardswish.cpp, test_hardswish_contiguous.cpp, then the profile lists --------- */
#define HS "aclnnHardswish"
static void run_hardswish(void)
{
    const hcase k[] = {
        C2(HS, B910B, T(ACL_INT64, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        C2(HS, B910B, T(ACL_INT32, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        C2(HS, B910B, T(F32, 2, 3, 5), T(F16, 2, 3), -1, INVALID, "shape"),
        C2(HS, B910B, T(F32, 2, 0), T(F32, 2, 0), -1, OK, NULL),
        C2(HS, B910B, T(F32, 2, 4), T(F32, 2, 4), -1, OK, NULL),
        C2(HS, B910B, T(F16, 2, 5), T(F16, 2, 5), -1, OK, NULL),
        C2(HS, B910B, T(F32, 2, 4, 3, 1, 5), T(F32, 2, 4, 3, 1, 5), -1, OK, NULL),
        C2(HS, B910B, TF(F32, ACL_FORMAT_NCHW, 2, 4), TF(F32, ACL_FORMAT_NCHW, 4, 3), -1, INVALID, "shape"),
        C2(HS, B910B, TF(F32, ACL_FORMAT_NHWC, 2, 4), TF(F32, ACL_FORMAT_NHWC, 2, 4), -1, OK, NULL),
        C2(HS, B910B, TF(F32, ACL_FORMAT_HWCN, 2, 4), TF(F32, ACL_FORMAT_HWCN, 2, 4), -1, OK, NULL),
        C2(HS, B910B, T(F32, 2, 4, 1, 3, 4, 6, 5, 3, 7), T(F32, 2, 4, 1, 3, 4, 6, 5, 3, 7), -1, OK, NULL),
        C2(HS, B910B, T0(F32), T0(F32), -1, OK, NULL),
        C2(HS, B910B, T(BF16, 2, 4), T(BF16, 2, 4), -1, OK, NULL),
        /* contiguous cases: a column-major pair, a transposed pair */
        C2(HS, B910B, TS(F32, 2, (2, 4), (1, 2)), TS(F32, 2, (2, 4), (1, 2)), -1, OK, NULL),
        C2(HS, B910B, TS(F32, 4, (3, 5, 7, 6), (210, 42, 1, 7)), TS(F32, 4, (3, 5, 7, 6), (210, 42, 1, 7)), -1, OK,
           NULL),
        C_("aclnnInplaceHardswish", B910B, TS(F32, 2, (2, 2), (4, 2)), T0(F32), T0(F32), SF(0), SF(0), -1, OK, NULL),
        /* NULL, out a cast target of self (no INT out), Ascend910 without BF16 */
        C2(HS, B910B, T(F32, 2, 4), T(F32, 2, 4), 0, NULLPTR, "self"),
        C2(HS, B910B, T(F32, 2, 4), T(F32, 2, 4), 1, NULLPTR, "out"),
        C2(HS, B910B, T(F32, 2, 4), T(F16, 2, 4), -1, OK, NULL),
        C2(HS, "Ascend950", T(BF16, 2, 4), T(F32, 2, 4), -1, OK, NULL),
        C2(HS, B910B, T(F32, 2, 4), T(ACL_INT32, 2, 4), -1, INVALID, "out"),
        C2(HS, "Ascend910", T(BF16, 2, 4), T(BF16, 2, 4), -1, INVALID, "self"),
        C2(HS, "Ascend910", T(F16, 2, 4), T(BF16, 2, 4), -1, INVALID, "out"),
        C_("aclnnInplaceHardswish", "Ascend910", T(BF16, 4), T0(F32), T0(F32), SF(0), SF(0), -1, INVALID, "self"),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

/* ---- HardswishBackward (test_hardswish_backward.cpp) and V2 (test_aclnn_hardswish_backward_v2.cpp) --- */
#define HSB_CASES(API)                                                                                                 \
    C3(API, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, OK, NULL),                                            \
        C3(API, B910B, TF(F32, ACL_FORMAT_NHWC, 2, 3), TF(F32, ACL_FORMAT_NHWC, 2, 3), TF(F32, ACL_FORMAT_NHWC, 2, 3), \
           -1, OK, NULL),                                                                                              \
        C3(API, B910B, TF(F32, ACL_FORMAT_NCHW, 2, 3), TF(F32, ACL_FORMAT_NCHW, 2, 3), TF(F32, ACL_FORMAT_NCHW, 2, 3), \
           -1, OK, NULL),                                                                                              \
        C3(API, B910B, TF(F32, ACL_FORMAT_HWCN, 2, 3), TF(F32, ACL_FORMAT_HWCN, 2, 3), TF(F32, ACL_FORMAT_HWCN, 2, 3), \
           -1, OK, NULL),                                                                                              \
        C3(API, B910B, TF(F32, ACL_FORMAT_NCDHW, 2, 3), TF(F32, ACL_FORMAT_NCDHW, 2, 3),                               \
           TF(F32, ACL_FORMAT_NCDHW, 2, 3), -1, OK, NULL),                                                             \
        C3(API, B910B, TF(F32, ACL_FORMAT_NDHWC, 2, 3), TF(F32, ACL_FORMAT_NDHWC, 2, 3),                               \
           TF(F32, ACL_FORMAT_NDHWC, 2, 3), -1, OK, NULL),                                                             \
        C3(API, B910B, T(F32, 0, 3), T(F32, 0, 3), T(F32, 0, 3), -1, OK, NULL),                                        \
        C3(API, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 0, NULLPTR, "gradOutput"),                            \
        C3(API, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 1, NULLPTR, "self"),                                  \
        C3(API, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 2, NULLPTR, "out"),                                   \
        C3(API, B910B, T(ACL_INT64, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),                     \
        C3(API, B910B, T(F32, 2, 3), T(ACL_INT64, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),                           \
        C3(API, B910B, T(F32, 2, 3), T(F16, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),                           \
        C3(API, B910B, T(F32, 2, 3), T(F32, 1, 3), T(F32, 2, 3), -1, INVALID, "shape"),                                \
        C3(API, B910B, T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2),                         \
           T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), -1, INVALID, "gradOutput"),                                             \
        C3(API, B910B, T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), -1, OK, NULL),                                     \
        C3(API, "Ascend910", T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), -1, INVALID, NULL),                          \
        C3(API, "Ascend950", T(F32, 2, 3), T(F32, 2, 3), T(F16, 2, 3), -1, INVALID, "out"),                            \
        C3(API, "Ascend950", T(F32, 2, 3), T(F32, 2, 3), T(F32, 3, 2), -1, INVALID, "out")
static void run_hardswish_backward(void)
{
    const hcase k[] = {
        HSB_CASES("aclnnHardswishBackward"),
        HSB_CASES("aclnnHardswishBackwardV2"),
        /* the dtype order: V1 checks self's dtype first, V2 gradOutput's */
        C3("aclnnHardswishBackward", B910B, T(ACL_INT64, 2, 3), T(ACL_BOOL, 2, 3), T(F32, 2, 3), -1, INVALID,
           "self dtype"),
        C3("aclnnHardswishBackwardV2", B910B, T(ACL_INT64, 2, 3), T(ACL_BOOL, 2, 3), T(F32, 2, 3), -1, INVALID,
           "gradOutput dtype"),
        /* the V2 arch22 tiling on 910-class profiles, with tails and many tiles */
        C3("aclnnHardswishBackwardV2", "Ascend910", T(F16, 1000, 37), T(F16, 1000, 37), T(F16, 1000, 37), -1, OK, NULL),
        C3("aclnnHardswishBackwardV2", "Ascend910_93", T(F32, 5001), T(F32, 5001), T(F32, 5001), -1, OK, NULL),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

/* ---- Hardsigmoid: test_aclnn_hardsigmoid.cpp, then the order and the format ---------------------- */
#define HG "aclnnHardsigmoid"
static void run_hardsigmoid(void)
{
    const hcase k[] = {
        C2(HG, B910B, T(ACL_INT64, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        C2(HG, B910B, T(F32, 2, 3), T(F32, 1, 1), -1, INVALID, "shape"),
        C2(HG, B910B, T(F32, 2, 3, 6), T(F32, 2, 3, 1), -1, INVALID, "shape"),
        C2(HG, B910B, T(F32, 2, 0), T(F32, 2, 0), -1, OK, NULL),
        C2(HG, B910B, T(F32, 2, 4), T(F32, 2, 4), -1, OK, NULL),
        C2(HG, B910B, T(F16, 2, 5), T(F16, 2, 5), -1, OK, NULL),
        C2(HG, B910B, T(ACL_INT32, 2, 4), T(ACL_INT32, 2, 4), -1, OK, NULL),
        C2(HG, B910B, T(BF16, 2, 5), T(BF16, 2, 5), -1, OK, NULL),
        C2(HG, B910B, T(ACL_INT8, 2, 4), T(ACL_INT8, 2, 4), -1, INVALID, "self"),
        C2(HG, B910B, T(ACL_INT16, 2, 4), T(ACL_INT16, 2, 4), -1, INVALID, "self"),
        C2(HG, B910B, T(F32, 2, 4, 4), T(F32, 2, 4), -1, INVALID, "shape"),
        C2(HG, B910B, T(F32, 2, 4, 5, 2, 3, 4, 8, 1, 1), T(F32, 2, 4, 5, 2, 3, 4, 8, 1, 1), -1, INVALID, "dims"),
        C2(HG, B910B, T(F32, 5, 2, 3, 4, 6, 1, 7, 9), T(F32, 5, 2, 3, 4, 6, 1, 7, 9), -1, OK, NULL),
        C2(HG, B910B, T0(F32), T0(F32), -1, OK, NULL),
        C2(HG, B910B, TF(F32, ACL_FORMAT_NCHW, 1, 16, 1, 1), TF(F32, ACL_FORMAT_NCHW, 1, 16, 1, 1), 0, NULLPTR, "self"),
        /* out's dtype and format as self's, after the shapes; Ascend910 without BF16 */
        C2(HG, B910B, T(F32, 2, 4), T(F16, 2, 4), -1, INVALID, "out dtype"),
        C2(HG, B910B, T(F32, 2, 4), T(F16, 2, 3), -1, INVALID, "shape"),
        C2(HG, B910B, TF(F32, ACL_FORMAT_NCHW, 2, 4), TF(F32, ACL_FORMAT_NHWC, 2, 4), -1, INVALID, "format"),
        C2(HG, "Ascend910", T(BF16, 2, 4), T(BF16, 2, 4), -1, INVALID, "self"),
        C2(HG, "Ascend910", T(ACL_INT32, 2, 4), T(ACL_INT32, 2, 4), -1, OK, NULL),
        C_("aclnnInplaceHardsigmoid", B910B, T(ACL_INT32, 3), T0(F32), T0(F32), SF(0), SF(0), -1, OK, NULL),
        C_("aclnnInplaceHardsigmoid", B910B, T(ACL_INT8, 3), T0(F32), T0(F32), SF(0), SF(0), -1, INVALID, "self"),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

/* ---- HardsigmoidBackward: test_aclnn_hardsigmoid_backward.cpp, then the promotion ---------------- */
#define HGB "aclnnHardsigmoidBackward"
static void run_hardsigmoid_backward(void)
{
    const hcase k[] = {
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 0, NULLPTR, "gradOutput"),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 1, NULLPTR, "self"),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), 2, NULLPTR, "out"),
        C3(HGB, B910B, T(ACL_INT32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),
        C3(HGB, B910B, T(F32, 2, 3), T(ACL_INT32, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        C3(HGB, B910B, T(F32, 2, 3), T(ACL_BOOL, 2, 3), T(F32, 2, 3), -1, INVALID, "self"),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3, 1, 1, 1, 1, 1, 1, 1), T(F32, 2, 3), -1, INVALID, "self"),
        C3(HGB, B910B, T(F32, 2, 3, 1, 1, 1, 1, 1, 1, 1), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),
        C3(HGB, B910B, T(F32, 2, 3, 1), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "shape"),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3, 1), -1, INVALID, "shape"),
        C3(HGB, B910B, T(F32, 0), T(F32, 0), T(F32, 0), -1, OK, NULL),
        C3(HGB, B910B, T(F32, 2, 0, 3), T(F32, 2, 0, 3), T(F32, 2, 0, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F16, 2, 3), T(F16, 2, 3), T(F16, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F16, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F32, 2, 3), TS(F32, 2, (2, 3), (1, 2)), T(F32, 2, 3), -1, OK, NULL),
        /* out a cast target of the promotion: FLOAT16 from FLOAT, FLOAT from fp16 + bf16; no INT32 */
        C3(HGB, B910B, T(F16, 2, 3), T(BF16, 2, 3), T(F32, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(F16, 2, 3), -1, OK, NULL),
        C3(HGB, B910B, T(F32, 2, 3), T(F32, 2, 3), T(ACL_INT32, 2, 3), -1, INVALID, "out"),
        C3(HGB, "Ascend910", T(BF16, 2, 3), T(F32, 2, 3), T(F32, 2, 3), -1, INVALID, "gradOutput"),
        C3(HGB, "Ascend910", T(F32, 2, 3), T(F16, 2, 3), T(F16, 2, 3), -1, OK, NULL),
    };
    for (size_t i = 0; i < N_ELEMS(k); i++)
        run_case(&k[i]);
}

static void (*const k_tables[])(void) = {run_hardtanh,           run_hardtanh_backward, run_hardswish,
                                         run_hardswish_backward, run_hardsigmoid,       run_hardsigmoid_backward};

START_TEST(test_cases)
{
    k_tables[_i]();
    aclnnCpuSetPlatform(NULL, 0, 0);
}
END_TEST

/* Out-pointers come first (161001) whatever the arguments. */
START_TEST(test_out_pointers)
{
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        if (strncmp(api->name, "aclnnHard", 9) != 0 && strncmp(api->name, "aclnnInplaceHard", 16) != 0)
            continue;
        acpu_arg a[ACPU_MAX_PARAMS];
        memset(a, 0, sizeof a);
        aclOpExecutor *exec = NULL;
        uint64_t ws = 0;
        ck_assert_int_eq(api->invoke(a, NULL, &exec), NULLPTR);
        ck_assert_int_eq(api->invoke(a, &ws, NULL), NULLPTR);
        ck_assert_int_eq(api->invoke(a, &ws, &exec), NULLPTR); /* NULL handles */
    }
}
END_TEST

/* HardtanhBackward's NULL checks in CANN's order (CheckNotNull: self, gradOutput, out, min, max): with
 * every handle from one of them on NULL, that one is named. */
START_TEST(test_hardtanh_backward_null_order)
{
    static const char *const k_order[] = {"self", "gradOutput", "out", "min", "max"};
    static const int k_param[] = {1, 0, 4, 2, 3}; /* their parameter indices */
    const acpu_api_def *api = acpu_api_find("aclnnHardtanhBackward");
    ck_assert_ptr_nonnull(api);
    int64_t shape[1] = {4}, strides[1] = {1};
    float data[3][4] = {{0}};
    for (int first = 0; first < 5; first++) {
        acpu_arg a[ACPU_MAX_PARAMS];
        aclTensor *t[3];
        for (int k = 0; k < 3; k++)
            t[k] = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, data[k]);
        float lo = -1.0f, hi = 1.0f;
        aclScalar *s[2] = {aclCreateScalar(&lo, ACL_FLOAT), aclCreateScalar(&hi, ACL_FLOAT)};
        a[0].p = t[0], a[1].p = t[1], a[2].p = s[0], a[3].p = s[1], a[4].p = t[2];
        for (int k = first; k < 5; k++)
            a[k_param[k]].p = NULL;
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        ck_assert_int_eq(api->invoke(a, &ws, &exec), NULLPTR);
        acpu_test_expect_msg_at(api->phase1, k_order[first], NULL, __LINE__);
        for (int k = 0; k < 3; k++)
            aclDestroyTensor(t[k]);
        aclDestroyScalar(s[0]);
        aclDestroyScalar(s[1]);
    }
}
END_TEST

/* A Hardtanh FRACTAL_NZ self is computed as ND (the warning is verbose only). */
START_TEST(test_hardtanh_fractal_nz)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float x[4] = {-3.0f, 0.5f, 2.0f, 9.0f}, out[4];
    const int64_t shape[1] = {4}, st[1] = {1};
    aclTensor *t = aclCreateTensor(shape, 1, F32, st, 0, ACL_FORMAT_FRACTAL_NZ, shape, 1, x);
    aclTensor *o = aclCreateTensor(shape, 1, F32, st, 0, ND, shape, 1, out);
    aclScalar *lo = acpu_test_scalar_f32(-1.0f), *hi = acpu_test_scalar_f32(1.0f);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnHardtanhGetWorkspaceSize(t, lo, hi, o, &ws, &exec), OK);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnHardtanh, ws, exec), OK);
    ck_assert(out[0] == -1.0f && out[1] == 0.5f && out[2] == 1.0f && out[3] == 1.0f);
    aclDestroyTensor(t);
    aclDestroyTensor(o);
    aclDestroyScalar(lo);
    aclDestroyScalar(hi);
}
END_TEST

static Suite *hard_api_suite(void)
{
    Suite *s = suite_create("hard_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)N_ELEMS(k_tables));
    tcase_add_test(tc, test_out_pointers);
    tcase_add_test(tc, test_hardtanh_backward_null_order);
    tcase_add_test(tc, test_hardtanh_fractal_nz);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(hard_api_suite()); }

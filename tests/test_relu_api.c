/* The ReLU, Threshold and LeakyReLU families' APIs (doc/CANN.md#relu-family,
 * doc/CANN.md#leaky-relu-family): CANN's op_api UT cases ported (tests/ut/op_api of activation/relu,
 * threshold, threshold_grad_v2_d, leaky_relu, leaky_relu_grad; the UTs' default SoC is a 910B-class
 * one, their "ascend950PR" cases Ascend950), then the validation rules the UTs do not reach: the
 * per-profile dtype lists, ThresholdBackward's threshold-dependent list and operator, CANN's NULL
 * order, the out dtypes, LeakyReluBackward's selfIsResult rule and slope dtypes. Every failure must
 * name the API and the argument. Calls go through each API's public phase 1 (the registry row's
 * generic trampoline), with the tensors and scalars its parameters name in order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_registry.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
#define OK ACLNN_SUCCESS
#define MAX_RANK 10
#define UT_SOC "Ascend910B" /* the op_api UTs' default platform */

/* A tensor parameter: dtype and shape (rank -1: the default {2, 3}). */
typedef struct {
    aclDataType dt;
    int rank;
    int64_t shape[MAX_RANK];
} tspec;

/* A call: the API, the profile, its tensor parameters and scalar parameters in parameter order, the
 * bool, the parameters passed NULL (bits), the status wanted and the parameter its message names. */
typedef struct {
    const char *api, *soc;
    tspec t[3];
    aclDataType sdt[2]; /* 0: FLOAT */
    double s[2];
    bool flag;
    unsigned nulls;
    aclnnStatus want;
    const char *names;
} api_case;

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define T(dt, r, ...) {dt, r, {__VA_ARGS__}}
#define T23(dt) {dt, -1, {0}}
/* clang-format on */

typedef struct {
    aclTensor *t[3];
    void *buf[3];
    aclScalar *s[2];
} built;

static aclTensor *make_tensor(const tspec *ts, void **buf)
{
    static const int64_t dflt[2] = {2, 3};
    const int64_t *shape = ts->rank < 0 ? dflt : ts->shape;
    uint64_t rank = ts->rank < 0 ? 2u : (uint64_t)ts->rank;
    int64_t n = acpu_test_numel(shape, rank);
    size_t bytes = (size_t)(n > 0 ? n : 1) * acpu_test_esize(ts->dt);
    *buf = calloc(1, bytes);
    ck_assert_ptr_nonnull(*buf);
    for (int64_t i = 0; i < n; i++)
        acpu_test_store(ts->dt, *buf, (size_t)i, (double)(i % 7) - 3.0);
    aclTensor *t = acpu_test_tensor(ts->dt, shape, rank, *buf);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* Phase 1 of the case through its API's trampoline; returns the status (the executor is run). */
static aclnnStatus call(const api_case *c)
{
    const acpu_api_def *api = acpu_api_find(c->api);
    ck_assert_msg(api != NULL, "no API %s", c->api);
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    built b;
    memset(&b, 0, sizeof b);
    acpu_arg a[ACPU_MAX_PARAMS];
    int nt = 0, ns = 0;
    for (int i = 0; i < api->n_params; i++) {
        acpu_param_kind k = api->params[i].kind;
        bool null = (c->nulls >> i) & 1u;
        if (k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT) {
            aclDataType dt = c->sdt[ns] ? c->sdt[ns] : ACL_FLOAT;
            b.s[ns] = acpu_test_scalar(dt, c->s[ns], 0.0);
            a[i].p = null ? NULL : b.s[ns];
            ns++;
        } else if (k == ACPU_P_BOOL) {
            a[i].b = c->flag;
        } else {
            b.t[nt] = make_tensor(&c->t[nt], &b.buf[nt]);
            a[i].p = null ? NULL : b.t[nt];
            nt++;
        }
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = api->invoke(a, &ws, &exec);
    if (rc == ACLNN_SUCCESS) {
        void *w = ws ? malloc(ws) : NULL;
        ck_assert_int_eq(api->run(w, ws, exec, NULL), ACLNN_SUCCESS);
        free(w);
    } else {
        acpu_test_expect_msg_at(api->phase1, c->names, NULL, __LINE__);
    }
    for (int j = 0; j < 3; j++) {
        if (b.t[j] != NULL)
            aclDestroyTensor(b.t[j]);
        free(b.buf[j]);
    }
    for (int j = 0; j < 2; j++)
        if (b.s[j] != NULL)
            aclDestroyScalar(b.s[j]);
    aclnnCpuSetPlatform(NULL, 0, 0);
    return rc;
}

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define F64 ACL_DOUBLE
#define I8 ACL_INT8
#define U8 ACL_UINT8
#define I16 ACL_INT16
#define I32 ACL_INT32
#define I64 ACL_INT64
#define P(i) (1u << (i))

/* ---- ported op_api UT cases --------------------------------------------------------------------- */

/* clang-format off */ /* a table: one row per line */
static const api_case k_ut_cases[] = {
    /* test_aclnn_relu.cpp */
    {"aclnnRelu", UT_SOC, {T23(ACL_BOOL), T23(F32)}, .want = INVALID, .names = "self"},
    {"aclnnRelu", UT_SOC, {T23(F32), T23(ACL_BOOL)}, .want = INVALID, .names = "out"},
    {"aclnnRelu", UT_SOC, {T23(F32), T23(F16)}, .want = INVALID, .names = "out"},
    {"aclnnRelu", UT_SOC, {T(F32, 2, 2, 0), T(F32, 2, 2, 0)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(F32, 2, 2, 4), T(F32, 2, 2, 4)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(U8, 2, 2, 4), T(U8, 2, 2, 4)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(U8, 2, 2, 4), T(U8, 2, 2, 4)}, .nulls = P(0), .want = NULLPTR, .names = "self"},
    {"aclnnRelu", UT_SOC, {T(I8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9), T(I8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9)}, .want = INVALID,
     .names = "self"},
    {"aclnnRelu", UT_SOC, {T(I8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9), T(I8, 8, 1, 2, 3, 4, 5, 6, 7, 8)}, .want = INVALID,
     .names = "self"},
    {"aclnnRelu", UT_SOC, {T(F16, 2, 2, 4), T(F16, 2, 2, 4)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(F32, 8, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 8, 1, 2, 3, 4, 5, 6, 7, 8)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(F32, 0, 0), T(F32, 0, 0)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(F32, 2, 1024, 1024), T(F32, 2, 1024, 1024)}, .want = OK},
    {"aclnnRelu", UT_SOC, {T(F16, 4, 2, 64, 112, 112), T(F16, 4, 2, 64, 112, 112)}, .want = OK},
    /* test_aclnn_threshold_backward.cpp */
    {"aclnnThresholdBackward", UT_SOC, {T23(I64), T23(I64), T23(I64)}, .want = INVALID, .names = "gradOutput"},
    {"aclnnThresholdBackward", UT_SOC, {T23(I64), T23(I32), T23(I32)}, .want = INVALID, .names = "gradOutput"},
    {"aclnnThresholdBackward", UT_SOC, {T(I32, 2, 2, 1), T23(I32), T23(I32)}, .want = OK},
    {"aclnnThresholdBackward", UT_SOC, {T(I32, 2, 2, 1), T23(I32), T(I32, 2, 2, 4)}, .want = INVALID, .names = "out"},
    {"aclnnThresholdBackward", UT_SOC, {T(I32, 2, 2, 0), T(I32, 2, 2, 0), T(I32, 2, 2, 0)}, .nulls = P(0),
     .want = NULLPTR, .names = "gradOutput"},
    {"aclnnThresholdBackward", UT_SOC, {T(I32, 2, 2, 0), T(I32, 2, 2, 0), T(I32, 2, 2, 0)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend950", {T(I32, 1, 10), T(I32, 1, 10), T(I32, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend950", {T(I8, 1, 10), T(I8, 1, 10), T(I8, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend950", {T(F16, 1, 10), T(F16, 1, 10), T(F16, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend950", {T(F32, 1, 10), T(F32, 1, 10), T(F32, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend910B", {T(F32, 1, 10), T(F32, 1, 10), T(F32, 1, 10)}, .s = {1.0}, .want = OK},
    {"aclnnThresholdBackward", "Ascend910B", {T(F32, 1, 10), T(F32, 1, 10), T(F32, 1, 10)}, .s = {-1.0}, .want = OK},
    {"aclnnThresholdBackward", "Ascend910B", {T(BF16, 1, 10), T(BF16, 1, 10), T(BF16, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", "Ascend910B",
     {T(F32, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2),
      T(F32, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)},
     .want = INVALID, .names = "gradOutput"},
    {"aclnnThresholdBackward", UT_SOC, {T(U8, 1, 10), T(U8, 1, 10), T(U8, 1, 10)}, .want = OK},
    {"aclnnThresholdBackward", UT_SOC, {T(I64, 1, 10), T(I64, 1, 10), T(I64, 1, 10)}, .want = INVALID,
     .names = "gradOutput"},
    {"aclnnThresholdBackward", "Ascend950", {T(I64, 1, 10), T(I64, 1, 10), T(I64, 1, 10)}, .s = {1.0},
     .want = INVALID, .names = "gradOutput"},
    {"aclnnThresholdBackward", UT_SOC, {T(F32, 2, 4, 8), T(F32, 2, 4, 8), T(F32, 2, 4, 8)}, .s = {0.5}, .want = OK},
    {"aclnnThresholdBackward", UT_SOC, {T(F16, 4, 2, 3, 4, 5), T(F16, 4, 2, 3, 4, 5), T(F16, 4, 2, 3, 4, 5)},
     .want = OK},
    {"aclnnThresholdBackward", UT_SOC,
     {T(F32, 8, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 8, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 8, 2, 2, 2, 2, 2, 2, 2, 2)},
     .want = OK},
    {"aclnnThresholdBackward", UT_SOC, {T(F16, 2, 1024, 1024), T(F16, 2, 1024, 1024), T(F16, 2, 1024, 1024)},
     .want = OK},
    /* test_aclnn_threshold.cpp (ScalarDesc(int) is an INT64 scalar) */
    {"aclnnThreshold", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1)}, {I64, I64}, {1, 10}, .nulls = P(0), .want = NULLPTR,
     .names = "self"},
    {"aclnnThreshold", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1)}, {I64, I64}, {1, 10}, .nulls = P(3), .want = NULLPTR,
     .names = "out"},
    {"aclnnThreshold", UT_SOC, {T(F32, 1, 0), T(F32, 1, 0)}, {I64, I64}, {1, 10}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(I64), T23(I64)}, {I64, I64}, {4, 5}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(F64), T23(F64)}, {I64, I64}, {4, 5}, .want = INVALID, .names = "self"},
    {"aclnnThreshold", UT_SOC, {T23(ACL_BOOL), T23(ACL_BOOL)}, {0, I64}, {4, 5}, .want = INVALID, .names = "self"},
    {"aclnnThreshold", UT_SOC, {T23(ACL_COMPLEX64), T23(ACL_COMPLEX64)}, {0, I64}, {4, 5}, .want = INVALID,
     .names = "self"},
    {"aclnnThreshold", UT_SOC, {T23(ACL_COMPLEX128), T23(ACL_COMPLEX128)}, {0, I64}, {4, 5}, .want = INVALID,
     .names = "self"},
    {"aclnnThreshold", UT_SOC, {T23(I16), T23(I16)}, {0, I64}, {4, 5}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(F32), T23(F32)}, {0, 0}, {4, 10.1}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(F16), T23(F16)}, {0, 0}, {4, 10.1}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(I8), T23(I8)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(U8), T23(U8)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T23(I32), T23(I32)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T(I32, 8, 1, 2, 3, 4, 5, 6, 7, 8), T(I32, 8, 1, 2, 3, 4, 5, 6, 7, 8)}, {I64, I64},
     {4, 10}, .want = OK},
    {"aclnnThreshold", UT_SOC, {T(I32, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9), T(I32, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9)},
     {I64, I64}, {4, 10}, .want = INVALID, .names = "self"},
    {"aclnnThreshold", UT_SOC, {T(I32, 6, 1, 2, 3, 4, 5, 6), T(I32, 6, 1, 2, 3, 4, 5, 6)}, {I64, I64}, {4, 10},
     .nulls = P(1), .want = NULLPTR, .names = "threshold"},
    {"aclnnThreshold", UT_SOC, {T(F32, 4, 1, 2, 3, 4), T(I32, 4, 1, 2, 3, 4)}, {I64, I64}, {4, 10}, .want = INVALID,
     .names = "out"},
    {"aclnnInplaceThreshold", UT_SOC, {T23(F32)}, {0, 0}, {4, 10.1}, .want = OK},
    {"aclnnInplaceThreshold", UT_SOC, {T23(F16)}, {0, 0}, {4, 10.1}, .want = OK},
    {"aclnnInplaceThreshold", UT_SOC, {T23(I8)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnInplaceThreshold", UT_SOC, {T23(U8)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnInplaceThreshold", UT_SOC, {T23(I32)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnInplaceThreshold", UT_SOC, {T23(I64)}, {I64, I64}, {4, 5}, .want = OK},
    /* test_aclnn_leaky_relu.cpp */
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 1, 0), T(F32, 1, 0)}, .s = {0.01}, .want = OK},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .nulls = P(0), .want = NULLPTR,
     .names = "self"},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .nulls = P(1), .want = NULLPTR,
     .names = "negativeSlope"},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .nulls = P(2), .want = NULLPTR,
     .names = "out"},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 1, 4), T(F32, 1, 4)}, .s = {0.01}, .want = OK},
    {"aclnnLeakyRelu", UT_SOC, {T(F16, 2, 2, 2), T(F16, 2, 2, 2)}, {F16}, {0.01}, .want = OK},
    {"aclnnLeakyRelu", UT_SOC, {T(F64, 3, 2, 2, 2), T(F64, 3, 2, 2, 2)}, {F64}, {0.01}, .want = OK},
    {"aclnnLeakyRelu", UT_SOC, {T(ACL_UINT32, 3, 2, 2, 2), T(ACL_UINT32, 3, 2, 2, 2)}, {I64}, {1}, .want = INVALID,
     .names = "self"},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2)},
     .s = {0.01}, .want = INVALID, .names = "self"},
    {"aclnnLeakyRelu", UT_SOC, {T(F16, 8, 2, 2, 2, 2, 2, 2, 2, 2), T(F16, 8, 2, 2, 2, 2, 2, 2, 2, 2)}, {F16}, {0.01},
     .want = OK},
    {"aclnnLeakyRelu", "Ascend910B", {T(BF16, 2, 2, 2), T(BF16, 2, 2, 2)}, .s = {0.01}, .want = OK},
    {"aclnnLeakyRelu", UT_SOC, {T(F32, 2, 1024, 1024), T(F32, 2, 1024, 1024)}, .s = {0.01}, .want = OK},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(F32, 1, 0)}, .s = {0.01}, .want = OK},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(F32, 1, 1)}, .s = {0.01}, .nulls = P(0), .want = NULLPTR, .names = "selfRef"},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(F32, 1, 1)}, .s = {0.01}, .nulls = P(1), .want = NULLPTR,
     .names = "negativeSlope"},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(F64, 3, 2, 2, 2)}, {F64}, {0.01}, .want = OK},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(ACL_UINT32, 3, 2, 2, 2)}, {I64}, {1}, .want = INVALID, .names = "selfRef"},
    {"aclnnInplaceLeakyRelu", UT_SOC, {T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2)}, .s = {0.01}, .want = INVALID,
     .names = "selfRef"},
    /* test_leaky_relu_backward.cpp */
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 1, 0), T(F32, 1, 0), T(F32, 1, 0)}, .s = {0.01}, .flag = true,
     .want = OK},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .flag = true,
     .nulls = P(0), .want = NULLPTR, .names = "gradOutput"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .flag = true,
     .nulls = P(1), .want = NULLPTR, .names = "self"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .flag = true,
     .nulls = P(2), .want = NULLPTR, .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 1, 1), T(F32, 1, 1), T(F32, 1, 1)}, .s = {0.01}, .flag = true,
     .nulls = P(4), .want = NULLPTR, .names = "out"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F16, 2, 2, 2), T(F16, 2, 2, 2), T(F16, 2, 2, 2)}, {F16}, {0.01},
     .flag = true, .want = OK},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F64, 4, 2, 2, 2, 2), T(F64, 4, 2, 2, 2, 2), T(F64, 4, 2, 2, 2, 2)}, {F64},
     {0.01}, .flag = true, .want = OK},
    {"aclnnLeakyReluBackward", UT_SOC, {T(ACL_UINT32, 3, 2, 2, 2), T(ACL_UINT32, 3, 2, 2, 2), T(ACL_UINT32, 3, 2, 2, 2)},
     {I64}, {1}, .flag = true, .want = INVALID, .names = "gradOutput"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F16, 4, 2, 2, 2, 2), T(F64, 4, 2, 2, 2, 2), T(F64, 4, 2, 2, 2, 2)},
     .s = {0.01}, .flag = true, .want = OK},
    {"aclnnLeakyReluBackward", UT_SOC,
     {T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2, 2)},
     .s = {0.01}, .flag = true, .want = INVALID, .names = "gradOutput"},
    {"aclnnLeakyReluBackward", UT_SOC, {T(F32, 4, 2, 2, 2, 2), T(F32, 5, 2, 2, 2, 2, 2), T(F32, 4, 2, 2, 2, 2)},
     .s = {0.01}, .flag = true, .want = INVALID, .names = "out"},
    {"aclnnLeakyReluBackward", UT_SOC,
     {T(F16, 8, 2, 2, 2, 2, 2, 2, 2, 2), T(F16, 8, 2, 2, 2, 2, 2, 2, 2, 2), T(F16, 8, 2, 2, 2, 2, 2, 2, 2, 2)}, {F16},
     {0.01}, .flag = true, .want = OK},
};
/* clang-format on */

START_TEST(test_ut_cases)
{
    const api_case *c = &k_ut_cases[_i];
    aclnnStatus rc = call(c);
    ck_assert_msg(rc == c->want, "UT case %d (%s on %s): %d, want %d (%s)", _i, c->api, c->soc, rc, c->want,
                  aclGetRecentErrMsg());
}
END_TEST

/* ---- rules beyond the UTs ------------------------------------------------------------------------- */

/* clang-format off */ /* a table: one row per line */
static const api_case k_rule_cases[] = {
    /* BF16 only where the profile has it; the same lists on every profile otherwise */
    {"aclnnRelu", "Ascend910", {T23(BF16), T23(BF16)}, .want = INVALID, .names = "self"},
    {"aclnnRelu", "Ascend950", {T23(BF16), T23(BF16)}, .want = OK},
    {"aclnnRelu", "host", {T23(I64), T23(I64)}, .want = OK},
    {"aclnnRelu", "host", {T23(I16), T23(I16)}, .want = INVALID, .names = "self"},
    {"aclnnRelu", "host", {T23(F64), T23(F64)}, .want = INVALID, .names = "self"},
    {"aclnnRelu", "host", {T23(F32), T(F32, 2, 3, 2)}, .want = INVALID, .names = "self"},
    {"aclnnInplaceRelu", "host", {T23(U8)}, .want = OK},
    {"aclnnInplaceRelu", "Ascend910", {T23(BF16)}, .want = INVALID, .names = "selfRef"},
    {"aclnnInplaceRelu", "host", {T(F32, 9, 1, 1, 1, 1, 1, 1, 1, 1, 2)}, .want = INVALID, .names = "selfRef"},
    /* ThresholdBackward: the INT64 list only with threshold 0 on Ascend950 / host (IsFloatEqual: 1e-8
     * is 0, an infinite threshold is not), the NULL order (threshold, out, gradOutput, self) */
    {"aclnnThresholdBackward", "host", {T23(I64), T23(I64), T23(I64)}, .want = OK},
    {"aclnnThresholdBackward", "host", {T23(I64), T23(I64), T23(I64)}, .s = {1e-8}, .want = OK},
    {"aclnnThresholdBackward", "host", {T23(I64), T23(I64), T23(I64)}, .s = {INFINITY}, .want = INVALID,
     .names = "gradOutput"},
    {"aclnnThresholdBackward", "host", {T23(F32), T23(I64), T23(I64)}, .s = {2}, .want = INVALID, .names = "self"},
    {"aclnnThresholdBackward", "Ascend910", {T23(BF16), T23(BF16), T23(BF16)}, .want = INVALID,
     .names = "gradOutput"},
    {"aclnnThresholdBackward", "host", {T23(F64), T23(F64), T23(F64)}, .want = INVALID, .names = "gradOutput"},
    {"aclnnThresholdBackward", "host", {T23(F32), T23(F32), T23(F16)}, .want = INVALID, .names = "out"},
    {"aclnnThresholdBackward", "host", {T23(F32), T23(F32), T23(F32)}, .nulls = P(0) | P(2), .want = NULLPTR,
     .names = "threshold"},
    {"aclnnThresholdBackward", "host", {T23(F32), T23(F32), T23(F32)}, .nulls = P(0) | P(3), .want = NULLPTR,
     .names = "out"},
    {"aclnnThresholdBackward", "host", {T(F32, 2, 2, 1), T(F32, 2, 1, 3), T23(F32)}, .want = OK},
    {"aclnnThresholdBackward", "host", {T(F32, 2, 2, 1), T(F32, 2, 1, 3), T(F32, 2, 2, 1)}, .want = INVALID,
     .names = "out"},
    {"aclnnThresholdBackward", "host", {T(F32, 2, 2, 2), T(F32, 2, 1, 3), T23(F32)}, .want = INVALID,
     .names = "self"},
    /* Threshold: self's own dtype out, or a floating / complex one; another integer out is refused */
    {"aclnnThreshold", "host", {T23(I32), T23(F32)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnThreshold", "host", {T23(F16), T23(ACL_COMPLEX64)}, .s = {1, 2}, .want = OK},
    {"aclnnThreshold", "host", {T23(I8), T23(I32)}, {I64, I64}, {4, 10}, .want = INVALID, .names = "out"},
    {"aclnnThreshold", "Ascend950", {T23(F32), T23(I32)}, .s = {4, 10}, .want = INVALID, .names = "out"},
    {"aclnnThreshold", "Ascend910", {T23(BF16), T23(BF16)}, .s = {4, 10}, .want = INVALID, .names = "self"},
    {"aclnnThreshold", "host", {T23(F32), T23(F32)}, .s = {4, 10}, .nulls = P(3) | P(1), .want = NULLPTR,
     .names = "out"},
    {"aclnnThreshold", "host", {T23(F32), T23(F32)}, .s = {4, 10}, .nulls = P(2), .want = NULLPTR, .names = "value"},
    {"aclnnThreshold", "host", {T23(F32), T(F32, 1, 6)}, .s = {4, 10}, .want = INVALID, .names = "self"},
    {"aclnnInplaceThreshold", "host", {T23(I16)}, {I64, I64}, {4, 10}, .want = OK},
    {"aclnnInplaceThreshold", "host", {T23(F64)}, .s = {4, 10}, .want = INVALID, .names = "selfRef"},
    {"aclnnInplaceThreshold", "host", {T23(F32)}, .s = {4, 10}, .nulls = P(2), .want = NULLPTR, .names = "value"},
    /* LeakyRelu: out a cast target of self */
    {"aclnnLeakyRelu", "host", {T23(F16), T23(F32)}, .s = {0.1}, .want = OK},
    {"aclnnLeakyRelu", "host", {T23(F32), T23(ACL_COMPLEX128)}, .s = {0.1}, .want = OK},
    {"aclnnLeakyRelu", "host", {T23(F32), T23(I32)}, .s = {0.1}, .want = INVALID, .names = "out"},
    {"aclnnLeakyRelu", "host", {T23(F32), T(F32, 1, 6)}, .s = {0.1}, .want = INVALID, .names = "out"},
    {"aclnnLeakyRelu", "Ascend910", {T23(BF16), T23(BF16)}, .s = {0.1}, .want = INVALID, .names = "self"},
    {"aclnnLeakyRelu", "host", {T23(I32), T23(I32)}, .s = {0.1}, .want = INVALID, .names = "self"},
    /* LeakyReluBackward: the slope's dtype list, selfIsResult with a negative slope (NaN passes),
     * promotion and broadcasting */
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, .s = {-0.1}, .flag = true, .want = INVALID,
     .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, .s = {-0.1}, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, .s = {NAN}, .flag = true, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, {I64}, {-1}, .flag = true, .want = INVALID,
     .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, {ACL_COMPLEX64}, {0.1}, .want = INVALID,
     .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, {ACL_UINT32}, {1}, .want = INVALID,
     .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", "Ascend910", {T23(F32), T23(F32), T23(F32)}, {BF16}, {0.1}, .want = INVALID,
     .names = "negativeSlope"},
    {"aclnnLeakyReluBackward", "Ascend910B", {T23(F32), T23(F32), T23(F32)}, {BF16}, {0.1}, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(F32), T23(F32), T23(F32)}, {ACL_BOOL}, {1}, .flag = true, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(F16), T23(BF16), T23(F32)}, .s = {0.1}, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(F16), T23(BF16), T23(I32)}, .s = {0.1}, .want = INVALID, .names = "out"},
    {"aclnnLeakyReluBackward", "host", {T(F32, 1, 3), T(F32, 2, 2, 1), T23(F32)}, .s = {0.1}, .want = OK},
    {"aclnnLeakyReluBackward", "host", {T23(I32), T23(F32), T23(F32)}, .s = {0.1}, .want = INVALID,
     .names = "gradOutput"},
};
/* clang-format on */

START_TEST(test_rule_cases)
{
    const api_case *c = &k_rule_cases[_i];
    aclnnStatus rc = call(c);
    ck_assert_msg(rc == c->want, "rule case %d (%s on %s): %d, want %d (%s)", _i, c->api, c->soc, rc, c->want,
                  aclGetRecentErrMsg());
}
END_TEST

/* Every API of the two families has a case of each kind: a success and a refusal. */
START_TEST(test_cases_cover_the_families)
{
    static const char *const apis[] = {
        "aclnnRelu",      "aclnnInplaceRelu",      "aclnnThresholdBackward", "aclnnThreshold", "aclnnInplaceThreshold",
        "aclnnLeakyRelu", "aclnnInplaceLeakyRelu", "aclnnLeakyReluBackward"};
    for (size_t a = 0; a < N_ELEMS(apis); a++) {
        int ok = 0, bad = 0;
        for (size_t i = 0; i < N_ELEMS(k_ut_cases); i++)
            if (strcmp(k_ut_cases[i].api, apis[a]) == 0)
                k_ut_cases[i].want == OK ? ok++ : bad++;
        for (size_t i = 0; i < N_ELEMS(k_rule_cases); i++)
            if (strcmp(k_rule_cases[i].api, apis[a]) == 0)
                k_rule_cases[i].want == OK ? ok++ : bad++;
        ck_assert_msg(ok > 0 && bad > 0, "%s: %d successes and %d refusals", apis[a], ok, bad);
    }
}
END_TEST

static Suite *relu_api_suite(void)
{
    Suite *s = suite_create("relu_api");
    TCase *tc = tcase_create("validation");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_ut_cases, 0, (int)N_ELEMS(k_ut_cases));
    tcase_add_loop_test(tc, test_rule_cases, 0, (int)N_ELEMS(k_rule_cases));
    tcase_add_test(tc, test_cases_cover_the_families);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(relu_api_suite()); }

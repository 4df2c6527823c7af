/* aclnnSigmoid, aclnnInplaceSigmoid, aclnnSigmoidBackward API (doc/CANN.md#sigmoid): the
 * validation order and codes of aclnn_sigmoid.cpp and aclnn_sigmoid_backward.cpp per profile, the
 * op_api UT cases of ops-nn (activation/sigmoid and sigmoid_grad tests/ut/op_api), with complex
 * inputs refused (161002, doc/DECISIONS.md) where CANN runs its AiCpu kernels, empty tensors,
 * broadcasting in the backward, and the compute dtype of integer inputs. */
#include <math.h>

#include "acpu_test_cases.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define F64 ACL_DOUBLE
#define C64 ACL_COMPLEX64
#define C128 ACL_COMPLEX128
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define FWD(soc, self, out, want, arg) {"aclnnSigmoid", soc, {self, out}, {{0}}, want, arg, __LINE__}
#define INPLACE(soc, self, want, arg) {"aclnnInplaceSigmoid", soc, {self}, {{0}}, want, arg, __LINE__}
#define BWD(soc, go, y, gi, want, arg) {"aclnnSigmoidBackward", soc, {go, y, gi}, {{0}}, want, arg, __LINE__}
/* clang-format on */
#define X T(F32, 1, 16, 1, 1)

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* aclnnSigmoid: the ops-nn op_api UT cases (the UT platform is Ascend910: case_16) */
    FWD(NULL, X, X, OK, NULL),
    FWD(NULL, T(F32, 0), T(F32, 0), OK, NULL),
    FWD(NULL, TNULL, X, NUL, "self"),
    FWD(NULL, X, TNULL, NUL, "out"),
    FWD(NULL, T(ACL_INT16, 1, 16, 1, 1), X, OK, NULL),
    FWD(NULL, X, T(ACL_INT16, 1, 16, 1, 1), INV, "out"),
    FWD(NULL, X, T(F16, 1, 16, 1, 1), OK, NULL),
    FWD(NULL, X, T(F32, 1, 1, 4, 4), INV, "shape"),
    FWD(NULL, T(F16, 1, 16, 1, 1), X, OK, NULL),
    FWD(NULL, T(F64, 1, 16, 1, 1), T(F64, 1, 16, 1, 1), OK, NULL),
    /* case_14, case_15 (CANN: AiCpu complex sigmoid): refused here */
    FWD(NULL, T(C64, 1, 16, 1, 1), T(C64, 1, 16, 1, 1), INV, "complex"),
    FWD(NULL, T(C128, 1, 16, 1, 1), T(C128, 1, 16, 1, 1), INV, "complex"),
    FWD("Ascend910", T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), INV, "self"),
    FWD("Ascend910B", T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), OK, NULL),
    FWD(NULL, T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    FWD(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), OK, NULL),
    FWD(NULL, T0(F32), T0(F32), OK, NULL),
    FWD(NULL, T(F32, 1024, 1024), T(F32, 1024, 1024), OK, NULL),
    FWD(NULL, T(F16, 2, 64, 112, 112), T(F16, 2, 64, 112, 112), OK, NULL),
    /* the lists: every integer, bool and float self; out floats and complex, never integers */
    FWD(NULL, T(ACL_BOOL, 4), T(F16, 4), OK, NULL),
    FWD(NULL, T(ACL_UINT8, 4), T(F64, 4), OK, NULL),
    FWD(NULL, T(ACL_INT64, 4), T(BF16, 4), OK, NULL),
    FWD(NULL, T(F32, 4), T(C64, 4), OK, NULL),
    FWD(NULL, T(ACL_INT8, 4), T(C128, 4), OK, NULL),
    FWD(NULL, T(ACL_UINT16, 4), T(F32, 4), INV, "self"),
    FWD(NULL, T(F32, 4), T(ACL_BOOL, 4), INV, "out"),
    FWD("Ascend910", T(F32, 4), T(BF16, 4), OK, NULL), /* out BF16 passes DTYPE_OUT_LIST on every SoC */
    /* CANN's order: self's list, out's list, the BF16 rule, the shape, the rank */
    FWD(NULL, T(ACL_UINT16, 4), T(ACL_INT8, 5), INV, "self dtype"),
    FWD(NULL, T(F32, 4), T(ACL_INT8, 5), INV, "out dtype"),
    FWD("Ascend910", T(BF16, 4), T(F32, 5), INV, "self dtype"),
    /* aclnnInplaceSigmoid */
    INPLACE(NULL, T(ACL_INT64, 2, 3), INV, "selfRef"),
    INPLACE(NULL, TNULL, NUL, "selfRef"),
    INPLACE(NULL, T(F64, 2, 3), OK, NULL),
    INPLACE("Ascend910", T(BF16, 2, 3), INV, "selfRef"),
    INPLACE("Ascend950", T(BF16, 2, 3), OK, NULL),
    INPLACE(NULL, T(C64, 2, 3), INV, "complex"),
    INPLACE(NULL, T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    /* aclnnSigmoidBackward: the ops-nn op_api UT cases */
    BWD(NULL, X, X, X, OK, NULL),
    BWD(NULL, T(F32, 0), T(F32, 0), T(F32, 0), OK, NULL),
    BWD(NULL, TNULL, X, X, NUL, "gradOutput"),
    BWD(NULL, X, TNULL, X, NUL, "output"),
    BWD(NULL, X, X, TNULL, NUL, "gradInput"),
    BWD(NULL, X, T(F16, 1, 16, 1, 1), X, OK, NULL),
    BWD(NULL, X, T(F32, 1, 1, 4, 4), X, INV, "shape"),
    BWD(NULL, T(F32, 1, 4, 1, 1), T(F16, 1, 1, 4, 4), T(F32, 1, 4, 4, 4), OK, NULL),
    BWD("Ascend910", T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), INV, "gradOutput"),
    BWD("Ascend910B", T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), T(BF16, 1, 16, 1, 1), OK, NULL),
    BWD(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), OK, NULL),
    BWD(NULL, T0(F32), T0(F32), T0(F32), OK, NULL),
    BWD(NULL, T(F16, 2, 64, 112, 112), T(F16, 2, 64, 112, 112), T(F16, 2, 64, 112, 112), OK, NULL),
    /* lists, promotion, the cast to gradInput, ranks, broadcasting */
    BWD(NULL, T(F16, 4), T(BF16, 4), T(F32, 4), OK, NULL),     /* promotion FLOAT */
    BWD(NULL, T(F16, 4), T(F64, 4), T(F16, 4), OK, NULL),      /* promotion DOUBLE, cast down */
    BWD(NULL, T(ACL_INT32, 4), X, X, INV, "gradOutput"),
    BWD(NULL, X, X, T(ACL_INT32, 1, 16, 1, 1), INV, "gradInput"),
    BWD("Ascend910", T(F32, 4), T(BF16, 4), T(F32, 4), OK, NULL), /* only gradOutput's BF16 is refused */
    BWD(NULL, T(F32, 4), T(C64, 4), T(C64, 4), INV, "complex"),
    BWD(NULL, T(F32, 4), T(F32, 4), T(C64, 4), OK, NULL),
    BWD(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 2), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 5), T(F32, 3, 5), OK, NULL),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 5), T(F32, 3, 1), INV, "broadcast"),
    BWD(NULL, T(F32, 3), T(F32, 4), T(F32, 3), INV, "broadcast"),
    /* CANN's order: lists before the BF16 rule before ranks before the promotion before shapes */
    BWD(NULL, T(ACL_INT8, 3), T(F32, 4), T(ACL_INT8, 3), INV, "gradOutput dtype"),
    BWD(NULL, T(F32, 3), T(F32, 4), T(ACL_BOOL, 3), INV, "gradInput dtype"),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

/* SigmoidBackward broadcasting: gradOutput {3, 1} and output {1, 4} give gradInput {3, 4}, each
 * element (g * (1 - y)) * y in fp32. */
START_TEST(test_backward_broadcast_values)
{
    float go[3] = {1.0f, -2.0f, 0.5f}, y[4] = {0.25f, 0.5f, 0.9f, 0.1f}, gi[12];
    aclTensor *g = acpu_test_tensor(F32, (const int64_t[]){3, 1}, 2, go);
    aclTensor *o = acpu_test_tensor(F32, (const int64_t[]){1, 4}, 2, y);
    aclTensor *r = acpu_test_tensor(F32, (const int64_t[]){3, 4}, 2, gi);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSigmoidBackwardGetWorkspaceSize(g, o, r, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSigmoidBackward, ws, exec), ACLNN_SUCCESS);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            ck_assert_msg(gi[i * 4 + j] == (go[i] * (1.0f - y[j])) * y[j], "gi[%d][%d] = %a", i, j, gi[i * 4 + j]);
    aclDestroyTensor(g);
    aclDestroyTensor(o);
    aclDestroyTensor(r);
}
END_TEST

/* A complex gradInput of real inputs: the real result with imaginary part 0. */
START_TEST(test_real_to_complex_out)
{
    float x[2] = {0.0f, 2.0f}, out[4] = {9, 9, 9, 9};
    aclTensor *s = acpu_test_tensor(F32, (const int64_t[]){2}, 1, x);
    aclTensor *o = acpu_test_tensor(C64, (const int64_t[]){2}, 1, out);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSigmoidGetWorkspaceSize(s, o, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSigmoid, ws, exec), ACLNN_SUCCESS);
    ck_assert(out[0] == 0.5f && out[1] == 0.0f && fabsf(out[2] - 0.880797f) < 1e-6f && out[3] == 0.0f);
    aclDestroyTensor(s);
    aclDestroyTensor(o);
}
END_TEST

static Suite *sigmoid_api_suite(void)
{
    Suite *s = suite_create("sigmoid_api");
    TCase *tc = tcase_create("validation");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    tcase_add_test(tc, test_backward_broadcast_values);
    tcase_add_test(tc, test_real_to_complex_out);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(sigmoid_api_suite()); }

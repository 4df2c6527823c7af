/* aclnnTanh, aclnnInplaceTanh, aclnnTanhBackward API (doc/CANN.md#tanh): the validation order and
 * codes of ops-math aclnn_tanh.cpp and aclnn_tanh_backward.cpp per profile (self and out in one list
 * with the integers and bool, out a cast target of the computed dtype: FLOAT for integer and bool
 * self; the backward's one dtype, broadcasting to gradInput), the op_api UT cases of ops-math
 * (math/tanh, math/tanh_grad tests/ut/op_api), empty tensors, views and broadcast values. */
#include <math.h>

#include "acpu_test_cases.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tanh_backward.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define F64 ACL_DOUBLE
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define FWD(soc, self, out, want, arg) {"aclnnTanh", soc, {self, out}, {{0}}, want, arg, __LINE__}
#define INPLACE(soc, self, want, arg) {"aclnnInplaceTanh", soc, {self}, {{0}}, want, arg, __LINE__}
#define BWD(soc, go, y, gi, want, arg) {"aclnnTanhBackward", soc, {go, y, gi}, {{0}}, want, arg, __LINE__}
/* clang-format on */
#define X T(F32, 1, 16, 1, 1)
#define X23 T(F32, 2, 3)

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* aclnnTanh: the ops-math op_api UT cases */
    FWD(NULL, X, X, OK, NULL),
    FWD(NULL, T(F32, 0), T(F32, 0), OK, NULL),
    FWD(NULL, TNULL, X, NUL, "self"),
    FWD(NULL, X, TNULL, NUL, "out"),
    FWD(NULL, T(ACL_INT16, 1, 16, 1, 1), X, OK, NULL),
    FWD(NULL, X, T(ACL_INT16, 1, 16, 1, 1), INV, "out"),
    FWD(NULL, T(F16, 1, 16, 1, 1), T(F16, 1, 16, 1, 1), OK, NULL),
    FWD(NULL, T(F16, 1, 32, 1, 1), T(F16, 1, 32, 1, 1), OK, NULL),
    FWD(NULL, X, T(F32, 1, 1, 4, 4), INV, "shape"),
    FWD(NULL, T(F32, 1, 32, 1, 1), T(F16, 1, 32, 1, 1), OK, NULL),
    INPLACE(NULL, T(ACL_INT16, 1, 16, 1, 1), INV, "selfRef"),
    /* the lists: integers and bool in for self and out, out only a float type (CanCast from FLOAT) */
    FWD(NULL, T(ACL_BOOL, 4), T(F16, 4), OK, NULL),
    FWD(NULL, T(ACL_UINT8, 4), T(BF16, 4), OK, NULL),
    FWD(NULL, T(ACL_INT64, 4), T(F32, 4), OK, NULL),
    FWD(NULL, T(ACL_INT32, 4), T(ACL_INT32, 4), INV, "cast target of float32"),
    FWD(NULL, T(ACL_BOOL, 4), T(ACL_BOOL, 4), INV, "cast target of float32"),
    FWD(NULL, T(F64, 4), T(F64, 4), INV, "self"),
    FWD(NULL, T(F32, 4), T(F64, 4), INV, "out"),
    FWD(NULL, T(ACL_COMPLEX64, 4), T(F32, 4), INV, "self"),
    FWD("Ascend910", T(BF16, 4), T(BF16, 4), INV, "self"),
    FWD("Ascend910", T(F32, 4), T(BF16, 4), INV, "out"),
    FWD("Ascend910B", T(BF16, 4), T(BF16, 4), OK, NULL),
    FWD("Ascend950", T(BF16, 4), T(F32, 4), OK, NULL),
    FWD(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    FWD(NULL, T0(F32), T0(F32), OK, NULL),
    /* CheckFormat: view formats equal, not private (then the rank and the shape) */
    FWD(NULL, TF(F32, ACL_FORMAT_NCHW, 1, 2, 3, 4), TF(F32, ACL_FORMAT_NCHW, 1, 2, 3, 4), OK, NULL),
    FWD(NULL, TF(F32, ACL_FORMAT_NCHW, 1, 2, 3, 4), TF(F32, ACL_FORMAT_NHWC, 1, 2, 3, 4), INV, "format"),
    FWD(NULL, TF(F32, ACL_FORMAT_NC1HWC0, 1, 2, 3, 4, 16), TF(F32, ACL_FORMAT_NC1HWC0, 1, 2, 3, 4, 16), INV, "private"),
    FWD(NULL, TF(F32, ACL_FORMAT_NCHW, 1, 2, 3, 4), TF(F32, ACL_FORMAT_NHWC, 1, 2, 3, 5), INV, "format"),
    INPLACE(NULL, TF(F32, ACL_FORMAT_FRACTAL_NZ, 4, 16), INV, "private"),
    INPLACE(NULL, TF(F32, ACL_FORMAT_NHWC, 1, 2, 3, 4), OK, NULL),
    /* CANN's order: self's list, out's, the cast, the rank, the shape */
    FWD(NULL, T(F64, 4), T(ACL_INT8, 5), INV, "self dtype"),
    FWD(NULL, T(F32, 4), T(ACL_INT8, 5), INV, "cast target"),
    /* aclnnInplaceTanh */
    INPLACE(NULL, TNULL, NUL, "selfRef"),
    INPLACE(NULL, T(F16, 4), OK, NULL),
    INPLACE("Ascend910", T(BF16, 4), INV, "selfRef"),
    INPLACE("Ascend910_93", T(BF16, 4), OK, NULL),
    INPLACE(NULL, T(ACL_BOOL, 4), INV, "selfRef"),
    INPLACE(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    /* aclnnTanhBackward: the ops-math op_api UT cases */
    BWD(NULL, X23, X23, X23, OK, NULL),
    BWD(NULL, T(F16, 2, 3), T(F16, 2, 3), T(F16, 2, 3), OK, NULL),
    BWD(NULL, T(BF16, 2, 3), T(BF16, 2, 3), T(BF16, 2, 3), OK, NULL),
    BWD(NULL, T(F32, 3, 4, 5), T(F32, 3, 4, 5), T(F32, 3, 4, 5), OK, NULL),
    BWD(NULL, T(F32, 5), T(F32, 5), T(F32, 5), OK, NULL),
    BWD(NULL, TNULL, X23, X23, NUL, "gradOutput"),
    BWD(NULL, X23, TNULL, X23, NUL, "output"),
    BWD(NULL, X23, X23, TNULL, NUL, "gradInput"),
    BWD(NULL, T(ACL_INT32, 2, 3), T(ACL_INT32, 2, 3), T(ACL_INT32, 2, 3), INV, "gradOutput"),
    BWD(NULL, X23, T(F32, 3, 2), X23, INV, "broadcast"),
    BWD(NULL, T(F32, 2, 0), T(F32, 2, 0), T(F32, 2, 0), OK, NULL),
    BWD(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2),
        INV, "dims"),
    /* one dtype, DOUBLE, BF16 by arch, broadcasting */
    BWD(NULL, T(F64, 4), T(F64, 4), T(F64, 4), OK, NULL),
    BWD(NULL, T(F32, 4), T(F16, 4), T(F32, 4), INV, "gradOutput dtype must equal output"),
    BWD(NULL, T(F32, 4), T(F32, 4), T(F16, 4), INV, "gradOutput dtype must equal gradInput"),
    BWD("Ascend910", T(BF16, 4), T(BF16, 4), T(BF16, 4), INV, "gradOutput"),
    BWD("Ascend910B", T(BF16, 4), T(BF16, 4), T(BF16, 4), OK, NULL),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 4), T(F32, 3, 4), OK, NULL),
    BWD(NULL, T(F32, 4), T(F32, 2, 3, 4), T(F32, 2, 3, 4), OK, NULL),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 4), T(F32, 4, 3), INV, "broadcast"),
    BWD(NULL, T0(F32), T0(F32), T0(F32), OK, NULL),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

/* The ops-math example of TanhBackward and a broadcast call: gradInput = (1 - y^2) * dy. */
START_TEST(test_backward_values)
{
    float go[8] = {0, 1, 2, 3, 4, 5, 6, 7}, y[8] = {1, 1, 1, 2, 2, 2, 3, 3}, gi[8];
    aclTensor *g = acpu_test_tensor(F32, (const int64_t[]){4, 2}, 2, go);
    aclTensor *o = acpu_test_tensor(F32, (const int64_t[]){4, 2}, 2, y);
    aclTensor *r = acpu_test_tensor(F32, (const int64_t[]){4, 2}, 2, gi);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnTanhBackwardGetWorkspaceSize(g, o, r, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnTanhBackward, ws, exec), ACLNN_SUCCESS);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(gi[i] == (1.0f - y[i] * y[i]) * go[i], "gi[%d] = %g", i, (double)gi[i]);
    aclDestroyTensor(g);
    aclDestroyTensor(o);
    aclDestroyTensor(r);
    /* broadcast: dy {3, 1}, y {1, 4} */
    float d3[3] = {1.0f, -2.0f, 0.5f}, y4[4] = {0.5f, -0.25f, 0.9f, 1.0f}, out[12];
    g = acpu_test_tensor(F32, (const int64_t[]){3, 1}, 2, d3);
    o = acpu_test_tensor(F32, (const int64_t[]){1, 4}, 2, y4);
    r = acpu_test_tensor(F32, (const int64_t[]){3, 4}, 2, out);
    ck_assert_int_eq(aclnnTanhBackwardGetWorkspaceSize(g, o, r, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnTanhBackward, ws, exec), ACLNN_SUCCESS);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            ck_assert_msg(out[i * 4 + j] == fmaf(-y4[j], y4[j], 1.0f) * d3[i], "out[%d][%d] = %a", i, j,
                          out[i * 4 + j]);
    aclDestroyTensor(g);
    aclDestroyTensor(o);
    aclDestroyTensor(r);
}
END_TEST

static Suite *tanh_api_suite(void)
{
    Suite *s = suite_create("tanh_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    tcase_add_test(tc, test_backward_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(tanh_api_suite()); }

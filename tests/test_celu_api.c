/* aclnnCelu and aclnnInplaceCelu API (kernel CeluV2; doc/CANN.md#celu): the validation order and
 * codes of aclnn_celu.cpp per profile (NULLs; self float32 / float16, bfloat16 except on Ascend910;
 * alpha castable to float32; out a cast target of self; rank <= 8; equal shapes; alpha neither 0
 * nor NaN: 161002), the tiling's refusal of 0 < |alpha| < 1e-7 (561002 here), the op_api UT cases
 * of ops-nn (tests/ut/op_host/op_api/test_aclnn_celu.cpp) and the in-place API's. */
#include <math.h>

#include "acpu_test_cases.h"
#include "aclnnop/aclnn_celu.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define CASE(soc, self, alpha, out, want, arg) {"aclnnCelu", soc, {self, out}, {alpha}, want, arg, __LINE__}
#define INPLACE(soc, self, alpha, want, arg) {"aclnnInplaceCelu", soc, {self}, {alpha}, want, arg, __LINE__}
/* clang-format on */
#define A1 S(F32, 1.0)

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* the ops-nn op_api UT cases */
    CASE(NULL, T(F32, 2), A1, T(F32, 2), OK, NULL),
    INPLACE(NULL, T(F32, 2, 2, 2, 2), A1, OK, NULL),
    CASE(NULL, T(F16, 2, 2, 2, 2), A1, T(F16, 2, 2, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 2, 2, 2, 2, 2), A1, T(ACL_COMPLEX64, 2, 2, 2, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 2, 2, 2, 2, 2), S(ACL_UINT8, 2), T(F32, 2, 2, 2, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 2, 2, 2, 2), S(F16, 0.5), T(F32, 2, 2, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 2, 2, 2, 2), S(F32, 2.0), T(F32, 2, 2, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 0), A1, T(F32, 0), OK, NULL),
    CASE(NULL, TNULL, A1, T(F32, 2), NUL, "self"),
    CASE(NULL, T(F32, 2), SNULL, T(F32, 2), NUL, "alpha"),
    CASE(NULL, T(F32, 2), A1, TNULL, NUL, "out"),
    CASE(NULL, T(ACL_DOUBLE, 2), A1, T(ACL_DOUBLE, 2), INV, "self"),
    CASE(NULL, T(BF16, 2), A1, T(BF16, 2), OK, NULL),
    CASE(NULL, T(ACL_INT32, 2), A1, T(ACL_INT32, 2), INV, "self"),
    CASE(NULL, T(ACL_INT64, 2), A1, T(ACL_INT64, 2), INV, "self"),
    CASE(NULL, T(ACL_INT16, 2), A1, T(ACL_INT16, 2), INV, "self"),
    CASE(NULL, T(ACL_INT8, 2), A1, T(ACL_INT8, 2), INV, "self"),
    CASE(NULL, T(ACL_UINT8, 2), A1, T(ACL_UINT8, 2), INV, "self"),
    CASE(NULL, T(ACL_BOOL, 2), A1, T(ACL_BOOL, 2), INV, "self"),
    CASE(NULL, T(ACL_COMPLEX64, 2), A1, T(ACL_COMPLEX64, 2), INV, "self"),
    CASE(NULL, T(ACL_COMPLEX128, 2), A1, T(ACL_COMPLEX128, 2), INV, "self"),
    CASE(NULL, T(ACL_DT_UNDEFINED, 2), A1, T(ACL_DT_UNDEFINED, 2), INV, "self"),
    CASE(NULL, T(F32, 2), A1, T(ACL_INT32, 2), INV, "out"),
    CASE(NULL, T(F32, 2, 2), A1, T(F32, 2), INV, "shape"),
    CASE(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), A1, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    CASE(NULL, T(F32, 2), S(F32, 0.0), T(F32, 2), INV, "alpha"),
    /* alpha: NaN is refused with 0 (!(a > 0 || a < 0)); a complex alpha cannot cast to FLOAT; a
     * tiny nonzero alpha passes the op_api and fails the tiling */
    CASE(NULL, T(F32, 2), S(F32, NAN), T(F32, 2), INV, "alpha"),
    CASE(NULL, T(F32, 2), S(F32, -0.0), T(F32, 2), INV, "alpha"),
    CASE(NULL, T(F32, 2), S(ACL_COMPLEX64, 1.0), T(F32, 2), INV, "alpha"),
    CASE(NULL, T(F32, 2), S(F32, 1e-8), T(F32, 2), ACLNN_ERR_INNER_TILING_ERROR, "alpha"),
    CASE(NULL, T(F32, 2), S(F32, -1e-8), T(F32, 2), ACLNN_ERR_INNER_TILING_ERROR, "alpha"),
    CASE(NULL, T(F32, 2), S(F32, 1e-6), T(F32, 2), OK, NULL),
    CASE(NULL, T(F32, 2), S(F32, -2.0), T(F32, 2), OK, NULL),
    /* an empty self takes no tiling: a tiny alpha passes */
    CASE(NULL, T(F32, 0), S(F32, 1e-8), T(F32, 0), OK, NULL),
    /* profiles */
    CASE("Ascend910", T(BF16, 2), A1, T(BF16, 2), INV, "self"),
    CASE("Ascend910B", T(BF16, 2), A1, T(BF16, 2), OK, NULL),
    CASE("Ascend950", T(BF16, 2), A1, T(F32, 2), OK, NULL),
    /* CANN's order: dtype, alpha's cast, out's cast, rank, shape, then alpha's value */
    CASE(NULL, T(ACL_INT32, 2), S(F32, 0.0), T(F32, 3), INV, "self dtype"),
    CASE(NULL, T(F32, 2), S(F32, 0.0), T(F32, 3), INV, "shape"),
    CASE(NULL, T(F32, 2), S(ACL_COMPLEX64, 0.0), T(ACL_INT8, 2), INV, "alpha must be castable"),
    /* the in-place API */
    INPLACE(NULL, TNULL, A1, NUL, "selfRef"),
    INPLACE(NULL, T(F32, 4), SNULL, NUL, "alpha"),
    INPLACE(NULL, T(ACL_INT32, 4), A1, INV, "selfRef"),
    INPLACE("Ascend910", T(BF16, 4), A1, INV, "selfRef"),
    INPLACE(NULL, T(F32, 4), S(F32, 0.0), INV, "alpha"),
    INPLACE(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), A1, INV, "dims"),
    INPLACE(NULL, T(F32, 0), S(F32, 0.0), INV, "alpha"),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

/* The ops-nn example: x = {-2, -1, 0, 1}, alpha 1, out = max(0, x) + min(0, exp(x) - 1). */
START_TEST(test_values)
{
    float x[4] = {-2.0f, -1.0f, 0.0f, 1.0f}, out[4];
    const int64_t shape[2] = {2, 2};
    aclTensor *s = acpu_test_tensor(F32, shape, 2, x), *o = acpu_test_tensor(F32, shape, 2, out);
    aclScalar *alpha = acpu_test_scalar_f32(1.0f);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnCeluGetWorkspaceSize(s, alpha, o, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnCelu, ws, exec), ACLNN_SUCCESS);
    for (int i = 0; i < 4; i++) {
        double want = x[i] > 0 ? x[i] : expm1((double)x[i]);
        ck_assert_msg(fabs(out[i] - want) <= 3e-7 * fabs(want), "celu(%g) = %a, want %a", (double)x[i], out[i], want);
    }
    aclDestroyTensor(s);
    aclDestroyTensor(o);
    aclDestroyScalar(alpha);
}
END_TEST

static Suite *celu_api_suite(void)
{
    Suite *s = suite_create("celu_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    tcase_add_test(tc, test_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(celu_api_suite()); }

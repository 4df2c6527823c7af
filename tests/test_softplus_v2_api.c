/* aclnnSoftplus API (kernel SoftplusV2; doc/CANN.md#softplus-forward): the validation order and
 * codes of aclnn_softplus.cpp per profile (NULLs, self's list: float32 / float16 everywhere, bfloat16
 * except on Ascend910 (Ascend950's list is the code's, not the doc's "unsupported"), beta and
 * threshold castable to self's dtype, out a cast target of self, rank <= 8, equal shapes), the op_api
 * UT cases of ops-nn (tests/ut/op_api/test_aclnn_softplus.cpp), empty tensors, and values of a few
 * calls against the formula. */
#include <math.h>

#include "acpu_test_cases.h"
#include "aclnnop/aclnn_softplus.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID
#define SP "aclnnSoftplus"

/* (self, out) tensors; (beta, threshold) scalars */
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define CASE(soc, self, beta, thr, out, want, arg) {SP, soc, {self, out}, {beta, thr}, want, arg, __LINE__}
/* clang-format on */

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* the ops-nn op_api UT cases */
    CASE(NULL, T(F32, 10), S(F32, 1.5), S(F32, 1.0), T(F32, 10), OK, NULL),
    CASE("Ascend910B", T(BF16, 10), S(F32, 1.5), S(F32, 1.0), T(BF16, 10), OK, NULL),
    CASE(NULL, T(F32, 2, 2), S(F32, 1.5), S(F32, 1.0), T(F32, 2, 2), OK, NULL),
    CASE(NULL, T(F32, 4, 5, 6, 7), S(F32, 1.5), S(F32, 1.0), T(F32, 4, 5, 6, 7), OK, NULL),
    CASE(NULL, T(F32, 10), S(F32, -1.5), S(F32, 1.0), T(F32, 10), OK, NULL),
    CASE(NULL, T(F32, 10), S(F32, 1.5), S(F32, 5.0), T(F32, 10), OK, NULL),
    CASE(NULL, T(F32, 4, 5, 9, 7), S(F32, 2.2), S(F32, 1.0), T(F32, 4, 5, 9, 7), OK, NULL),
    CASE(NULL, T(F32, 2, 3, 4), S(F32, 1.0), S(F32, 1.0), T(F32, 2, 3, 4), OK, NULL),
    CASE(NULL, T(F32, 7, 9, 11, 3, 4, 6, 9, 2), S(F32, 2.5), S(F32, 4.0), T(F32, 7, 9, 11, 3, 4, 6, 9, 2), OK, NULL),
    CASE(NULL, T(F32, 0), S(F32, 1.0), S(F32, 5.0), T(F32, 0), OK, NULL),
    CASE(NULL, TNULL, S(F32, 1.0), S(F32, 5.0), T(F32, 10), NUL, "self"),
    CASE(NULL, T(F32, 10), SNULL, S(F32, 1.0), T(F32, 10), NUL, "beta"),
    CASE(NULL, T(F32, 10), S(F32, 1.0), SNULL, T(F32, 10), NUL, "threshold"),
    CASE(NULL, T(F32, 10), S(F32, 1.0), S(F32, 1.0), TNULL, NUL, "out"),
    CASE(NULL, T(ACL_INT32, 10), S(F32, 1.0), S(F32, 1.0), T(F32, 10), INV, "self"),
    CASE(NULL, T(ACL_INT64, 10), S(F32, 1.0), S(F32, 1.0), T(F32, 10), INV, "self"),
    CASE(NULL, T(ACL_BOOL, 10), S(F32, 1.0), S(F32, 1.0), T(F32, 10), INV, "self"),
    CASE(NULL, T(ACL_INT8, 10), S(F32, 1.0), S(F32, 1.0), T(F32, 10), INV, "self"),
    CASE(NULL, T(F32, 10), S(F32, 1.0), S(F32, 1.0), T(ACL_INT32, 10), INV, "out"),
    CASE(NULL, T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), S(F32, 1.0), S(F32, 1.0), T(F32, 7, 9, 11, 3, 4, 6, 9, 2, 2), INV,
         "dims"),
    CASE(NULL, T(F32, 5, 2), S(F32, 1.0), S(F32, 1.0), T(F32, 2, 5), INV, "shape"),
    /* the profiles' lists: DOUBLE nowhere, BF16 except on Ascend910 (Ascend950: the code's list) */
    CASE("Ascend910", T(BF16, 4), S(F32, 1.0), S(F32, 1.0), T(BF16, 4), INV, "self"),
    CASE("Ascend910", T(F16, 4), S(F32, 1.0), S(F32, 1.0), T(F16, 4), OK, NULL),
    CASE("Ascend910_93", T(BF16, 4), S(F32, 1.0), S(F32, 1.0), T(BF16, 4), OK, NULL),
    CASE("Ascend950", T(BF16, 4), S(F32, 1.0), S(F32, 1.0), T(BF16, 4), OK, NULL),
    CASE(NULL, T(ACL_DOUBLE, 4), S(F32, 1.0), S(F32, 1.0), T(ACL_DOUBLE, 4), INV, "self"),
    /* beta / threshold castable to self's dtype: every real dtype is; complex is not */
    CASE(NULL, T(F16, 4), S(ACL_DOUBLE, 1.0), S(ACL_INT32, 3), T(F16, 4), OK, NULL),
    CASE(NULL, T(F16, 4), S(ACL_BOOL, 1), S(ACL_BF16, 3), T(F16, 4), OK, NULL),
    CASE(NULL, T(F32, 4), S(ACL_COMPLEX64, 1.0), S(F32, 1.0), T(F32, 4), INV, "beta"),
    CASE(NULL, T(F32, 4), S(F32, 1.0), S(ACL_COMPLEX128, 1.0), T(F32, 4), INV, "threshold"),
    /* out a cast target of self: wider or narrower floats, complex; not integers or bool */
    CASE(NULL, T(F16, 4), S(F32, 1.0), S(F32, 1.0), T(ACL_DOUBLE, 4), OK, NULL),
    CASE(NULL, T(F32, 4), S(F32, 1.0), S(F32, 1.0), T(BF16, 4), OK, NULL),
    CASE(NULL, T(F32, 4), S(F32, 1.0), S(F32, 1.0), T(ACL_COMPLEX64, 4), OK, NULL),
    CASE(NULL, T(F32, 4), S(F32, 1.0), S(F32, 1.0), T(ACL_BOOL, 4), INV, "out"),
    /* CANN's order: the dtype checks before the shapes, beta before threshold */
    CASE(NULL, T(ACL_INT32, 4), S(F32, 1.0), S(F32, 1.0), T(F32, 5), INV, "self dtype"),
    CASE(NULL, T(F32, 4), S(ACL_COMPLEX64, 1.0), S(ACL_COMPLEX64, 1.0), T(F32, 4), INV, "beta"),
    CASE(NULL, T(F32, 4), S(F32, 1.0), S(F32, 1.0), T(ACL_INT8, 5), INV, "out dtype"),
    /* 0-dim self and out */
    CASE(NULL, T0(F32), S(F32, 1.0), S(F32, 20.0), T0(F32), OK, NULL),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

/* Values: a 16-bit self with a float32 out is computed in the 16-bit kernel (rounded to it), then
 * widened; beta from a DOUBLE scalar is ToFloat. */
START_TEST(test_values)
{
    uint16_t self[4] = {0x3c00u, 0xbc00u, 0x4900u, 0x0000u}; /* fp16 1, -1, 10, 0 */
    float out[4];
    const int64_t shape[1] = {4};
    aclTensor *s = acpu_test_tensor(F16, shape, 1, self), *o = acpu_test_tensor(F32, shape, 1, out);
    double bv = 1.0, tv = 5.0;
    aclScalar *beta = aclCreateScalar(&bv, ACL_DOUBLE), *thr = aclCreateScalar(&tv, ACL_DOUBLE);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(aclnnSoftplusGetWorkspaceSize(s, beta, thr, o, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnSoftplus, ws, exec), ACLNN_SUCCESS);
    static const double x[4] = {1.0, -1.0, 10.0, 0.0};
    for (int i = 0; i < 4; i++) {
        double want = x[i] > 5.0 ? x[i] : log1p(exp(x[i]));
        ck_assert_msg(out[i] == acpu_test_f16_to_f32(acpu_test_f64_to_f16(want)), "softplus(%g) = %a, want fp16(%a)",
                      x[i], out[i], want);
    }
    aclDestroyTensor(s);
    aclDestroyTensor(o);
    aclDestroyScalar(beta);
    aclDestroyScalar(thr);
}
END_TEST

static Suite *softplus_v2_api_suite(void)
{
    Suite *s = suite_create("softplus_v2_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    tcase_add_test(tc, test_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(softplus_v2_api_suite()); }

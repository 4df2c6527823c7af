/* The Mish family's APIs (doc/CANN.md#mish): aclnnMish, aclnnInplaceMish, aclnnMishBackward, the
 * validation order and codes of ops-nn's aclnn_mish.cpp and aclnn_mish_backward.cpp per profile,
 * CANN's op_api UT cases (tests/ut of activation/mish and activation/mish_grad), empty tensors (the
 * doc says unsupported, the code returns success with workspace 0: the code), broadcasting and
 * promotion in the backward. Each case runs phase 2 when phase 1 succeeds. */
#include "acpu_test_cases.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define F64 ACL_DOUBLE
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define MISH(soc, self, out, want, arg) {"aclnnMish", soc, {self, out}, {{0}}, want, arg, __LINE__}
#define INPLACE(soc, self, want, arg) {"aclnnInplaceMish", soc, {self}, {{0}}, want, arg, __LINE__}
#define BWD(soc, go, x, gi, want, arg) {"aclnnMishBackward", soc, {go, x, gi}, {{0}}, want, arg, __LINE__}
/* clang-format on */
#define D4 2, 2, 3, 2

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* aclnnMish: ops-nn's op_api UT cases (test_aclnn_mish.cpp) */
    MISH(NULL, T(F32, D4), T(F32, D4), OK, NULL),
    MISH(NULL, T(F16, D4), T(F16, D4), OK, NULL),
    MISH("Ascend910B", T(BF16, D4), T(BF16, D4), OK, NULL),
    MISH(NULL, T(F64, D4), T(F64, D4), INV, "self"),
    MISH(NULL, T(ACL_INT32, D4), T(ACL_INT32, D4), INV, "self"),
    MISH(NULL, T(F32, 1, 1, 0, 2), T(F32, 1, 1, 0, 2), OK, NULL),
    MISH(NULL, TNULL, T(F32, 10, 5), NUL, "self"),
    MISH(NULL, T(F32, 10, 5), TNULL, NUL, "out"),
    MISH(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8, 9), T(F32, 1, 1, 2, 3), INV, "dims"),
    MISH(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), OK, NULL),
    MISH(NULL, T0(F32), T0(F32), OK, NULL),
    MISH(NULL, TF(F16, ACL_FORMAT_NCHW, 2, 64, 11, 11), TF(F16, ACL_FORMAT_NCHW, 2, 64, 11, 11), OK, NULL),
    MISH(NULL, TF(F32, ACL_FORMAT_NCDHW, 2, 4, 8, 16, 32), TF(F32, ACL_FORMAT_NCDHW, 2, 4, 8, 16, 32), OK, NULL),
    /* the lists by arch (BF16 on DAV_2201 and regbase), self's before out's, one dtype, ranks, shape */
    MISH("Ascend910", T(BF16, 4), T(BF16, 4), INV, "self"),
    MISH("Ascend910_93", T(BF16, 4), T(BF16, 4), OK, NULL),
    MISH("Ascend950", T(BF16, 4), T(BF16, 4), OK, NULL),
    MISH(NULL, T(F32, 4), T(F64, 4), INV, "out"),
    MISH(NULL, T(F32, 4), T(F16, 4), INV, "out dtype must equal self"),
    MISH(NULL, T(F32, 4), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "out"),
    MISH(NULL, T(F32, 4), T(F32, 5), INV, "shape"),
    MISH(NULL, T(F32, 2, 0), T(F32, 2, 0), OK, NULL),
    /* aclnnInplaceMish: aclnnMish(selfRef, selfRef) */
    INPLACE(NULL, TNULL, NUL, "selfRef"),
    INPLACE(NULL, T(F16, 3, 5), OK, NULL),
    INPLACE("Ascend910", T(BF16, 4), INV, "selfRef"),
    INPLACE("Ascend910B", T(BF16, 4), OK, NULL),
    INPLACE(NULL, T(F64, 4), INV, "selfRef"),
    INPLACE(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), INV, "dims"),
    INPLACE(NULL, T(F32, 0, 4), OK, NULL),
    /* aclnnMishBackward: ops-nn's op_api UT cases (test_aclnn_mish_backward.cpp) */
    BWD(NULL, T(F32, D4), T(F32, D4), T(F32, D4), OK, NULL),
    BWD(NULL, T(F32, D4), T(F32, 2, 2, 3, 1), T(F32, D4), OK, NULL),
    BWD(NULL, T(F16, D4), T(F16, D4), T(F16, D4), OK, NULL),
    BWD(NULL, T(F64, D4), T(F64, D4), T(F64, D4), INV, "gradOutput"),
    BWD(NULL, T(ACL_INT32, D4), T(ACL_INT32, D4), T(ACL_INT32, D4), INV, "gradOutput"),
    BWD(NULL, T(F32, 2, 3, 2), T(F16, 2, 3, 2), T(F32, 2, 3, 2), OK, NULL),
    BWD(NULL, T(F32, 1, 1, 0, 2), T(F32, 1, 1, 0, 2), T(F32, 1, 1, 0, 2), OK, NULL),
    BWD(NULL, TNULL, T(F32, 10, 5), T(F32, 10, 5), NUL, "gradOutput"),
    BWD(NULL, T(F32, 10, 5), TNULL, T(F32, 10, 5), NUL, "self"),
    BWD(NULL, T(F32, 10, 5), T(F32, 10, 5), TNULL, NUL, "gradInput"),
    BWD(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8, 9), T(F32, 1, 1, 2, 3), T(F32, 1, 1, 2, 3), INV, "dims"),
    BWD(NULL, T(F32, 1, 2, 2, 3), T(F32, 1, 3, 2, 3), T(F32, 1, 1, 2, 3), INV, "broadcast"),
    BWD(NULL, T(BF16, D4), T(BF16, D4), T(BF16, D4), OK, NULL),
    BWD(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), T(F32, 1, 2, 3, 4, 5, 6, 7, 8), OK, NULL),
    BWD(NULL, T0(F32), T0(F32), T0(F32), OK, NULL),
    BWD(NULL, TF(F16, ACL_FORMAT_NCHW, 2, 64, 11, 11), TF(F16, ACL_FORMAT_NCHW, 2, 64, 11, 11),
        TF(F16, ACL_FORMAT_NCHW, 2, 64, 11, 11), OK, NULL),
    /* CANN's order: CanCast(self, gradInput) first, then the three lists, the ranks, the broadcast */
    BWD(NULL, T(F32, 4), T(ACL_COMPLEX64, 4), T(F32, 4), INV, "self dtype complex64 cannot be cast"),
    BWD(NULL, T(F64, 4), T(F32, 4), T(ACL_INT32, 4), INV, "cannot be cast"),
    BWD(NULL, T(F64, 4), T(F32, 4), T(F16, 4), INV, "gradOutput"),
    BWD(NULL, T(F32, 4), T(F32, 4), T(F64, 4), INV, "gradInput"),
    BWD("Ascend910", T(BF16, 4), T(F32, 4), T(F32, 4), INV, "gradOutput"),
    BWD("Ascend910", T(F32, 4), T(F16, 4), T(F16, 4), OK, NULL),
    BWD("Ascend950", T(BF16, 4), T(BF16, 4), T(F32, 4), OK, NULL),
    BWD(NULL, T(F32, 4), T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 4), INV, "dims"),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 4), T(F32, 3, 4), OK, NULL),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 4), T(F32, 4, 3), INV, "broadcast"),
    /* empty: any of the three (after the checks) */
    BWD(NULL, T(F32, 0, 4), T(F32, 4), T(F32, 0, 4), OK, NULL),
    BWD(NULL, T(F32, 1, 4), T(F32, 0, 1), T(F32, 0, 4), OK, NULL),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

static Suite *mish_api_suite(void)
{
    Suite *s = suite_create("mish_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(mish_api_suite()); }

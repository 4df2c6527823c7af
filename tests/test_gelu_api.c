/* The GELU family's APIs (doc/CANN.md#gelu): the validation order and codes of ops-nn's op_api
 * sources per profile, CANN's op_api UT cases (tests/ut/op_api of activation/gelu), empty tensors
 * and 0-dim calls. Each case runs phase 2 when phase 1 succeeds. */
#include <math.h>

#include "acpu_test_cases.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16
#define F64 ACL_DOUBLE
#define OK ACLNN_SUCCESS
#define NUL ACLNN_ERR_PARAM_NULLPTR
#define INV ACLNN_ERR_PARAM_INVALID

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define GELU(soc, self, out, want, arg) {"aclnnGelu", soc, {self, out}, {{0}}, want, arg, __LINE__}
#define V2(soc, x, approx, y, want, arg) {"aclnnGeluV2", soc, {x, y}, {I(approx)}, want, arg, __LINE__}
#define BWD(soc, go, x, gi, want, arg) {"aclnnGeluBackward", soc, {go, x, gi}, {{0}}, want, arg, __LINE__}
#define BV2(soc, go, x, a, gi, want, arg) {"aclnnGeluBackwardV2", soc, {go, x, gi}, {STR(a)}, want, arg, __LINE__}
/* clang-format on */
#define D4 2, 4, 6, 7
#define C16 1, 16, 1, 1

/* clang-format off */ /* a table: one row per line */
static const acpu_case k_cases[] = {
    /* aclnnGelu: ops-nn's op_api UT cases (test_aclnn_gelu.cpp) */
    GELU(NULL, TNULL, T(F16, D4), NUL, "self"),
    GELU(NULL, T(F16, D4), TNULL, NUL, "out"),
    GELU(NULL, T(F32, 2, 3), T(F16, 2, 3), INV, "out dtype"),
    GELU(NULL, T(ACL_INT32, 2, 3), T(ACL_INT32, 2, 3), INV, "self"),
    GELU(NULL, T(F32, 2, 4), T(F32, 2, 3), INV, "shape"),
    GELU(NULL, T(F32, 2, 3, 4), T(F32, 2, 3), INV, "shape"),
    GELU(NULL, T(ACL_DT_UNDEFINED, 2, 3), T(ACL_DT_UNDEFINED, 2, 3), INV, "self"),
    GELU(NULL, TF(F32, ACL_FORMAT_NCHW, D4), TF(F32, ACL_FORMAT_NHWC, D4), OK, NULL),
    GELU(NULL, TF(F16, ACL_FORMAT_NDHWC, 2, 4, 6, 7, 8), TF(F16, ACL_FORMAT_NCDHW, 2, 4, 6, 7, 8), OK, NULL),
    GELU(NULL, TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), OK, NULL),
    GELU(NULL, TF(F32, ACL_FORMAT_NC1HWC0, 2, 4, 6, 8, 5), TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), INV, "private"),
    GELU(NULL, TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), TF(F32, ACL_FORMAT_NC1HWC0, 2, 4, 6, 8, 8), INV, "private"),
    GELU(NULL, T(F32, 2, 4, 6, 8), T(F32, 2, 4, 6, 8), OK, NULL),
    GELU(NULL, T(F16, 2, 4, 6, 8, 4, 5), T(F16, 2, 4, 6, 8, 4, 5), OK, NULL),
    /* BF16 where the arch has it (DAV_2201, regbase), the list, the out dtype */
    GELU("Ascend910", T(BF16, 4), T(BF16, 4), INV, "self"),
    GELU("Ascend910B", T(BF16, 4), T(BF16, 4), OK, NULL),
    GELU("Ascend910_93", T(BF16, 4), T(BF16, 4), OK, NULL),
    GELU("Ascend950", T(BF16, 4), T(BF16, 4), OK, NULL),
    GELU(NULL, T(F64, 4), T(F64, 4), INV, "self"),
    GELU(NULL, T(F16, 4), T(F32, 4), INV, "out dtype"),
    /* CANN's order: dtypes, formats, rank, shape */
    GELU(NULL, TF(F32, ACL_FORMAT_FRACTAL_NZ, 4), T(F16, 5), INV, "out dtype"),
    GELU(NULL, TF(F32, ACL_FORMAT_FRACTAL_NZ, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 5), INV, "private"),
    GELU(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 5), INV, "dims"),
    GELU(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 2, 2, 2, 2, 2, 2, 2, 2), OK, NULL),
    /* empty: success, nothing to do; 0-dim: one element */
    GELU(NULL, T(F32, 2, 0), T(F32, 2, 0), OK, NULL),
    GELU(NULL, T0(F32), T0(F32), OK, NULL),
    /* aclnnGeluV2: ops-nn's op_api UT cases (tests/ut/op_host/op_api/test_gelu_v2.cpp) */
    V2(NULL, TNULL, 0, T(F16, D4), NUL, "x"),
    V2(NULL, T(F16, D4), 0, TNULL, NUL, "y"),
    V2(NULL, T(F32, 2, 3), 0, T(F16, 2, 3), INV, "y dtype"),
    V2(NULL, T(ACL_INT32, 2, 3), 0, T(ACL_INT32, 2, 3), INV, "x"),
    V2(NULL, T(F32, 2, 4), 0, T(F32, 2, 3), INV, "shape"),
    V2(NULL, T(F32, 2, 3, 4), 0, T(F32, 2, 3), INV, "shape"),
    V2(NULL, T(ACL_DT_UNDEFINED, 2, 3), 0, T(ACL_DT_UNDEFINED, 2, 3), INV, "x"),
    V2(NULL, TF(F32, ACL_FORMAT_NCHW, D4), 0, TF(F32, ACL_FORMAT_NHWC, D4), OK, NULL),
    V2(NULL, TF(F16, ACL_FORMAT_NDHWC, 2, 4, 6, 7, 8), 0, TF(F16, ACL_FORMAT_NCDHW, 2, 4, 6, 7, 8), OK, NULL),
    V2(NULL, TF(F32, ACL_FORMAT_NC1HWC0, 2, 4, 6, 8, 5), 0, TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), INV, "shape"),
    V2(NULL, TF(F32, ACL_FORMAT_HWCN, 2, 4, 6, 8), 0, TF(F32, ACL_FORMAT_NC1HWC0, 2, 4, 6, 8, 8), INV, "shape"),
    V2(NULL, T(F16, 2, 4, 6, 8, 4, 5), 0, T(F16, 2, 4, 6, 8, 4, 5), OK, NULL),
    /* approximate is not checked: 1 is tanh, anything else none; no format check, no rank limit */
    V2(NULL, T(F32, 4), 1, T(F32, 4), OK, NULL),
    V2(NULL, T(F32, 4), -7, T(F32, 4), OK, NULL),
    V2(NULL, T(F32, 4), 2, T(F32, 4), OK, NULL),
    V2(NULL, TF(F32, ACL_FORMAT_FRACTAL_NZ, 4), 0, T(F32, 4), OK, NULL),
    V2(NULL, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), 1, T(F32, 2, 2, 2, 2, 2, 2, 2, 2, 2), OK, NULL),
    /* CANN's order: y's dtype before x's list; BF16 on 910B..910E */
    V2(NULL, T(F64, 4), 0, T(F32, 4), INV, "y dtype"),
    V2(NULL, T(F64, 4), 0, T(F64, 5), INV, "x dtype"),
    V2("Ascend910", T(BF16, 4), 0, T(BF16, 4), INV, "x"),
    V2("Ascend910B", T(BF16, 4), 0, T(BF16, 4), OK, NULL),
    V2("Ascend950", T(BF16, 4), 1, T(BF16, 4), OK, NULL),
    V2(NULL, T(F32, 0, 3), 0, T(F32, 0, 3), OK, NULL),
    V2(NULL, T0(F16), 0, T0(F16), OK, NULL),
    /* aclnnGeluBackward: ops-nn's op_api UT cases (test_aclnn_gelu_grad.cpp) */
    BWD(NULL, T(F32, 2, 5), T(F32, 2, 5), T(F32, 2, 5), OK, NULL),
    BWD(NULL, T(F32, 1, 5), T(F32, 2, 5), T(F32, 2, 5), OK, NULL),
    BWD("Ascend950", T(F32, 1, 5), T(F32, 2, 5), T(F32, 2, 5), OK, NULL),
    BWD(NULL, T(F16, 2, 5), T(F16, 2, 5), T(F16, 2, 5), OK, NULL),
    BWD(NULL, T(F32, 0), T(F32, 0), T(F32, 0), OK, NULL),
    BWD(NULL, TNULL, T(F32, C16), T(F32, C16), NUL, "gradOutput"),
    BWD(NULL, T(F32, C16), TNULL, T(F32, C16), NUL, "self"),
    BWD(NULL, T(F32, C16), T(F32, C16), TNULL, NUL, "gradInput"),
    BWD(NULL, T(F64, C16), T(F32, C16), T(F64, C16), INV, "promotion"),
    BWD(NULL, T(F32, C16), T(F16, C16), T(F32, C16), OK, NULL),
    BWD(NULL, T(F16, C16), T(F32, C16), T(F32, C16), OK, NULL),
    BWD(NULL, T(F32, C16), TF(F32, ACL_FORMAT_NCHW, C16), T(F32, C16), OK, NULL),
    BWD(NULL, T(F32, C16), TF(F32, ACL_FORMAT_NC1HWC0, C16), T(F32, C16), OK, NULL),
    BWD(NULL, T(F32, C16), T(F32, 1, 1, 4, 4), T(F32, C16), INV, "broadcast"),
    BWD(NULL, T(ACL_COMPLEX64, C16), T(ACL_COMPLEX64, C16), T(ACL_COMPLEX64, C16), INV, "promotion"),
    BWD(NULL, T(ACL_COMPLEX128, C16), T(ACL_COMPLEX128, C16), T(ACL_COMPLEX128, C16), INV, "promotion"),
    BWD(NULL, T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), INV,
        "dims"),
    BWD(NULL, T(F32, 16, 16), T(F32, 0), T(F32, 16, 16), INV, "broadcast"),
    BWD(NULL, T(F32, 0), T(F32, 16, 16), T(F32, 0), INV, "broadcast"),
    BWD(NULL, T(F32, 16), T(F32, 16, 16), T(F32, 16, 16), OK, NULL),
    BWD(NULL, T(F32, 16, 5, 5), T(F32, 5, 5), T(F32, 16, 5, 5), OK, NULL),
    BWD(NULL, T(F16, 2, 4, 8, 16, 32), T(F16, 2, 4, 8, 16, 32), T(F16, 2, 4, 8, 16, 32), OK, NULL),
    BWD(NULL, T0(F32), T0(F32), T0(F32), OK, NULL),
    BWD(NULL, T(BF16, 2, 4, 6, 8), T(BF16, 2, 4, 6, 8), T(BF16, 2, 4, 6, 8), OK, NULL),
    BWD(NULL, T(ACL_INT32, 2, 4), T(ACL_INT32, 2, 4), T(ACL_INT32, 2, 4), INV, "promotion"),
    BWD(NULL, T(ACL_DT_UNDEFINED, 2, 4), T(ACL_DT_UNDEFINED, 2, 4), T(ACL_DT_UNDEFINED, 2, 4), INV, "promotion"),
    /* the promotion (CANN's table): integers and bool take the float's dtype, BF16 with FLOAT16 is FLOAT,
     * uint16/32/64 promote with no real type; BF16 promotions only on DAV_2201 and regbase */
    BWD(NULL, T(ACL_INT32, 4), T(F32, 4), T(F32, 4), OK, NULL),
    BWD(NULL, T(ACL_BOOL, 4), T(F16, 4), T(F16, 4), OK, NULL),
    BWD(NULL, T(ACL_INT8, 4), T(BF16, 4), T(BF16, 4), OK, NULL),
    BWD(NULL, T(BF16, 4), T(F16, 4), T(F32, 4), OK, NULL),
    BWD(NULL, T(ACL_UINT16, 4), T(F32, 4), T(F32, 4), INV, "no promotion"),
    BWD(NULL, T(ACL_UINT64, 4), T(F16, 4), T(F16, 4), INV, "no promotion"),
    BWD(NULL, T(ACL_COMPLEX64, 4), T(F32, 4), T(F32, 4), INV, "promotion complex64"),
    BWD("Ascend910", T(BF16, 4), T(BF16, 4), T(BF16, 4), INV, "promotion bfloat16"),
    BWD("Ascend910", T(BF16, 4), T(F32, 4), T(F32, 4), OK, NULL),
    BWD("Ascend910_93", T(BF16, 4), T(ACL_INT32, 4), T(BF16, 4), OK, NULL),
    /* gradInput: CANN casts to any dtype; here the promotion's cast targets */
    BWD(NULL, T(F32, 4), T(F32, 4), T(F16, 4), OK, NULL),
    BWD(NULL, T(F16, 4), T(F16, 4), T(F64, 4), OK, NULL),
    BWD(NULL, T(F16, 4), T(F16, 4), T(ACL_COMPLEX64, 4), OK, NULL),
    BWD(NULL, T(F32, 4), T(F32, 4), T(ACL_INT32, 4), INV, "cast target"),
    /* broadcasting to gradInput's shape, on every profile (BroadcastTo off regbase) */
    BWD("Ascend910B", T(F32, 3, 1), T(F32, 1, 4), T(F32, 3, 4), OK, NULL),
    BWD(NULL, T(F32, 3, 1), T(F32, 1, 4), T(F32, 4, 3), INV, "broadcast"),
    /* aclnnGeluBackwardV2: ops-nn's op_api UT cases (test_gelu_backward_v2.cpp) */
    BV2(NULL, T(F32, 2, 5), T(F32, 2, 5), "none", T(F32, 2, 5), OK, NULL),
    BV2(NULL, T(F16, 2, 5), T(F16, 2, 5), "tanh", T(F16, 2, 5), OK, NULL),
    BV2(NULL, T(F32, 0), T(F32, 0), "tanh", T(F32, 0), OK, NULL),
    BV2(NULL, TNULL, T(F32, C16), "none", T(F32, C16), NUL, "gradOutput"),
    BV2(NULL, T(F32, C16), TNULL, "none", T(F32, C16), NUL, "self"),
    BV2(NULL, T(F32, C16), T(F32, C16), NULL, T(F32, C16), NUL, "approximate"),
    BV2(NULL, T(F32, C16), T(F32, C16), "none", TNULL, NUL, "gradInput"),
    BV2(NULL, T(F64, C16), T(F32, C16), "none", T(F64, C16), INV, "promotion"),
    BV2(NULL, T(F32, C16), T(F16, C16), "none", T(F32, C16), OK, NULL),
    BV2(NULL, T(F16, C16), T(F32, C16), "none", T(F32, C16), OK, NULL),
    BV2(NULL, T(F16, C16), T(F32, C16), "test", T(F32, C16), INV, "approximate"),
    BV2(NULL, T(F32, C16), TF(F32, ACL_FORMAT_NC1HWC0, C16), "none", T(F32, C16), OK, NULL),
    BV2(NULL, T(F32, C16), T(F32, 1, 1, 4, 4), "tanh", T(F32, C16), INV, "broadcast"),
    BV2(NULL, T(ACL_COMPLEX64, C16), T(ACL_COMPLEX64, C16), "tanh", T(ACL_COMPLEX64, C16), INV, "promotion"),
    BV2(NULL, T(ACL_COMPLEX128, C16), T(ACL_COMPLEX128, C16), "tanh", T(ACL_COMPLEX128, C16), INV, "promotion"),
    BV2(NULL, T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), "none",
        T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), OK, NULL),
    BV2(NULL, T(F32, 16, 16), T(F32, 0), "tanh", T(F32, 16, 16), INV, "broadcast"),
    BV2(NULL, T(F32, 0), T(F32, 16, 16), "tanh", T(F32, 0), INV, "broadcast"),
    BV2(NULL, T(F32, 16), T(F32, 16, 16), "tanh", T(F32, 16, 16), OK, NULL),
    BV2(NULL, T(F32, 16, 5, 5), T(F32, 5, 5), "tanh", T(F32, 16, 5, 5), OK, NULL),
    BV2(NULL, T0(F32), T0(F32), "none", T0(F32), OK, NULL),
    BV2(NULL, T(BF16, 2, 4, 6, 8), T(BF16, 2, 4, 6, 8), "tanh", T(BF16, 2, 4, 6, 8), OK, NULL),
    BV2(NULL, T(ACL_INT32, 2, 4), T(ACL_INT32, 2, 4), "none", T(ACL_INT32, 2, 4), INV, "promotion"),
    BV2(NULL, T(ACL_DT_UNDEFINED, 2, 4), T(ACL_DT_UNDEFINED, 2, 4), "none", T(ACL_DT_UNDEFINED, 2, 4), INV,
        "promotion"),
    BV2(NULL, T(F32, 1, 2, 3, 4, 5, 6, 7), T(F32, 1, 2, 3, 4, 5, 6, 7), "none", T(F32, 1, 2, 3, 4, 5, 6, 7), OK, NULL),
    /* gradInput must be the promotion; CANN's order: NULLs (approximate last), promotion, shapes, the string */
    BV2(NULL, T(F32, 4), T(F32, 4), "none", T(F16, 4), INV, "gradInput dtype must be float32"),
    BV2(NULL, T(ACL_INT32, 4), T(F16, 4), "none", T(F16, 4), OK, NULL),
    BV2(NULL, TNULL, T(F32, 4), NULL, T(F32, 4), NUL, "gradOutput"),
    BV2(NULL, T(F32, 4), T(F32, 4), NULL, TNULL, NUL, "gradInput"),
    BV2(NULL, T(F64, 4), T(F32, 4), NULL, T(F64, 4), NUL, "approximate"),
    BV2(NULL, T(F64, 4), T(F32, 4), "test", T(F64, 4), INV, "promotion"),
    BV2(NULL, T(F32, 4), T(F32, 5), "test", T(F32, 4), INV, "broadcast"),
    BV2(NULL, T(F32, 4), T(F32, 4), "Tanh", T(F32, 4), INV, "approximate"),
    BV2(NULL, T(F32, 4), T(F32, 4), "", T(F32, 4), INV, "approximate"),
    BV2("Ascend910", T(BF16, 4), T(BF16, 4), "tanh", T(BF16, 4), INV, "promotion"),
    BV2("Ascend910B", T(BF16, 4), T(F16, 4), "none", T(F32, 4), OK, NULL),
    BV2(NULL, T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2), T(F32, 1, 2, 2, 2, 2, 2, 2, 2, 2), "none",
        T(F32, 9, 2, 2, 2, 2, 2, 2, 2, 2), INV, "broadcast"),
};
/* clang-format on */

ACPU_CASE_TABLE_TEST(test_cases, k_cases)

static Suite *gelu_api_suite(void)
{
    Suite *s = suite_create("gelu_api");
    TCase *tc = tcase_create("validation");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof k_cases / sizeof k_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(gelu_api_suite()); }

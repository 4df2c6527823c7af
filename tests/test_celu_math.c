/* Accuracy of aclnnCelu / aclnnInplaceCelu (kernel CeluV2, doc/NUMERICS.md#celu) against double
 * references, through the public API on the ISA under test. The reference starts from the kernel's
 * rounded u = fp32(x * invAlpha) (invAlpha = fp32(1 / alpha)) and uses the fp32 alpha:
 *   celu = x > 0 ? x : alpha * expm1(u)
 *   - fp32 on every 4099th input for alpha 1, 1.3, 0.25 and -1.5, fp16 and bf16 on every input:
 *     within the bounds below (Kahan's expm1 u (e - 1) / ln e where |u| < 0.5, the naive e - 1
 *     beyond: an exp rounding of e ~ 0.6 is up to 2 ulp of e - 1 there);
 *   - the kernel's guards: log(e) == 0 (|u| below 2^-25: the result is alpha * u), u = +-0.5 on both
 *     sides, exp overflow and underflow (+inf and -alpha), +-inf, NaN (propagated), +-0;
 *   - x > 0 gives x exactly; in place gives the out-of-place bits. */
#include <float.h>

#include "acpu_test_sweep.h"
#include "aclnnop/aclnn_celu.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

#define CELU_F32_ULP 3.0
#define CELU_16_ULP 0.51
#define CELU_16_NEAREST 0.9995

static float g_alpha = 1.0f;

static aclnnStatus celu_call(const aclTensor *const *in, aclTensor *out)
{
    aclScalar *a = acpu_test_scalar_f32(g_alpha);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnCeluGetWorkspaceSize(in[0], a, out, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        rc = acpu_test_run_phase2(aclnnCelu, ws, exec);
    aclDestroyScalar(a);
    return rc;
}

static aclnnStatus inplace_call(const aclTensor *const *in, aclTensor *out)
{
    (void)in;
    aclScalar *a = acpu_test_scalar_f32(g_alpha);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnInplaceCeluGetWorkspaceSize(out, a, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        rc = acpu_test_run_phase2(aclnnInplaceCelu, ws, exec);
    aclDestroyScalar(a);
    return rc;
}

static double celu_ref(const double *x)
{
    double u = (double)(float)(x[0] * (double)(1.0f / g_alpha));
    double neg = (double)g_alpha * expm1(u);
    return fmax(0.0, x[0]) + fmin(0.0, neg);
}

START_TEST(test_fp32)
{
    static const float alphas[] = {1.0f, 1.3f, 0.25f, -1.5f};
    for (int k = 0; k < 4; k++) {
        g_alpha = alphas[k];
        acpu_sweep_result r;
        acpu_sweep_unary(celu_call, celu_ref, F32, 4099u, &r);
        acpu_sweep_print("celu", F32, &r);
        ck_assert_uint_gt(r.checked, 700000u);
        ck_assert_msg(r.max_ulp <= CELU_F32_ULP, "celu(alpha %g) fp32: %.3f ulp at %a", (double)g_alpha, r.max_ulp,
                      r.worst_in[0]);
    }
    g_alpha = 1.0f;
}
END_TEST

START_TEST(test_16bit)
{
    static const aclDataType dts[] = {F16, BF16};
    static const float alphas[] = {1.0f, 1.3f};
    for (int a = 0; a < 2; a++)
        for (int k = 0; k < 2; k++) {
            g_alpha = alphas[a];
            acpu_sweep_result r;
            acpu_sweep_unary(celu_call, celu_ref, dts[k], 1u, &r);
            acpu_sweep_print("celu", dts[k], &r);
            ck_assert_uint_gt(r.checked, 60000u);
            ck_assert_msg(r.max_ulp <= CELU_16_ULP, "celu %d: %.3f ulp at %a", dts[k], r.max_ulp, r.worst_in[0]);
            ck_assert_msg((double)r.nearest >= CELU_16_NEAREST * (double)r.checked, "celu %d: %llu of %llu nearest",
                          dts[k], (unsigned long long)r.nearest, (unsigned long long)r.checked);
        }
    g_alpha = 1.0f;
}
END_TEST

static double one(float x) { return acpu_sweep_one(celu_call, F32, x); }

START_TEST(test_specials)
{
    g_alpha = 1.0f;
    ck_assert(one(INFINITY) == INFINITY && one(-INFINITY) == -1.0);
    ck_assert(isnan(one(NAN)));
    ck_assert(one(0.0f) == 0.0 && one(-0.0f) == 0.0);
    ck_assert(one(-200.0f) == -1.0);                    /* exp underflows: naive e - 1 = -1 */
    ck_assert(one(3.5f) == 3.5 && one(1e30f) == 1e30f); /* x > 0: x */
    /* |u| < 2^-25: e rounds to 1, log(e) == 0, the result is alpha * u */
    ck_assert(one(-0x1p-30f) == -0x1p-30);
    ck_assert(one(-0x1p-140f) == -0x1p-140);
    /* both sides of the |u| < 0.5 switch */
    static const float at[] = {-0.5f, -0.49999997f, -0.50000006f, -1e-3f, -3.0f};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        ck_assert_msg(acpu_test_ulp_error(F32, one(at[i]), expm1((double)at[i])) <= CELU_F32_ULP, "celu(%a) = %a",
                      at[i], one(at[i]));
    /* alpha large: u tiny everywhere, Kahan's branch */
    g_alpha = 1e6f;
    double r = one(-3.0f);
    ck_assert_msg(acpu_test_ulp_error(F32, r, 1e6 * expm1(-3.0 * (double)(1.0f / 1e6f))) <= CELU_F32_ULP,
                  "celu(-3, 1e6) = %a", r);
    g_alpha = 1.0f;
}
END_TEST

START_TEST(test_inplace_same_bits)
{
    enum { N = 4099 };
    static double x[N], a[N], b[N];
    acpu_test_lcg_seed(0xce1u, 32);
    for (int i = 0; i < N; i++)
        x[i] = acpu_test_lcg_sym(12.0);
    static const aclDataType dts[] = {F32, F16, BF16};
    g_alpha = 1.3f;
    for (int k = 0; k < 3; k++) {
        double y[N];
        memcpy(y, x, sizeof y);
        acpu_sweep_call_n(celu_call, 1, dts[k], (double *const[]){y}, a, N);
        const int64_t shape[1] = {N};
        void *buf = calloc(N, acpu_test_esize(dts[k]));
        for (int i = 0; i < N; i++)
            acpu_test_store(dts[k], buf, (size_t)i, x[i]);
        aclTensor *t = acpu_test_tensor(dts[k], shape, 1, buf);
        ck_assert_int_eq(inplace_call(NULL, t), ACLNN_SUCCESS);
        for (int i = 0; i < N; i++)
            b[i] = acpu_test_load(dts[k], buf, (size_t)i);
        aclDestroyTensor(t);
        free(buf);
        ck_assert_msg(memcmp(a, b, sizeof a) == 0, "dtype %d: in place differs", dts[k]);
    }
    g_alpha = 1.0f;
}
END_TEST

static Suite *celu_math_suite(void)
{
    Suite *s = suite_create("celu_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_fp32);
    tcase_add_test(tc, test_16bit);
    tcase_add_test(tc, test_specials);
    tcase_add_test(tc, test_inplace_same_bits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(celu_math_suite()); }

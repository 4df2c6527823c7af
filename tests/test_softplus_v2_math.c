/* Accuracy of aclnnSoftplus (kernel SoftplusV2, doc/NUMERICS.md#softplus-forward) against double
 * references, through the public API on the ISA under test. The reference starts from the kernel's
 * rounded z = fp32(beta * x) and scales by its fp32 invBeta (the kernel's own roundings of the
 * attributes), so the figures are the evaluation's:
 *   softplus = z > threshold ? x : log1p(exp(z)) * invBeta
 *   - fp32 on every 4099th input for (beta, threshold) = (1, 20), (1.5, 5), (-0.7, 3), fp16 and
 *     bf16 on every input: within the bounds below in ulps of the output type, 16-bit mostly equal
 *     to the once-rounded value;
 *   - the written-out log1p: tiny e (u == 1: the result is e * invBeta), large z up to the
 *     threshold, exp overflowing for z > 88.72 (threshold above it: CANN's order gives +inf);
 *   - the threshold compare (z > threshold gives x, z == threshold the softplus), NaN z or
 *     threshold, beta 0 and |beta| <= FLT_EPSILON (invBeta = +inf), +-inf, +-0. */
#include <float.h>

#include "acpu_test_sweep.h"
#include "aclnnop/aclnn_softplus.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

#define SP_F32_ULP 3.5
#define SP_16_ULP 0.51
#define SP_16_NEAREST 0.9995

static float g_beta = 1.0f, g_threshold = 20.0f;

static aclnnStatus sp_call(const aclTensor *const *in, aclTensor *out)
{
    aclScalar *b = acpu_test_scalar_f32(g_beta), *t = acpu_test_scalar_f32(g_threshold);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnSoftplusGetWorkspaceSize(in[0], b, t, out, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        rc = acpu_test_run_phase2(aclnnSoftplus, ws, exec);
    aclDestroyScalar(b);
    aclDestroyScalar(t);
    return rc;
}

static float inv_beta(float b) { return fabsf(b) <= FLT_EPSILON ? INFINITY : 1.0f / b; }

/* Where exp(z) is finite in fp32 (z <= 88.72), the value of the kernel's formula. */
static double sp_ref(const double *x)
{
    double z = (double)(float)((double)g_beta * x[0]);
    if (z > g_threshold)
        return x[0];
    if (z > 88.72283172607421875)
        return NAN;
    return log1p(exp(z)) * (double)inv_beta(g_beta);
}

static void set_attrs(float beta, float threshold)
{
    g_beta = beta;
    g_threshold = threshold;
}

START_TEST(test_fp32)
{
    static const float attrs[3][2] = {{1.0f, 20.0f}, {1.5f, 5.0f}, {-0.7f, 3.0f}};
    for (int k = 0; k < 3; k++) {
        set_attrs(attrs[k][0], attrs[k][1]);
        acpu_sweep_result r;
        acpu_sweep_unary(sp_call, sp_ref, F32, 4099u, &r);
        acpu_sweep_print("softplus", F32, &r);
        ck_assert_uint_gt(r.checked, 1000000u);
        ck_assert_msg(r.max_ulp <= SP_F32_ULP, "softplus(beta %g) fp32: %.3f ulp at %a", (double)g_beta, r.max_ulp,
                      r.worst_in[0]);
    }
    set_attrs(1.0f, 20.0f);
}
END_TEST

START_TEST(test_16bit)
{
    static const aclDataType dts[] = {F16, BF16};
    static const float attrs[2][2] = {{1.0f, 20.0f}, {1.5f, 5.0f}};
    for (int a = 0; a < 2; a++)
        for (int k = 0; k < 2; k++) {
            set_attrs(attrs[a][0], attrs[a][1]);
            acpu_sweep_result r;
            acpu_sweep_unary(sp_call, sp_ref, dts[k], 1u, &r);
            acpu_sweep_print("softplus", dts[k], &r);
            ck_assert_uint_gt(r.checked, 60000u);
            ck_assert_msg(r.max_ulp <= SP_16_ULP, "softplus %d: %.3f ulp at %a", dts[k], r.max_ulp, r.worst_in[0]);
            ck_assert_msg((double)r.nearest >= SP_16_NEAREST * (double)r.checked, "softplus %d: %llu of %llu nearest",
                          dts[k], (unsigned long long)r.nearest, (unsigned long long)r.checked);
        }
    set_attrs(1.0f, 20.0f);
}
END_TEST

static double one(float x) { return acpu_sweep_one(sp_call, F32, x); }

START_TEST(test_specials)
{
    set_attrs(1.0f, 20.0f);
    ck_assert(one(20.5f) == 20.5f);                         /* z > threshold: x */
    ck_assert(fabs(one(20.0f) - log1p(exp(20.0))) <= 4e-6); /* z == threshold: the softplus */
    ck_assert(one(INFINITY) == INFINITY);
    ck_assert(one(-INFINITY) == 0.0);
    ck_assert(isnan(one(NAN)));
    ck_assert(fabs(one(0.0f) - log(2.0)) <= 1e-7 && fabs(one(-0.0f) - log(2.0)) <= 1e-7);
    /* tiny e: u rounds to 1, the result is e itself */
    ck_assert_msg((float)one(-20.0f) == (float)exp(-20.0) || acpu_test_ulp_error(F32, one(-20.0f), exp(-20.0)) <= 1.0,
                  "softplus(-20) = %a", one(-20.0f));
    ck_assert(one(-104.0f) == 0.0);
    /* threshold above exp's overflow: 1 + e == inf gives +inf (CANN's order) */
    set_attrs(1.0f, 100.0f);
    ck_assert(one(95.0f) == INFINITY);
    ck_assert(fabs(one(80.0f) - 80.0) <= 8e-6 * 80.0);
    /* NaN threshold: every compare false, the softplus everywhere */
    set_attrs(1.0f, NAN);
    ck_assert(fabs(one(30.0f) - 30.0) <= 1e-5);
    /* beta 0 and |beta| <= FLT_EPSILON: invBeta = +inf; z = 0 (or tiny) gives log 2 * inf */
    set_attrs(0.0f, 20.0f);
    ck_assert(one(3.0f) == INFINITY);
    set_attrs(1e-8f, 20.0f);
    ck_assert(one(3.0f) == INFINITY);
    /* negative beta: z = -beta*|x|... */
    set_attrs(-2.0f, 20.0f);
    ck_assert(fabs(one(1.0f) - log1p(exp(-2.0)) / -2.0) <= 1e-7);
    set_attrs(1.0f, 20.0f);
}
END_TEST

static Suite *softplus_v2_math_suite(void)
{
    Suite *s = suite_create("softplus_v2_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_fp32);
    tcase_add_test(tc, test_16bit);
    tcase_add_test(tc, test_specials);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(softplus_v2_math_suite()); }

/* aclnnSwish and aclnnSwishBackward numerics (doc/NUMERICS.md#swish), through the public API on the
 * ISA that ACLNN_CPU_MAX_ISA selects:
 *   - Swish fp32 (betas 1.1, 2.5, -0.7, 29.18 and the scale -1 kernel): within 3 ulp of
 *     x / (1 + exp(-v)), v = beta * x rounded to fp32 as the kernel's product, where exp(-v) is
 *     finite; where it overflows, exactly x / inf (a signed zero), CANN's order;
 *   - SwishGrad fp32: within 5 ulp of |dy| * s * (1 + |v|) (s = 1 / (1 + exp(-v))) of the exact value
 *     where s is a normal fp32; below, its subnormal spacing times |dy| * (1 + |v|) on top; where
 *     exp(-v) overflows, exactly (v * 0 + 0) * dy, CANN's order;
 *   - fp16 / bf16 (every x of the type): equal to the fp32 kernel-order value (correctly rounded exp)
 *     rounded once in >= 99.99% of elements, never more than 1 ulp of the 16-bit type from it;
 *   - special values, the samples' values. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_swish_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* One contiguous call of n elements: Swish when dy is NULL, SwishBackward otherwise. */
static void sw_call(aclDataType dt, int64_t n, const void *dy, const void *x, void *out, float beta)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *tx = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)x);
    aclTensor *to = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, out);
    aclTensor *tdy = dy ? aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)dy) : NULL;
    aclScalar *b = acpu_test_scalar_f32(beta);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = dy ? aclnnSwishBackwardGetWorkspaceSize(tdy, tx, b, to, &ws, &exec)
                        : aclnnSwishGetWorkspaceSize(tx, b, to, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "%d (%s)", rc, aclGetRecentErrMsg());
    ck_assert_int_eq(acpu_test_run_phase2(dy ? aclnnSwishBackward : aclnnSwish, ws, exec), ACLNN_SUCCESS);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
    if (tdy)
        aclDestroyTensor(tdy);
    aclDestroyScalar(b);
}

static const float k_betas[] = {1.1f, 2.5f, -0.7f, 29.178823f, -1.0f};

/* ---- references ------------------------------------------------------------------------------------- */

/* swish_dag.h's orders with a correctly rounded exp: SwishOther t = x * -1; t = t * scale;
 * y = x / (exp(t) + 1); SwishNegOne y = x / (exp(x) + 1). */
static float swish_order(float x, float beta)
{
    volatile float t = x * -1.0f;
    if (beta == -1.0f)
        t = x;
    else
        t = t * beta;
    volatile float e = (float)exp((double)t);
    volatile float d = e + 1.0f;
    return x / d;
}

/* SwishGradCustom with a correctly rounded exp. */
static float swish_grad_order(float dy, float x, float beta)
{
    volatile float v = x * beta;
    volatile float m = -v;
    volatile float e = (float)exp((double)m);
    volatile float d = e + 1.0f;
    volatile float s = 1.0f / d;
    volatile float a = 1.0f - s;
    volatile float b = a * v;
    volatile float p = b * s;
    volatile float c = p + s;
    return c * dy;
}

static float rounded_v(float x, float beta)
{
    volatile float v = beta == -1.0f ? -x : x * beta;
    return v;
}

static double swish_exact(float x, float beta) { return (double)x / (1.0 + exp(-(double)rounded_v(x, beta))); }

static double swish_grad_exact(float dy, float x, float beta)
{
    double v = rounded_v(x, beta), e = exp(-v), s = 1.0 / (1.0 + e);
    return (double)dy * s * (1.0 + v * (s * e));
}

/* ---- Swish fp32 -------------------------------------------------------------------------------------- */

enum { F32_BATCH = 1 << 19 };

START_TEST(test_swish_f32_rule)
{
    float beta = k_betas[_i % N_ELEMS(k_betas)];
    int kind = _i / (int)N_ELEMS(k_betas);
    float *x = malloc(sizeof(float) * F32_BATCH), *out = malloc(sizeof(float) * F32_BATCH);
    ck_assert(x && out);
    acpu_test_lcg_seed(0x5A1u + (uint64_t)_i, 32);
    for (int i = 0; i < F32_BATCH; i++)
        x[i] = kind == 0 ? (float)acpu_test_lcg_logmag(-30, 7)
                         : (float)(acpu_test_lcg_range(-100.0, 100.0) / fabsf(beta));
    sw_call(ACL_FLOAT, F32_BATCH, NULL, x, out, beta);
    double worst = 0;
    for (int i = 0; i < F32_BATCH; i++) {
        float t = -rounded_v(x[i], beta);
        if (t > 88.7228f) { /* exp overflows: x / inf */
            float want = x[i] / INFINITY;
            ACPU_TEST_EXPECT(memcmp(&want, &out[i], 4) == 0, "beta %g x %a: got %a, want %a", (double)beta,
                             (double)x[i], (double)out[i], (double)want);
            continue;
        }
        double u = acpu_test_ulp_error(ACL_FLOAT, out[i], swish_exact(x[i], beta));
        ACPU_TEST_EXPECT(u <= 3.0, "beta %g x %a: got %a exact %.17g: %.2f ulp", (double)beta, (double)x[i],
                         (double)out[i], swish_exact(x[i], beta), u);
        worst = fmax(worst, u);
    }
    fprintf(stderr, "swish fp32 beta %g inputs %d (%s): worst %.2f ulp\n", (double)beta, kind,
            aclnnCpuIsaName(aclnnCpuGetIsa()), worst);
    free(x);
    free(out);
}
END_TEST

START_TEST(test_swish_special)
{
    float x[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0x1p-149f, 100.0f, -100.0f};
    float out[N_ELEMS(x)];
    sw_call(ACL_FLOAT, (int64_t)N_ELEMS(x), NULL, x, out, 1.1f);
    ck_assert(out[0] == 0.0f && !signbit(out[0]));
    ck_assert(out[1] == 0.0f && signbit(out[1]));
    ck_assert(out[2] == INFINITY);
    ck_assert(isnan(out[3])); /* -inf / (exp(inf) + 1) = -inf / inf */
    ck_assert(isnan(out[4]));
    ck_assert(out[5] == 0.0f); /* 2^-149 / 2 ties to even: 0 */
    ck_assert(out[6] == 100.0f);
    ck_assert(out[7] == 0.0f && signbit(out[7])); /* exp(110) overflows: -100 / inf */
}
END_TEST

/* The sample (x = 0..7, beta 1.1) to 6 decimals. */
START_TEST(test_swish_sample)
{
    float x[8] = {0, 1, 2, 3, 4, 5, 6, 7}, out[8];
    sw_call(ACL_FLOAT, 8, NULL, x, out, 1.1f);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(out[i] - swish_exact(x[i], 1.1f)) < 1e-6 * (1 + x[i]), "x %d: %.7f", i, (double)out[i]);
}
END_TEST

/* ---- SwishGrad fp32 ------------------------------------------------------------------------------------ */

static double grad_scaled_ulps(float dy, float x, float beta, float got)
{
    double v = rounded_v(x, beta);
    if (v < -88.7228) { /* exp(-v) overflows: s = 0, c = v * 0 + 0 */
        volatile float c = (float)v * 0.0f;
        c = c + 0.0f;
        float want = c * dy;
        return memcmp(&got, &want, sizeof got) == 0 ? 0.0 : INFINITY;
    }
    double s = 1.0 / (1.0 + exp(-v)), scale = fabs((double)dy) * s * (1.0 + fabs(v));
    double ulp = scale > 0 ? fmax(ldexp(1.0, ilogb(scale) - 23), ldexp(1.0, -149)) : ldexp(1.0, -149);
    double err = fabs((double)got - swish_grad_exact(dy, x, beta));
    if (v < -87.33) /* s is subnormal: its spacing times |dy| (1 + |v|) on top */
        err = fmax(0.0, err - fabs((double)dy) * (1.0 + fabs(v)) * ldexp(1.0, -149));
    return err / ulp;
}

START_TEST(test_swish_grad_f32_rule)
{
    float beta = k_betas[_i % N_ELEMS(k_betas)];
    int kind = _i / (int)N_ELEMS(k_betas);
    float *dy = malloc(sizeof(float) * F32_BATCH), *x = malloc(sizeof(float) * F32_BATCH);
    float *out = malloc(sizeof(float) * F32_BATCH);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x5A6u + (uint64_t)_i, 32);
    for (int i = 0; i < F32_BATCH; i++) {
        dy[i] = (float)acpu_test_lcg_logmag(-12, 12);
        switch (kind) {
        case 0: x[i] = (float)acpu_test_lcg_logmag(-24, 7); break;
        case 1: x[i] = (float)(acpu_test_lcg_range(-1.32, -1.24) / beta); break; /* c = 1 + v(1-s) crosses 0 */
        default: x[i] = (float)(acpu_test_lcg_range(-95.0, 100.0) / fabsf(beta)); break;
        }
    }
    sw_call(ACL_FLOAT, F32_BATCH, dy, x, out, beta);
    double worst = 0;
    for (int i = 0; i < F32_BATCH; i++) {
        double u = grad_scaled_ulps(dy[i], x[i], beta, out[i]);
        ACPU_TEST_EXPECT(u <= 5.0, "beta %g dy %a x %a: got %a exact %.17g: %.2f scaled ulp", (double)beta,
                         (double)dy[i], (double)x[i], (double)out[i], swish_grad_exact(dy[i], x[i], beta), u);
        worst = fmax(worst, u);
    }
    fprintf(stderr, "swish_grad fp32 beta %g inputs %d (%s): worst %.2f scaled ulp\n", (double)beta, kind,
            aclnnCpuIsaName(aclnnCpuGetIsa()), worst);
    free(dy);
    free(x);
    free(out);
}
END_TEST

START_TEST(test_swish_grad_special)
{
    float dy[] = {1.0f, 1.0f, 1.0f, -3.0f, 1.0f, 2.0f, NAN, INFINITY, 1.0f};
    float x[] = {INFINITY, -INFINITY, NAN, 0.0f, 100.0f, -0.0f, 1.0f, 1.0f, -100.0f};
    float out[N_ELEMS(dy)];
    sw_call(ACL_FLOAT, (int64_t)N_ELEMS(dy), dy, x, out, 1.1f);
    ck_assert(isnan(out[0]) && isnan(out[1]) && isnan(out[2])); /* inf * 0 inside, as SiluGrad */
    ck_assert(out[3] == -1.5f);                                 /* s = 1/2, v = 0: c = 1/2 */
    ck_assert(out[4] == 1.0f);                                  /* s = 1, 1 - s = 0 */
    ck_assert(out[5] == 1.0f);
    ck_assert(isnan(out[6]));
    ck_assert(isinf(out[7]) && out[7] > 0);
    ck_assert_msg(out[8] == 0.0f && !signbit(out[8]), "x -100: %a", (double)out[8]); /* (v*0 + 0) * 1 = +0 */
}
END_TEST

/* The sample (dy = 1, x = 1..6, beta 1.1) to 6 decimals. */
START_TEST(test_swish_grad_sample)
{
    float dy[6] = {1, 1, 1, 1, 1, 1}, x[6] = {1, 2, 3, 4, 5, 6}, out[6];
    sw_call(ACL_FLOAT, 6, dy, x, out, 1.1f);
    const double want[6] = {0.956367, 1.097810, 1.077638, 1.040589, 1.018225, 1.007596};
    for (int i = 0; i < 6; i++) {
        ck_assert_msg(fabs(out[i] - want[i]) < 1.5e-6, "x=%d: %.7f", i + 1, (double)out[i]);
        ck_assert(grad_scaled_ulps(1.0f, x[i], 1.1f, out[i]) <= 5.0);
    }
}
END_TEST

/* ---- fp16 / bf16: every x of the type --------------------------------------------------------------------- */

static uint16_t round16(aclDataType dt, float v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16((double)v) : acpu_test_f64_to_bf16((double)v);
}

static float widen16(aclDataType dt, uint16_t h)
{
    return dt == ACL_FLOAT16 ? acpu_test_f16_to_f32(h) : acpu_test_bf16_to_f32(h);
}

/* _i: dtype (2) x API (2) x beta (3: 1.1, -0.7, -1). */
START_TEST(test_16bit_exhaustive)
{
    aclDataType dt = _i % 2 == 0 ? ACL_FLOAT16 : ACL_BF16;
    bool grad = (_i / 2) % 2 == 1;
    const float betas[3] = {1.1f, -0.7f, -1.0f};
    float beta = betas[_i / 4];
    enum { N = 65536 };
    uint16_t *dy = malloc(2 * N), *x = malloc(2 * N), *out = malloc(2 * N);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x16Bu + (uint64_t)_i, 32);
    for (int i = 0; i < N; i++) {
        x[i] = (uint16_t)i;
        dy[i] = round16(dt, (float)acpu_test_lcg_sym(4.0));
    }
    sw_call(dt, N, grad ? dy : NULL, x, out, beta);
    long differ = 0, counted = 0;
    for (int i = 0; i < N; i++) {
        float fx = widen16(dt, x[i]), fdy = widen16(dt, dy[i]);
        float ref = grad ? swish_grad_order(fdy, fx, beta) : swish_order(fx, beta);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(widen16(dt, out[i])), "x %a: want NaN", (double)fx);
            continue;
        }
        counted++;
        if (out[i] == round16(dt, ref))
            continue;
        differ++;
        double u = acpu_test_ulp_error(dt, widen16(dt, out[i]), (double)ref);
        ACPU_TEST_EXPECT(u <= 1.0, "%s %s beta %g x %a dy %a: got %a, kernel order %a: %.3f ulp",
                         dt == ACL_FLOAT16 ? "fp16" : "bf16", grad ? "grad" : "swish", (double)beta, (double)fx,
                         (double)fdy, (double)widen16(dt, out[i]), (double)ref, u);
    }
    fprintf(stderr, "%s %s beta %g: %ld of %ld differ from the kernel-order value rounded once\n",
            grad ? "swish_grad" : "swish", dt == ACL_FLOAT16 ? "fp16" : "bf16", (double)beta, differ, counted);
    ck_assert_msg((double)differ <= 1e-4 * (double)counted, "%ld of %ld elements differ", differ, counted);
    free(dy);
    free(x);
    free(out);
}
END_TEST

static Suite *swish_math_suite(void)
{
    Suite *s = suite_create("swish_math");
    TCase *tc = tcase_create("Swish");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_swish_f32_rule, 0, 2 * (int)N_ELEMS(k_betas));
    tcase_add_test(tc, test_swish_special);
    tcase_add_test(tc, test_swish_sample);
    suite_add_tcase(s, tc);
    tc = tcase_create("SwishGrad");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_swish_grad_f32_rule, 0, 3 * (int)N_ELEMS(k_betas));
    tcase_add_test(tc, test_swish_grad_special);
    tcase_add_test(tc, test_swish_grad_sample);
    suite_add_tcase(s, tc);
    tc = tcase_create("16-bit");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_16bit_exhaustive, 0, 12);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(swish_math_suite()); }

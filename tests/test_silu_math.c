/* aclnnSiluBackward numerics (doc/NUMERICS.md#silu) and determinism, through the public API on the
 * ISA that ACLNN_CPU_MAX_ISA selects:
 *   - fp32: within 5 ulp of |dy|*sigma(x)*(1+|x|) of the exact value where sigma(x) is a normal
 *     fp32 (x >= -87.33); below, the subnormal spacing of sigma adds |dy|*(1+|x|)*2^-149; for
 *     x < -88.72 (exp(-x) overflows) the result is exactly dy * -0, as in CANN's order;
 *   - fp16 / bf16 (every x of the type, three dy patterns): equal to the fp32 kernel-order value
 *     (correctly rounded exp and division) rounded once in >= 99.99% of elements, never more than
 *     1 ulp of the 16-bit type from it;
 *   - special values, SiLU spec 3.4's derived values, the sample's values;
 *   - determinism: bit-identical results for any thread count, profile, UB (tile) size, core count
 *     and alignment, and for an element computed alone or inside a large call. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_silu_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* One contiguous call of n elements (input dtypes dt_dy / dt_x, output dt_out) on the current
 * settings; returns the status of phase 1 (phase 2 must succeed). */
static aclnnStatus silu_call(aclDataType dt_dy, aclDataType dt_x, aclDataType dt_out, int64_t n, const void *dy,
                             const void *x, void *out)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *t0 = aclCreateTensor(shape, 1, dt_dy, st, 0, ACL_FORMAT_ND, shape, 1, (void *)dy);
    aclTensor *t1 = aclCreateTensor(shape, 1, dt_x, st, 0, ACL_FORMAT_ND, shape, 1, (void *)x);
    aclTensor *t2 = aclCreateTensor(shape, 1, dt_out, st, 0, ACL_FORMAT_ND, shape, 1, out);
    ck_assert(t0 && t1 && t2);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnSiluBackwardGetWorkspaceSize(t0, t1, t2, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        ck_assert_int_eq(acpu_test_run_phase2(aclnnSiluBackward, ws, exec), ACLNN_SUCCESS);
    aclDestroyTensor(t0);
    aclDestroyTensor(t1);
    aclDestroyTensor(t2);
    return rc;
}

static void run_f32(int64_t n, const float *dy, const float *x, float *out)
{
    ck_assert_int_eq(silu_call(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, n, dy, x, out), ACLNN_SUCCESS);
}

/* ---- references ----------------------------------------------------------------------------------- */

/* Exact value in double: 1 - s computed as s * exp(-x) (no cancellation). */
static double silu_exact(double dy, double x)
{
    double e = exp(-x), s = 1.0 / (1.0 + e);
    return dy * s * (1.0 + x * (s * e));
}

/* CANN's fp32 order with a correctly rounded exp (double exp rounded to float) and IEEE division. */
static float kernel_order_f32(float dy, float x)
{
    volatile float t = x * -1.0f;
    volatile float e = (float)exp((double)t);
    volatile float d = e + 1.0f;
    volatile float s = 1.0f / d;
    volatile float a = 1.0f - s;
    volatile float b = x * a;
    volatile float c = b + 1.0f;
    volatile float g = s * c;
    return dy * g;
}

/* The distance of `got` from the exact value in ulp of |dy|*sigma(x)*(1+|x|) (the fp32 rule); below
 * x = -87.33 less the subnormal spacing of sigma, below -88.72 0 when got is exactly dy * -0. */
static double scaled_ulps(float dy, float x, float got)
{
    if (x < -88.7228f) { /* exp(-x) overflows: exactly dy * -0 (test_f32_overflow_zero) */
        float want = dy * -0.0f;
        return memcmp(&got, &want, sizeof got) == 0 ? 0.0 : INFINITY;
    }
    double scale = fabs((double)dy) / (1.0 + exp(-(double)x)) * (1.0 + fabs((double)x));
    double ulp = scale > 0 ? fmax(ldexp(1.0, ilogb(scale) - 23), ldexp(1.0, -149)) : ldexp(1.0, -149);
    double err = fabs((double)got - silu_exact(dy, x));
    if (x < -87.33f) /* sigma(x) is subnormal: its spacing 2^-149 times |dy|*(1+|x|) comes on top */
        err = fmax(0.0, err - fabs((double)dy) * (1.0 + fabs((double)x)) * ldexp(1.0, -149));
    return err / ulp;
}

/* ---- fp32 ------------------------------------------------------------------------------------------ */

enum { F32_BATCH = 1 << 20 };

static void f32_batch(int kind, float *dy, float *x)
{
    for (int i = 0; i < F32_BATCH; i++) {
        dy[i] = (float)acpu_test_lcg_logmag(-12, 12);
        switch (kind) {
        case 0: x[i] = (float)acpu_test_lcg_logmag(-24, 7); break;       /* every binade, both signs */
        case 1: x[i] = (float)acpu_test_lcg_range(-1.32, -1.24); break;  /* c = 1 + x(1-s) crosses 0 */
        case 2: x[i] = (float)acpu_test_lcg_range(-88.72, 100.0); break; /* the whole finite range */
        default: x[i] = (float)acpu_test_lcg_range(8.0, 88.0); break;    /* 1 - s keeps |x| 2^-25 */
        }
    }
}

START_TEST(test_f32_rule)
{
    float *dy = malloc(sizeof(float) * F32_BATCH), *x = malloc(sizeof(float) * F32_BATCH);
    float *out = malloc(sizeof(float) * F32_BATCH);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x51100u + (uint64_t)_i, 32);
    f32_batch(_i, dy, x);
    run_f32(F32_BATCH, dy, x, out);
    double worst = 0.0;
    for (int i = 0; i < F32_BATCH; i++) {
        double u = scaled_ulps(dy[i], x[i], out[i]);
        ACPU_TEST_EXPECT(u <= 5.0, "dy %a x %a: got %a exact %.17g: %.2f scaled ulp", (double)dy[i], (double)x[i],
                         (double)out[i], silu_exact(dy[i], x[i]), u);
        worst = fmax(worst, u);
    }
    fprintf(stderr, "silu fp32 batch %d (%s): worst %.2f scaled ulp\n", _i, aclnnCpuIsaName(aclnnCpuGetIsa()), worst);
    free(dy);
    free(x);
    free(out);
}
END_TEST

/* exp(-x) overflows below -88.72: s = 0, g = 0 * (1 + x) = -0, dx = dy * -0 (CANN's order). */
START_TEST(test_f32_overflow_zero)
{
    const float xs[] = {-88.73f, -89.0f, -100.0f, -1e10f, -FLT_MAX};
    const float dys[] = {1.0f, -2.5f, 0.0f, 1e30f};
    float dy[20], x[20], out[20];
    int n = 0;
    for (size_t i = 0; i < N_ELEMS(xs); i++)
        for (size_t j = 0; j < N_ELEMS(dys); j++, n++) {
            dy[n] = dys[j];
            x[n] = xs[i];
        }
    run_f32(n, dy, x, out);
    for (int i = 0; i < n; i++) {
        float want = dy[i] * -0.0f;
        ACPU_TEST_EXPECT(memcmp(&out[i], &want, sizeof want) == 0, "dy %g x %g: got %a, want %a", (double)dy[i],
                         (double)x[i], (double)out[i], (double)want);
    }
}
END_TEST

/* SiLU spec 3.4: +-inf and NaN give NaN; x = 0 gives dy/2; large x gives dy; derived single values. */
START_TEST(test_f32_special)
{
    float dy[] = {1.0f, 1.0f, 1.0f, -3.0f, 1.0f, 1.0f, 1.0f, 2.0f, NAN, INFINITY};
    float x[] = {INFINITY, -INFINITY, NAN, 0.0f, 20.0f, -20.0f, 100.0f, -0.0f, 1.0f, 1.0f};
    float out[N_ELEMS(dy)];
    run_f32((int64_t)N_ELEMS(dy), dy, x, out);
    ck_assert(isnan(out[0]) && isnan(out[1]) && isnan(out[2]));
    ck_assert(out[3] == -1.5f);
    ck_assert_msg(out[4] == 1.0f || fabsf(out[4] - 1.0f) <= 1.2e-7f, "x=20: %a", (double)out[4]);
    ck_assert_msg(fabs(out[5] - -3.91619217e-08) <= 5 * ldexp(1.0, -47), "x=-20: %.9g", (double)out[5]);
    ck_assert(out[6] == 1.0f);
    ck_assert(out[7] == 1.0f);
    ck_assert(isnan(out[8]));
    ck_assert(isinf(out[9]) && out[9] > 0);
}
END_TEST

/* The sample's six values to 6 decimals (SiLU spec 3.8), and each against the kernel order. */
START_TEST(test_sample_values)
{
    float dy[6] = {1, 1, 1, 1, 1, 1}, x[6] = {1, 2, 3, 4, 5, 6}, out[6];
    const double want[6] = {0.927671, 1.090784, 1.088104, 1.052665, 1.026547, 1.012326};
    run_f32(6, dy, x, out);
    for (int i = 0; i < 6; i++) {
        ck_assert_msg(fabs(out[i] - want[i]) < 5e-7, "x=%d: %.7f", i + 1, (double)out[i]);
        ck_assert_msg(scaled_ulps(dy[i], x[i], out[i]) <= 5.0, "x=%d", i + 1);
    }
}
END_TEST

/* ---- fp16 / bf16: every x of the type ------------------------------------------------------------- */

static uint16_t round16(aclDataType dt, float v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16((double)v) : acpu_test_f64_to_bf16((double)v);
}

static float widen16(aclDataType dt, uint16_t h)
{
    return dt == ACL_FLOAT16 ? acpu_test_f16_to_f32(h) : acpu_test_bf16_to_f32(h);
}

START_TEST(test_16bit_exhaustive)
{
    aclDataType dt = _i < 3 ? ACL_FLOAT16 : ACL_BF16;
    int pattern = _i % 3;
    enum { N = 65536 };
    uint16_t *dy = malloc(2 * N), *x = malloc(2 * N), *out = malloc(2 * N);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x16u + (uint64_t)_i, 32);
    for (int i = 0; i < N; i++) {
        x[i] = (uint16_t)i;
        double d = pattern == 0 ? 1.0 : (pattern == 1 ? -0.75 : acpu_test_lcg_sym(4.0));
        dy[i] = round16(dt, (float)d);
    }
    ck_assert_int_eq(silu_call(dt, dt, dt, N, dy, x, out), ACLNN_SUCCESS);
    long differ = 0, counted = 0;
    for (int i = 0; i < N; i++) {
        float fx = widen16(dt, x[i]), fdy = widen16(dt, dy[i]);
        float ref = kernel_order_f32(fdy, fx);
        uint16_t want = round16(dt, ref);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(widen16(dt, out[i])), "x %a: want NaN, got %a", (double)fx,
                             (double)widen16(dt, out[i]));
            continue;
        }
        counted++;
        if (out[i] == want)
            continue;
        differ++;
        double u = acpu_test_ulp_error(dt, widen16(dt, out[i]), (double)ref);
        ACPU_TEST_EXPECT(u <= 1.0, "%s x %a dy %a: got %a, kernel-order %a: %.3f ulp",
                         dt == ACL_FLOAT16 ? "fp16" : "bf16", (double)fx, (double)fdy, (double)widen16(dt, out[i]),
                         (double)ref, u);
    }
    fprintf(stderr, "silu %s pattern %d: %ld of %ld differ from the kernel-order value rounded once\n",
            dt == ACL_FLOAT16 ? "fp16" : "bf16", pattern, differ, counted);
    ck_assert_msg((double)differ <= 1e-4 * (double)counted, "%ld of %ld elements differ", differ, counted);
    free(dy);
    free(x);
    free(out);
}
END_TEST

/* Mixed input dtypes (Ascend950 / host): each input widened exactly, fp32 kernel, fp32 output equal
 * to the same-dtype fp32 call on the widened inputs. */
START_TEST(test_mixed_equals_widened)
{
    aclnnCpuSetPlatform("Ascend950", 0, 0);
    enum { N = 4099 };
    uint16_t *dy16 = malloc(2 * N), *x16 = malloc(2 * N);
    float *dy = malloc(4 * N), *x = malloc(4 * N), *a = malloc(4 * N), *b = malloc(4 * N);
    acpu_test_lcg_seed(0x31u, 32);
    for (int i = 0; i < N; i++) {
        dy16[i] = acpu_test_f64_to_bf16(acpu_test_lcg_sym(3.0));
        x16[i] = acpu_test_f64_to_f16(acpu_test_lcg_sym(12.0));
        dy[i] = acpu_test_bf16_to_f32(dy16[i]);
        x[i] = acpu_test_f16_to_f32(x16[i]);
    }
    ck_assert_int_eq(silu_call(ACL_BF16, ACL_FLOAT16, ACL_FLOAT, N, dy16, x16, a), ACLNN_SUCCESS);
    run_f32(N, dy, x, b);
    ck_assert_int_eq(memcmp(a, b, 4 * N), 0);
    aclnnCpuSetPlatform("host", 0, 0);
    free(dy16);
    free(x16);
    free(dy);
    free(x);
    free(a);
    free(b);
}
END_TEST

/* ---- determinism ------------------------------------------------------------------------------------ */

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
    int32_t threads;
    int offset; /* elements: misaligned buffers */
} det_setting;

static const det_setting k_det[] = {
    {"host", 0, 0, 1, 0},          {"host", 0, 0, 2, 1},      {"host", 0, 0, 3, 3},         {"host", 0, 0, 7, 0},
    {"host", 5, 4096, 2, 5},       {"Ascend950", 0, 0, 2, 0}, {"Ascend950", 3, 8192, 3, 7}, {"Ascend910B", 0, 0, 2, 0},
    {"Ascend910B", 7, 8192, 4, 1}, {"Ascend910", 0, 0, 1, 2},
};

START_TEST(test_determinism)
{
    aclDataType dt = _i == 0 ? ACL_FLOAT : (_i == 1 ? ACL_FLOAT16 : ACL_BF16);
    size_t es = dt == ACL_FLOAT ? 4 : 2;
    enum { N = 300007, PAD = 16 };
    unsigned char *dy = malloc(es * (N + PAD)), *x = malloc(es * (N + PAD)), *ref = malloc(es * N);
    unsigned char *out = malloc(es * (N + PAD));
    acpu_test_lcg_seed(0xde7u, 32);
    for (int i = 0; i < N + PAD; i++) {
        acpu_test_store(dt, dy, (size_t)i, acpu_test_lcg_sym(3.0));
        acpu_test_store(dt, x, (size_t)i, acpu_test_lcg_sym(16.0));
    }
    for (size_t k = 0; k < N_ELEMS(k_det); k++) {
        const det_setting *d = &k_det[k];
        if (dt == ACL_BF16 && strcmp(d->soc, "Ascend910") == 0)
            continue; /* no BF16 on that profile */
        ck_assert_int_eq(aclnnCpuSetPlatform(d->soc, d->cores, d->ub), ACL_SUCCESS);
        ck_assert_int_eq(aclnnCpuSetNumThreads(d->threads), ACL_SUCCESS);
        /* the inputs move with the offset too, so that every setting computes the same elements */
        unsigned char *sdy = malloc(es * (N + PAD)), *sx = malloc(es * (N + PAD));
        memcpy(sdy + es * (size_t)d->offset, dy, es * N);
        memcpy(sx + es * (size_t)d->offset, x, es * N);
        ck_assert_int_eq(silu_call(dt, dt, dt, N, sdy + es * (size_t)d->offset, sx + es * (size_t)d->offset,
                                   out + es * (size_t)d->offset),
                         ACLNN_SUCCESS);
        if (k == 0)
            memcpy(ref, out, es * N);
        else
            ck_assert_msg(memcmp(ref, out + es * (size_t)d->offset, es * N) == 0, "setting %zu differs", k);
        free(sdy);
        free(sx);
    }
    /* every element computed alone equals the same element of the large call */
    for (int i = 0; i < N; i += 9973) {
        unsigned char one[4];
        ck_assert_int_eq(silu_call(dt, dt, dt, 1, dy + es * (size_t)i, x + es * (size_t)i, one), ACLNN_SUCCESS);
        ck_assert_msg(memcmp(one, ref + es * (size_t)i, es) == 0, "element %d alone differs", i);
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    aclnnCpuSetNumThreads(0);
    free(dy);
    free(x);
    free(ref);
    free(out);
}
END_TEST

static Suite *silu_math_suite(void)
{
    Suite *s = suite_create("silu_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_f32_rule, 0, 4);
    tcase_add_test(tc, test_f32_overflow_zero);
    tcase_add_test(tc, test_f32_special);
    tcase_add_test(tc, test_sample_values);
    tcase_add_loop_test(tc, test_16bit_exhaustive, 0, 6);
    tcase_add_test(tc, test_mixed_equals_widened);
    suite_add_tcase(s, tc);
    tc = tcase_create("determinism");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_determinism, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(silu_math_suite()); }

/* The Mish family's numerics (doc/NUMERICS.md#mish), through the public API on the ISA that
 * ACLNN_CPU_MAX_ISA selects, against references in double:
 *   - fp32 over a strided sweep of every fp32 bit pattern (stride ACPU_TEST_F32_STRIDE, default 4099;
 *     1 covers all 2^32 inputs), random gradients for the backward:
 *       Mish: within 4 ulp of x tanh(softplus(x)) (the kernel's exp arguments -x, -2x, 2x are exact);
 *         below x = -87.33, where e^x is subnormal, twice the subnormal spacing times |x| on top;
 *       MishGrad: within 5 ulp of the terms, |dy| (|t| + (1 + t^2) |x| sigmoid(x)), of the exact value
 *         (the kernel's t * t - 1 cancels as t -> 1); the same subnormal allowance below -87.33; where
 *         fp32 exp(-x) overflows (x below -88.72284), t * dy (CANN's order: q / inf = 0) within 4
 *         subnormal spacings times |dy| and the product's rounding; every input within 256 of the
 *         thresholds on every run;
 *   - fp16 / bf16, every x of the type: equal to the fp32 kernel-order value (correctly rounded exp
 *     and division) rounded once in >= 99.99% of elements, never more than 1 ulp from it;
 *   - special values, the samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_mish_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* One contiguous call of n elements: Mish (aclnnInplaceMish on a copy when in_place) when dy is
 * NULL, MishBackward otherwise. */
static void call(aclDataType dt, int64_t n, const void *dy, const void *x, void *out, bool in_place)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *tx = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)x);
    aclTensor *to = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, out);
    aclTensor *tdy = dy ? aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)dy) : NULL;
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc;
    if (dy != NULL) {
        rc = aclnnMishBackwardGetWorkspaceSize(tdy, tx, to, &ws, &exec);
    } else if (in_place) {
        memcpy(out, x, (size_t)n * (dt == ACL_FLOAT ? 4u : 2u));
        rc = aclnnInplaceMishGetWorkspaceSize(to, &ws, &exec);
    } else {
        rc = aclnnMishGetWorkspaceSize(tx, to, &ws, &exec);
    }
    ck_assert_msg(rc == ACLNN_SUCCESS, "%d (%s)", rc, aclGetRecentErrMsg());
    ck_assert_int_eq(acpu_test_run_phase2(dy         ? aclnnMishBackward
                                          : in_place ? aclnnInplaceMish
                                                     : aclnnMish,
                                          ws, exec),
                     ACLNN_SUCCESS);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
    if (tdy)
        aclDestroyTensor(tdy);
}

/* ---- references -------------------------------------------------------------------------------------- */

static double tanh_softplus(double x) { return x > 20 ? 1.0 : tanh(log1p(exp(x))); }

static double mish_exact(double x) { return x * tanh_softplus(x); }

static double mish_grad_exact(double dy, double x, double *terms)
{
    double t = tanh_softplus(x), s = 1.0 / (1.0 + exp(-x));
    *terms = fabs(dy) * (fabs(t) + (1.0 + t * t) * fabs(x) * s);
    return dy * (t + x * s * (1.0 - t * t));
}

/* MishCustom's t with correctly rounded exp and division, fp32 steps. */
static float tanh_sp_order(float x)
{
    if (x < 0.0f) {
        volatile float c = (float)exp((double)(x * 2.0f));
        volatile float d = (float)exp((double)x);
        c = c + d * 2.0f;
        volatile float e = c + 2.0f;
        return c / e;
    }
    volatile float a = (float)exp((double)(x * -1.0f));
    volatile float b = (float)exp((double)(x * -2.0f));
    a = a * 2.0f;
    a = a + 1.0f;
    b = b * 2.0f;
    b = a + b;
    return a / b;
}

static float mish_order(float x) { return tanh_sp_order(x) * x; }

static float mish_grad_order(float dy, float x)
{
    volatile float t = tanh_sp_order(x);
    volatile float q = t * t;
    q = q + -1.0f;
    q = q * x;
    volatile float e = (float)exp((double)(x * -1.0f));
    e = e + 1.0f;
    e = q / e;
    volatile float z = t - e;
    return z * dy;
}

/* ---- fp32: a strided sweep ----------------------------------------------------------------------------- */

enum { CHUNK = 1 << 20 };

static uint64_t f32_stride(void)
{
    const char *s = getenv("ACPU_TEST_F32_STRIDE");
    long long v = s != NULL ? atoll(s) : 0;
    return v > 0 ? (uint64_t)v : 4099u;
}

/* The rules above for one element; a description of the first failure goes to st->first. */
struct tally {
    double worst, worst_x;
    uint64_t counted, failed;
    char first[256];
};

static void check_elem(struct tally *st, const char *name, bool grad, float x, float dy, float out)
{
    double bound = grad ? 5.0 : 4.0;
    double terms, ref = grad ? mish_grad_exact(dy, x, &terms) : mish_exact(x);
    if (!grad)
        terms = fabs(ref);
    st->counted++;
    if (grad && isinf((float)exp(-(double)x))) {
        /* exp(-x) overflows: q / inf = 0 and dx = t * dy (CANN's order), t = e^x subnormal */
        double t = tanh_softplus(x), err = fabs((double)out - (double)dy * t);
        if (!(err <= fabs((double)dy) * 0x1p-147 + 0x1p-149) && st->failed++ == 0)
            snprintf(st->first, sizeof st->first, "%s x %a dy %a: got %a, want t * dy = %.17g", name, (double)x,
                     (double)dy, (double)out, (double)dy * t);
        return;
    }
    double err = fabs((double)out - ref);
    if (x < -87.33f) /* e^x subnormal: twice its spacing times |x| (and |dy|) on top */
        err = fmax(0.0, err - fabs((double)x) * (grad ? fabs((double)dy) : 1.0) * 0x1p-148);
    double ulp = ldexp(1.0, (terms > 0 ? ilogb(terms) : -149) - 23);
    double u = err / fmax(ulp, ldexp(1.0, -149));
    if (!(u <= bound) && st->failed++ == 0)
        snprintf(st->first, sizeof st->first, "%s x %a dy %a: got %a, exact %.17g (terms %.3g): %.2f ulp", name,
                 (double)x, (double)dy, (double)out, ref, terms, u);
    if (u > st->worst)
        st->worst = u, st->worst_x = x;
}

/* _i: 0 Mish, 1 InplaceMish, 2 MishBackward. */
START_TEST(test_f32_sweep)
{
    bool grad = _i == 2, in_place = _i == 1;
    const char *name = grad ? "mish_backward" : in_place ? "inplace_mish" : "mish";
    uint64_t stride = f32_stride();
    float *x = malloc(sizeof(float) * CHUNK), *dy = malloc(sizeof(float) * CHUNK), *out = malloc(sizeof(float) * CHUNK);
    ck_assert(x && dy && out);
    acpu_test_lcg_seed(0x315u + (uint64_t)_i, 32);
    struct tally st = {0};
    for (uint64_t b = (uint64_t)_i; b < (UINT64_C(1) << 32);) {
        int64_t n = 0;
        for (; n < CHUNK && b < (UINT64_C(1) << 32); b += stride) {
            uint32_t bits = (uint32_t)b;
            memcpy(&x[n], &bits, 4);
            if (isnan(x[n]) || isinf(x[n]))
                continue;
            dy[n] = (float)acpu_test_lcg_logmag(-4, 4);
            n++;
        }
        call(ACL_FLOAT, n, grad ? dy : NULL, x, out, in_place);
        for (int64_t i = 0; i < n; i++)
            check_elem(&st, name, grad, x[i], dy[i], out[i]);
    }
    fprintf(stderr, "%s fp32 (%s, stride %llu, %llu inputs): worst %.3f ulp (of the %s) at x %a\n", name,
            aclnnCpuIsaName(aclnnCpuGetIsa()), (unsigned long long)stride, (unsigned long long)st.counted, st.worst,
            grad ? "terms" : "value", st.worst_x);
    ck_assert_msg(st.failed == 0, "%llu inputs beyond the rule, the first: %s", (unsigned long long)st.failed,
                  st.first);
    free(x);
    free(dy);
    free(out);
}
END_TEST

/* Every fp32 input within 256 of the thresholds where the rules change: e^x subnormal (x = -87.34),
 * exp(-x) overflowing (x = -88.72, the stride-1 sweep's one find: the last inputs before it), e^x
 * underflowing to 0 (x = -103.98); _i as in test_f32_sweep. */
START_TEST(test_f32_thresholds)
{
    bool grad = _i == 2, in_place = _i == 1;
    const char *name = grad ? "mish_backward" : in_place ? "inplace_mish" : "mish";
    const float edges[] = {-0x1.5d58ap+6f /* ln 2^-126 */, -0x1.62e430p+6f /* ln FLT_MAX */,
                           -0x1.9fe368p+6f /* ln 2^-150 */};
    enum { HALF = 256, N = 3 * 2 * HALF };
    float x[N], dy[N], out[N];
    acpu_test_lcg_seed(0x3150u + (uint64_t)_i, 32);
    for (int e = 0; e < 3; e++) {
        uint32_t bits;
        memcpy(&bits, &edges[e], 4);
        for (int k = 0; k < 2 * HALF; k++) {
            uint32_t b = bits - HALF + (uint32_t)k;
            memcpy(&x[e * 2 * HALF + k], &b, 4);
            dy[e * 2 * HALF + k] = (float)acpu_test_lcg_logmag(-4, 4);
        }
    }
    call(ACL_FLOAT, N, grad ? dy : NULL, x, out, in_place);
    struct tally st = {0};
    for (int i = 0; i < N; i++)
        check_elem(&st, name, grad, x[i], dy[i], out[i]);
    ck_assert_int_eq((int)st.counted, N);
    ck_assert_msg(st.failed == 0, "%llu inputs beyond the rule, the first: %s", (unsigned long long)st.failed,
                  st.first);
}
END_TEST

/* ---- fp16 / bf16: every x ---------------------------------------------------------------------------------- */

static uint16_t round16(aclDataType dt, float v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16((double)v) : acpu_test_f64_to_bf16((double)v);
}

static float widen16(aclDataType dt, uint16_t h)
{
    return dt == ACL_FLOAT16 ? acpu_test_f16_to_f32(h) : acpu_test_bf16_to_f32(h);
}

/* _i: dtype (2) x API (3). */
START_TEST(test_16bit_exhaustive)
{
    aclDataType dt = _i % 2 == 0 ? ACL_FLOAT16 : ACL_BF16;
    int api = _i / 2;
    bool grad = api == 2;
    enum { N = 65536 };
    uint16_t *dy = malloc(2 * N), *x = malloc(2 * N), *out = malloc(2 * N);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x3116u + (uint64_t)_i, 32);
    for (int i = 0; i < N; i++) {
        x[i] = (uint16_t)i;
        dy[i] = round16(dt, (float)acpu_test_lcg_sym(4.0));
    }
    call(dt, N, grad ? dy : NULL, x, out, api == 1);
    long differ = 0, counted = 0, exact_equal = 0;
    double worst = 0, worst_exact = 0, worst_exact_x = 0;
    for (int i = 0; i < N; i++) {
        float fx = widen16(dt, x[i]), fdy = widen16(dt, dy[i]);
        float ref = grad ? mish_grad_order(fdy, fx) : mish_order(fx);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(widen16(dt, out[i])), "x %a: want NaN", (double)fx);
            continue;
        }
        counted++;
        double terms, exact = grad ? mish_grad_exact(fdy, fx, &terms) : mish_exact(fx);
        uint16_t want16 = round16(dt, (float)exact);
        exact_equal += out[i] == want16 || ((out[i] & 0x7fffu) == 0 && (want16 & 0x7fffu) == 0);
        double ue = acpu_test_ulp_error(dt, widen16(dt, out[i]), exact);
        if (ue > worst_exact)
            worst_exact = ue, worst_exact_x = fx;
        if (out[i] == round16(dt, ref))
            continue;
        differ++;
        double u = acpu_test_ulp_error(dt, widen16(dt, out[i]), (double)ref);
        worst = fmax(worst, u);
        ACPU_TEST_EXPECT(u <= 1.0, "%s %s x %a dy %a: got %a, kernel order %a: %.3f ulp", grad ? "grad" : "mish",
                         dt == ACL_FLOAT16 ? "fp16" : "bf16", (double)fx, (double)fdy, (double)widen16(dt, out[i]),
                         (double)ref, u);
    }
    fprintf(stderr,
            "%s %s (%s): %ld of %ld differ from the kernel-order value rounded once (worst %.3f ulp); "
            "against the exact function %.4f%% equal to it rounded once, worst %.3f ulp (x %g)\n",
            grad       ? "mish_backward"
            : api == 1 ? "inplace_mish"
                       : "mish",
            dt == ACL_FLOAT16 ? "fp16" : "bf16", aclnnCpuIsaName(aclnnCpuGetIsa()), differ, counted, worst,
            100.0 * (double)exact_equal / (double)counted, worst_exact, worst_exact_x);
    ck_assert_msg((double)differ <= 1e-4 * (double)counted, "%ld of %ld elements differ", differ, counted);
    free(dy);
    free(x);
    free(out);
}
END_TEST

/* ---- special values and the samples ------------------------------------------------------------------- */

START_TEST(test_special)
{
    float x[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 100.0f, -100.0f, 0x1p-149f, -1e30f};
    enum { N = N_ELEMS(x) };
    float y[N], g[N], dy[N];
    for (int i = 0; i < N; i++)
        dy[i] = 1.0f;
    call(ACL_FLOAT, N, NULL, x, y, false);
    call(ACL_FLOAT, N, dy, x, g, false);
    ck_assert(y[0] == 0.0f && !signbit(y[0]));
    ck_assert(y[1] == 0.0f && signbit(y[1])); /* -0 takes the x >= 0 form: 0.6 * -0 */
    ck_assert(y[2] == INFINITY);
    ck_assert(isnan(y[3])); /* 0 * -inf, as PyTorch's */
    ck_assert(isnan(y[4]));
    ck_assert(y[5] == 100.0f);
    ck_assert_msg(y[6] < 0.0f && y[6] > -1e-40f, "%a", (double)y[6]); /* -100 e^-100, subnormal */
    ck_assert(y[7] == 0x1p-149f);                                     /* 0.6 * 2^-149 rounds to 2^-149 */
    ck_assert(y[8] == 0.0f && signbit(y[8]));
    ck_assert_msg(fabsf(g[0] - 0.6f) <= 0x1p-24f, "%a", (double)g[0]); /* mish'(0) = tanh(ln 2) = 0.6 */
    ck_assert(isnan(g[2]) && isnan(g[3]) && isnan(g[4]));              /* inf * 0 inside */
    ck_assert(g[5] == 1.0f);
    ck_assert(fabsf(g[6]) < 1e-40f);
}
END_TEST

START_TEST(test_samples)
{
    float x[8] = {1, 2, 3, 4, 5, 7, 8, 9}, y[8];
    call(ACL_FLOAT, 8, NULL, x, y, false);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(y[i] - mish_exact(x[i])) <= 3 * 0x1p-23 * fabs(mish_exact(x[i])), "x %g: %.8f", (double)x[i],
                      (double)y[i]);
    float dy[8] = {0, 1, 2, 3, 4, 5, 6, 7}, s[8] = {1, 1, 1, 2, 2, 2, 3, 3}, g[8];
    call(ACL_FLOAT, 8, dy, s, g, false);
    const float want[8] = {0.0f, 1.049036f, 2.098073f, 3.207953f, 4.277271f, 5.346589f, 6.126644f, 7.147751f};
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabsf(g[i] - want[i]) <= 5e-7f * (1 + want[i]), "element %d: %.7f", i, (double)g[i]);
}
END_TEST

static Suite *mish_math_suite(void)
{
    Suite *s = suite_create("mish_math");
    TCase *tc = tcase_create("fp32");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_f32_sweep, 0, 3);
    tcase_add_loop_test(tc, test_f32_thresholds, 0, 3);
    suite_add_tcase(s, tc);
    tc = tcase_create("16-bit");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_16bit_exhaustive, 0, 6);
    suite_add_tcase(s, tc);
    tc = tcase_create("values");
    tcase_add_test(tc, test_special);
    tcase_add_test(tc, test_samples);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(mish_math_suite()); }

/* The GELU family's numerics (doc/NUMERICS.md#gelu), through the public API on the ISA that
 * ACLNN_CPU_MAX_ISA selects, against references in double:
 *   - fp32 over a strided sweep of every fp32 bit pattern (stride ACPU_TEST_F32_STRIDE, default 4099;
 *     1 covers all 2^32 inputs) and, for the backwards, random gradients:
 *       Gelu (tanh form): within 3 ulp of x / (1 + exp(c)), c the kernel's fp32 argument (the terms
 *         are the value itself); where exp(c) overflows, exactly x / inf;
 *       GeluV2 (erf form): within 3 ulp of the terms, |x| / 2 * (1 + |erf(v)|), of the exact value
 *         from the kernel's v = x * 0.707106781 (e + 1 cancels for x below about -2);
 *       GeluGrad (tanh form): within 8 ulp of the terms, |dy| * (f + |e f^2 r|), of the exact value
 *         from the kernel's fp32 exp argument (f and r each carry about 1.5 ulp, e f^2 r about 6, and
 *         the sum cancels where gelu' crosses zero, x = -0.75); where f = 1 / (e + 1) is subnormal
 *         (exp argument above 87.33) twice its spacing times |dy| (1 + |r|) on top; where exp
 *         overflows, exactly dy * 0 (the NaN guard);
 *       GeluGradV2 "none": within 5 ulp of the terms, |dy| * ((1 + |erf(v)|) / 2 + |m|), of the exact
 *         value from the kernel's v and x^2 (c = erf(v) / 2 + 1/2 and c + m cancel below x = -1);
 *     and the worst errors in ulp of the exact value itself are printed (the sweep with stride 1 is
 *     the measurement doc/NUMERICS.md quotes);
 *   - fp16 / bf16, every x of the type: equal to the fp32 kernel-order value (correctly rounded exp
 *     and division, the library's erf) rounded once in >= 99.99% of elements, never more than 1 ulp
 *     from it;
 *   - special values, GeluV2's int approximate (1 tanh, any other value none), the samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "kernels/acpu_kernels.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define PI 3.14159265358979323846

/* The four kernels: the forward and backward of each form. */
typedef enum { K_TANH = 0, K_ERF, K_GRAD_TANH, K_GRAD_ERF, K_COUNT } kernel;
static const char *const k_names[K_COUNT] = {"gelu (tanh)", "gelu_v2 (none)", "gelu_backward (tanh)",
                                             "gelu_backward_v2 (none)"};

/* One contiguous call of n elements through the public API (dy unused for the forwards). The
 * forwards alternate between aclnnGelu and aclnnGeluV2(approximate 1) for the tanh form. */
static void call(kernel k, aclDataType dt, int64_t n, const void *dy, const void *x, void *out, int64_t approx)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *tx = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)x);
    aclTensor *to = aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, out);
    aclTensor *tdy = k >= K_GRAD_TANH ? aclCreateTensor(shape, 1, dt, st, 0, ACL_FORMAT_ND, shape, 1, (void *)dy)
                                      : NULL;
    char tanh_s[] = "tanh", none_s[] = "none";
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc;
    acpu_test_phase2_fn run;
    switch (k) {
    case K_TANH:
        rc = approx == 1 ? aclnnGeluV2GetWorkspaceSize(tx, 1, to, &ws, &exec)
                         : aclnnGeluGetWorkspaceSize(tx, to, &ws, &exec);
        run = approx == 1 ? aclnnGeluV2 : aclnnGelu;
        break;
    case K_ERF: rc = aclnnGeluV2GetWorkspaceSize(tx, approx, to, &ws, &exec), run = aclnnGeluV2; break;
    case K_GRAD_TANH:
        rc = approx == 1 ? aclnnGeluBackwardV2GetWorkspaceSize(tdy, tx, tanh_s, to, &ws, &exec)
                         : aclnnGeluBackwardGetWorkspaceSize(tdy, tx, to, &ws, &exec);
        run = approx == 1 ? aclnnGeluBackwardV2 : aclnnGeluBackward;
        break;
    default:
        rc = aclnnGeluBackwardV2GetWorkspaceSize(tdy, tx, none_s, to, &ws, &exec), run = aclnnGeluBackwardV2;
        break;
    }
    ck_assert_msg(rc == ACLNN_SUCCESS, "%s: %d (%s)", k_names[k], rc, aclGetRecentErrMsg());
    ck_assert_int_eq(acpu_test_run_phase2(run, ws, exec), ACLNN_SUCCESS);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
    if (tdy)
        aclDestroyTensor(tdy);
}

/* ---- the kernels' fp32 arguments and the references ---------------------------------------------- */

static const float k_factor = (float)(1 / 0.044715), k_neg_scale = (float)(-1.595769121 * 0.044715);
static const float k_an = -0.0713548162726002527220f, k_betan = -1.595769121605730711759f;
static const float k_a3 = 0.2140644488178007f, k_beta = 1.595769121605730711759f;
static const float k_inv_sqrt2 = 0.707106781f, k_inv_sqrt_2pi = 0.3989422804f;

/* GeluCustom's exp argument c, fp32 steps (Axpy fused). */
static float tanh_arg(float x)
{
    volatile float c = x * x;
    c = c * x;
    c = fmaf(x, k_factor, c);
    return c * k_neg_scale;
}

/* GeluGradCustom's exp argument p and its r, fp32 steps. */
static float grad_arg(float x)
{
    volatile float s = x * x;
    volatile float p = fmaf(s, k_an, k_betan);
    return p * x;
}

/* The exact value from the kernel's rounded arguments, and the magnitude of its terms. */
static double ref_value(kernel k, float dy, float x, double *terms)
{
    switch (k) {
    case K_TANH: {
        double y = (double)x / (1.0 + exp((double)tanh_arg(x)));
        *terms = fabs(y);
        return y;
    }
    case K_ERF: {
        double v = (double)(float)(x * k_inv_sqrt2);
        *terms = fabs((double)x) * 0.5 * (1.0 + fabs(erf(v)));
        return 0.5 * (double)x * erfc(-v);
    }
    case K_GRAD_TANH: {
        double xd = x, e = exp((double)grad_arg(x)), f = 1.0 / (1.0 + e);
        double r = (xd * xd * (double)k_a3 + (double)k_beta) * xd, t = e * f * f * r;
        *terms = fabs((double)dy) * (f + fabs(t));
        return (double)dy * (t + f);
    }
    default: {
        double v = (double)(float)(x * k_inv_sqrt2), s = (double)(float)(x * x), xd = x;
        double c = 0.5 * erfc(-v), m = exp(-0.5 * s) * (double)k_inv_sqrt_2pi * xd;
        *terms = fabs((double)dy) * (0.5 * (1.0 + fabs(erf(v))) + fabs(m));
        return (double)dy * (c + m);
    }
    }
}

/* The exact derivative / function (no rounded arguments), for the printed measurement. */
static double exact_value(kernel k, double dy, double x)
{
    const double k0 = sqrt(2.0 / PI);
    switch (k) {
    case K_TANH: return x / (1.0 + exp(-2.0 * k0 * (x + 0.044715 * x * x * x)));
    case K_ERF: return 0.5 * x * erfc(-x / sqrt(2.0));
    case K_GRAD_TANH: {
        double u = 2.0 * k0 * (x + 0.044715 * x * x * x), f = 1.0 / (1.0 + exp(-u));
        double t = x * 2.0 * k0 * (1.0 + 3.0 * 0.044715 * x * x) * f * (1.0 - f);
        return dy * (f + (isnan(t) ? 0.0 : t));
    }
    default: return dy * (0.5 * erfc(-x / sqrt(2.0)) + x * exp(-0.5 * x * x) / sqrt(2.0 * PI));
    }
}

/* Whether exp of an fp32 argument overflows fp32 (the correctly rounded exp; the kernels' exp agrees
 * at the threshold, tests/test_exp_accuracy.c). */
static bool exp_overflows(float c) { return isinf((float)exp((double)c)); }

/* The region where CANN's order gives a fixed value instead of the formula's: exp overflowing. */
static bool overflow_region(kernel k, float x, float dy, float *want)
{
    if (k == K_TANH && exp_overflows(tanh_arg(x))) {
        *want = x / INFINITY;
        return true;
    }
    if (k == K_GRAD_TANH && exp_overflows(grad_arg(x))) {
        *want = dy * 0.0f; /* f = 0, e f^2 r = inf * 0: the guard's 0 */
        return true;
    }
    return false;
}

/* ---- fp32: a strided sweep of the bit patterns ----------------------------------------------------- */

enum { CHUNK = 1 << 20 };

static uint64_t f32_stride(void)
{
    const char *s = getenv("ACPU_TEST_F32_STRIDE");
    long long v = s != NULL ? atoll(s) : 0;
    return v > 0 ? (uint64_t)v : 4099u;
}

static const double k_f32_bound[K_COUNT] = {3.0, 3.0, 8.0, 5.0};

START_TEST(test_f32_sweep)
{
    kernel k = (kernel)_i;
    uint64_t stride = f32_stride();
    float *x = malloc(sizeof(float) * CHUNK), *dy = malloc(sizeof(float) * CHUNK), *out = malloc(sizeof(float) * CHUNK);
    ck_assert(x && dy && out);
    acpu_test_lcg_seed(0x6E1u + (uint64_t)_i, 32);
    double worst = 0, worst_exact = 0, worst_x = 0, worst_exact_x = 0, worst_value = 0;
    uint64_t counted = 0, failed = 0;
    char first[256] = "";
    for (uint64_t b = (uint64_t)_i; b < (UINT64_C(1) << 32);) {
        int64_t n = 0;
        for (; n < CHUNK && b < (UINT64_C(1) << 32); b += stride) {
            uint32_t bits = (uint32_t)b;
            memcpy(&x[n], &bits, 4);
            if (isnan(x[n]))
                continue;
            dy[n] = (float)acpu_test_lcg_logmag(-4, 4);
            n++;
        }
        call(k, ACL_FLOAT, n, dy, x, out, k == K_ERF ? 0 : (b / stride) % 2);
        for (int64_t i = 0; i < n; i++) {
            float want;
            if (overflow_region(k, x[i], dy[i], &want)) {
                if (memcmp(&want, &out[i], 4) != 0 && failed++ == 0)
                    snprintf(first, sizeof first, "%s x %a dy %a: got %a, want %a", k_names[k], (double)x[i],
                             (double)dy[i], (double)out[i], (double)want);
                continue;
            }
            double terms, ref = ref_value(k, dy[i], x[i], &terms);
            if (isinf(x[i]) || isnan(ref)) { /* the special-value test holds these */
                continue;
            }
            /* ulps of the terms (>= |ref|: where nothing cancels, the value's own) */
            double err = fabs((double)out[i] - ref);
            if (k == K_GRAD_TANH && grad_arg(x[i]) > 87.33f) { /* f = 1 / (e + 1) subnormal: its spacing */
                double xd = x[i], r = (xd * xd * (double)k_a3 + (double)k_beta) * xd;
                err = fmax(0.0, err - fabs((double)dy[i]) * (1.0 + fabs(r)) * 0x1p-148);
            }
            double u = err / fmax(ldexp(1.0, ilogb(fmax(terms, 0x1p-149)) - 23), 0x1p-149);
            if (!(u <= k_f32_bound[k]) && failed++ == 0)
                snprintf(first, sizeof first, "%s x %a dy %a: got %a, ref %.17g (terms %.3g): %.2f ulp", k_names[k],
                         (double)x[i], (double)dy[i], (double)out[i], ref, terms, u);
            if (u > worst)
                worst = u, worst_x = x[i];
            double uv = acpu_test_ulp_error(ACL_FLOAT, out[i], ref); /* the value's ulps, x >= 0: no cancellation */
            if (x[i] >= 0 && uv > worst_value)
                worst_value = uv;
            double ue = acpu_test_ulp_error(ACL_FLOAT, out[i], exact_value(k, dy[i], x[i]));
            if (fabs(x[i]) < 64 && ue > worst_exact && isfinite(ue))
                worst_exact = ue, worst_exact_x = x[i];
            counted++;
        }
    }
    fprintf(stderr,
            "%s fp32 (%s, stride %llu, %llu inputs): worst %.3f ulp of the terms at x %a; %.3f ulp of the "
            "value for x >= 0; against the exact function of x (|x| < 64): %.3g ulp at x %a\n",
            k_names[k], aclnnCpuIsaName(aclnnCpuGetIsa()), (unsigned long long)stride, (unsigned long long)counted,
            worst, worst_x, worst_value, worst_exact, worst_exact_x);
    ck_assert_msg(failed == 0, "%llu inputs beyond the rule, the first: %s", (unsigned long long)failed, first);
    free(x);
    free(dy);
    free(out);
}
END_TEST

/* ---- fp16 / bf16: every x ------------------------------------------------------------------------------ */

/* The library's erf (the same bits on every ISA): the erf forms' e + 1 and c + m cancel below about
 * x = -2, amplifying any erf's own error (this one's is within 1 ulp, tests/test_exp_accuracy.c), so
 * their 16-bit reference takes this erf, not the correctly rounded one. */
static float lib_erf(float v)
{
    float out;
    acpu_kernel_table_get(ACPU_ISA_SCALAR, false)->math[ACPU_MATH_ERF_F32](1, &v, &out);
    return out;
}

/* The kernel's order in fp32 with correctly rounded exp and division, the library's erf. */
static float order32(kernel k, float dy, float x)
{
    switch (k) {
    case K_TANH: {
        volatile float e = (float)exp((double)tanh_arg(x));
        volatile float d = e + 1.0f;
        return x / d;
    }
    case K_ERF: {
        volatile float e = lib_erf(x * k_inv_sqrt2);
        volatile float a = e + 1.0f;
        volatile float m = x * 0.5f;
        return a * m;
    }
    case K_GRAD_TANH: {
        volatile float s = x * x;
        volatile float e = (float)exp((double)grad_arg(x));
        volatile float r = fmaf(s, k_a3, k_beta);
        r = r * x;
        volatile float t = e + 1.0f;
        volatile float f = 1.0f / t;
        volatile float z = e * f;
        z = z * r;
        z = z * f;
        if (z != z)
            z = 0.0f;
        z = z + f;
        return dy * z;
    }
    default: {
        volatile float e = lib_erf(x * k_inv_sqrt2);
        volatile float c = e * 0.5f;
        c = c + 0.5f;
        volatile float q = x * x;
        q = q * -0.5f;
        q = (float)exp((double)q);
        q = q * k_inv_sqrt_2pi;
        volatile float m = q * x;
        volatile float z = c + m;
        return z * dy;
    }
    }
}

static uint16_t round16(aclDataType dt, float v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16((double)v) : acpu_test_f64_to_bf16((double)v);
}

static float widen16(aclDataType dt, uint16_t h)
{
    return dt == ACL_FLOAT16 ? acpu_test_f16_to_f32(h) : acpu_test_bf16_to_f32(h);
}

/* _i: dtype (2) x kernel (4). */
START_TEST(test_16bit_exhaustive)
{
    aclDataType dt = _i % 2 == 0 ? ACL_FLOAT16 : ACL_BF16;
    kernel k = (kernel)(_i / 2);
    enum { N = 65536 };
    uint16_t *dy = malloc(2 * N), *x = malloc(2 * N), *out = malloc(2 * N);
    ck_assert(dy && x && out);
    acpu_test_lcg_seed(0x6E16u + (uint64_t)_i, 32);
    for (int i = 0; i < N; i++) {
        x[i] = (uint16_t)i;
        dy[i] = round16(dt, (float)acpu_test_lcg_sym(4.0));
    }
    call(k, dt, N, dy, x, out, k == K_ERF ? 0 : 1);
    long differ = 0, counted = 0, exact_equal = 0, positive = 0;
    double worst = 0, worst_exact = 0;
    for (int i = 0; i < N; i++) {
        float fx = widen16(dt, x[i]), fdy = widen16(dt, dy[i]);
        float ref = order32(k, fdy, fx);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(widen16(dt, out[i])), "%s x %a: want NaN", k_names[k], (double)fx);
            continue;
        }
        counted++;
        /* against the exact function, x >= 0 (reported; below 0 the orders cancel or exp overflows:
         * the fp32 rules' terms) */
        double exact = exact_value(k, fdy, fx);
        if (fx >= 0 && isfinite(exact)) {
            positive++;
            uint16_t want16 = round16(dt, (float)exact);
            exact_equal += out[i] == want16 || ((out[i] & 0x7fffu) == 0 && (want16 & 0x7fffu) == 0);
            worst_exact = fmax(worst_exact, acpu_test_ulp_error(dt, widen16(dt, out[i]), exact));
        }
        if (out[i] == round16(dt, ref))
            continue;
        differ++;
        double u = acpu_test_ulp_error(dt, widen16(dt, out[i]), (double)ref);
        worst = fmax(worst, u);
        ACPU_TEST_EXPECT(u <= 1.0, "%s %s x %a dy %a: got %a, kernel order %a: %.3f ulp", k_names[k],
                         dt == ACL_FLOAT16 ? "fp16" : "bf16", (double)fx, (double)fdy, (double)widen16(dt, out[i]),
                         (double)ref, u);
    }
    fprintf(stderr,
            "%s %s (%s): %ld of %ld differ from the kernel-order value rounded once (worst %.3f ulp); "
            "x >= 0 against the exact function: %.4f%% equal to it rounded once, worst %.3f ulp\n",
            k_names[k], dt == ACL_FLOAT16 ? "fp16" : "bf16", aclnnCpuIsaName(aclnnCpuGetIsa()), differ, counted, worst,
            100.0 * (double)exact_equal / (double)positive, worst_exact);
    ck_assert_msg((double)differ <= 1e-4 * (double)counted, "%ld of %ld elements differ", differ, counted);
    free(dy);
    free(x);
    free(out);
}
END_TEST

/* ---- special values ----------------------------------------------------------------------------------- */

START_TEST(test_special_forwards)
{
    float x[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0x1p-149f, 20.0f, -20.0f, 1e20f, -1e20f};
    enum { N = N_ELEMS(x) };
    float t[N], e[N];
    call(K_TANH, ACL_FLOAT, N, NULL, x, t, 0);
    call(K_ERF, ACL_FLOAT, N, NULL, x, e, 0);
    ck_assert(t[0] == 0.0f && !signbit(t[0]) && e[0] == 0.0f && !signbit(e[0]));
    ck_assert(t[1] == 0.0f && signbit(t[1]) && e[1] == 0.0f && signbit(e[1]));
    ck_assert(t[2] == INFINITY && e[2] == INFINITY);
    ck_assert(isnan(t[3]) && isnan(e[3])); /* -inf / inf; 0 * -inf */
    ck_assert(isnan(t[4]) && isnan(e[4]));
    ck_assert(t[5] == 0.0f && e[5] == 0.0f); /* 2^-149 / 2 and 2^-149 * 0.5 round to even: 0 */
    ck_assert(t[6] == 20.0f && e[6] == 20.0f);
    ck_assert(t[7] == 0.0f && signbit(t[7]));  /* -20 / exp(big) overflowing: -0 */
    ck_assert(e[7] == 0.0f && signbit(e[7]));  /* erf = -1: 0 * -10 */
    ck_assert(t[8] == 1e20f && e[8] == 1e20f); /* x^3 infinite: c = -inf, exp 0 */
    ck_assert(t[9] == 0.0f && signbit(t[9]) && e[9] == 0.0f && signbit(e[9]));
}
END_TEST

START_TEST(test_special_backwards)
{
    float dy[] = {1.0f, -3.0f, 1.0f, 2.0f, 1.0f, 5.0f, 1.0f, -1.0f, NAN, INFINITY, 1.0f};
    float x[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -11.0f, -10.0f, 50.0f, 1.0f, 1.0f, -40.0f};
    enum { N = N_ELEMS(x) };
    float t[N], e[N];
    call(K_GRAD_TANH, ACL_FLOAT, N, dy, x, t, 0);
    call(K_GRAD_ERF, ACL_FLOAT, N, dy, x, e, 0);
    ck_assert(t[0] == 0.5f && e[0] == 0.5f); /* gelu'(0) = 1/2 in both orders */
    ck_assert(t[1] == -1.5f && e[1] == -1.5f);
    ck_assert(t[2] == 1.0f); /* the guard: e f^2 r = 0 * inf -> 0, f = 1 */
    ck_assert(isnan(e[2]));  /* pdf * x = 0 * inf: NaN, as CANN's 950 kernel */
    ck_assert_msg(t[3] == 0.0f && !signbit(t[3]), "%a", (double)t[3]); /* exp overflows: f = 0, guard 0: 2 * 0 */
    ck_assert(isnan(e[3]));
    ck_assert(isnan(t[4]) && isnan(e[4]));
    /* x = -11: exp(p) overflows in fp32 (p = 96.4), CANN's 910B order would be NaN; the 950 guard: 5 * 0 */
    ck_assert_msg(t[5] == 0.0f && !signbit(t[5]), "%a", (double)t[5]);
    ck_assert(e[5] < 0.0f && e[5] > -1e-24f); /* Phi(-11) + x phi(-11) = -1.1e-25: c = 0 exactly, m */
    ck_assert(isfinite(t[6]) && t[6] < 0.0f); /* x = -10: exp(p) finite, the formula */
    ck_assert(t[7] == -1.0f && e[7] == -1.0f);
    ck_assert(isnan(t[8]) && isnan(e[8]));
    ck_assert(isinf(t[9]) && t[9] > 0 && isinf(e[9]) && e[9] > 0);
    ck_assert(t[10] == 0.0f && e[10] == 0.0f);
}
END_TEST

/* GeluV2's approximate: 1 is the Gelu kernel (aclnnGelu's bits), any other value the erf form. */
START_TEST(test_v2_approximate_values)
{
    enum { N = 4099 };
    float *x = malloc(sizeof(float) * N), *a = malloc(sizeof(float) * N), *b = malloc(sizeof(float) * N);
    ck_assert(x && a && b);
    acpu_test_lcg_seed(0x6E2u, 32);
    for (int i = 0; i < N; i++)
        x[i] = (float)acpu_test_lcg_sym(8.0);
    call(K_TANH, ACL_FLOAT, N, NULL, x, a, 0); /* aclnnGelu */
    call(K_TANH, ACL_FLOAT, N, NULL, x, b, 1); /* aclnnGeluV2(1) */
    ck_assert(memcmp(a, b, sizeof(float) * N) == 0);
    static const int64_t others[] = {2, -1, 5, INT64_MAX, INT64_MIN};
    call(K_ERF, ACL_FLOAT, N, NULL, x, a, 0);
    for (size_t k = 0; k < N_ELEMS(others); k++) {
        call(K_ERF, ACL_FLOAT, N, NULL, x, b, others[k]);
        ck_assert_msg(memcmp(a, b, sizeof(float) * N) == 0, "approximate %lld", (long long)others[k]);
    }
    free(x);
    free(a);
    free(b);
}
END_TEST

/* The samples: ops-nn's (self = 1.3, 2.5, ..., -16.9; the backwards on 0..7 with gradient 1), each to
 * 1e-6 of the exact function. */
START_TEST(test_samples)
{
    float x[8] = {1.3f, 2.5f, 6.7f, -4.0f, -1.4f, -1.6f, -8.0f, -16.9f}, out[8];
    call(K_TANH, ACL_FLOAT, 8, NULL, x, out, 0);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(out[i] - exact_value(K_TANH, 1, x[i])) < 1e-6, "tanh x %g: %.8f", (double)x[i],
                      (double)out[i]);
    call(K_ERF, ACL_FLOAT, 8, NULL, x, out, 0);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(out[i] - exact_value(K_ERF, 1, x[i])) < 1e-6, "erf x %g: %.8f", (double)x[i],
                      (double)out[i]);
    float g[8] = {1, 1, 1, 1, 1, 1, 1, 1}, s[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    const double tanh_want[8] = {0.5, 1.082964, 1.086099, 1.011584, 1.000335, 1.000002, 1.0, 1.0};
    call(K_GRAD_TANH, ACL_FLOAT, 8, g, s, out, 0);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(out[i] - tanh_want[i]) < 1e-6, "grad tanh x %d: %.8f", i, (double)out[i]);
    const double erf_want[8] = {0.5, 1.083315, 1.085232, 1.011946, 1.000504, 1.000007, 1.0, 1.0};
    call(K_GRAD_ERF, ACL_FLOAT, 8, g, s, out, 0);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(fabs(out[i] - erf_want[i]) < 1e-6, "grad erf x %d: %.8f", i, (double)out[i]);
}
END_TEST

static Suite *gelu_math_suite(void)
{
    Suite *s = suite_create("gelu_math");
    TCase *tc = tcase_create("fp32");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_f32_sweep, 0, K_COUNT);
    suite_add_tcase(s, tc);
    tc = tcase_create("16-bit");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_16bit_exhaustive, 0, 2 * K_COUNT);
    suite_add_tcase(s, tc);
    tc = tcase_create("values");
    tcase_add_test(tc, test_special_forwards);
    tcase_add_test(tc, test_special_backwards);
    tcase_add_test(tc, test_v2_approximate_values);
    tcase_add_test(tc, test_samples);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(gelu_math_suite()); }

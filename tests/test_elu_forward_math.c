/* aclnnElu / aclnnInplaceElu numerics (doc/NUMERICS.md#elu-forward), through the public API on the
 * ISA that ACLNN_CPU_MAX_ISA selects, and the graph-only EluGrad kernel:
 *   - fp32: bit-exact to CANN's EluCustom order where no exp is taken (x > 0, |x*inputScale| < 0.1:
 *     the degree-5 polynomial, non-finite z); within 3 ulp of the exact value plus, where exp(z) - 1
 *     cancels (|z| >= 0.1), 1 ulp of exp(z) times |alpha*scale|;
 *   - fp16 / bf16 (every x of the type, three attribute sets): equal to the fp32 kernel-order value
 *     (degree-4 polynomial, correctly rounded exp) rounded once in >= 99.99% of elements, never more
 *     than 1 ulp of the 16-bit type from it;
 *   - DOUBLE (CANN's AiCpu kernel): the attributes as std::to_string then atof make them, x >= 0 at
 *     the positive branch, within 2 ulp of the exact value plus 1 ulp of exp(z) times |alpha*scale|;
 *   - special values and the |z| = 0.1 breakpoint; the op_api's path for a non-finite alpha or
 *     inputScale (bit-exact: (x <= 0 ? -alpha : x) * scale in fp32, x cast to fp32 first);
 *   - the EluGrad kernel (no aclnn API) of every kernel table: bit-exact to
 *     a < 0 ? g * (a + 1) : g in fp32, rounded once. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_elu.h"
#include "kernels/acpu_kernels.h"
#include "runtime/acpu_runtime.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    float alpha, scale, input_scale;
} elu_attrs;

/* One contiguous call of n elements (self dtype dt_in, out dt_out) on the current settings. */
static aclnnStatus elu_call(aclDataType dt_in, aclDataType dt_out, int64_t n, const void *x, void *out, elu_attrs a)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *self = aclCreateTensor(shape, 1, dt_in, st, 0, ACL_FORMAT_ND, shape, 1, (void *)x);
    aclTensor *o = aclCreateTensor(shape, 1, dt_out, st, 0, ACL_FORMAT_ND, shape, 1, out);
    aclScalar *alpha = acpu_test_scalar_f32(a.alpha), *scale = acpu_test_scalar_f32(a.scale);
    aclScalar *is = acpu_test_scalar_f32(a.input_scale);
    ck_assert(self && o && alpha && scale && is);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = aclnnEluGetWorkspaceSize(self, alpha, scale, is, o, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        ck_assert_int_eq(acpu_test_run_phase2(aclnnElu, ws, exec), ACLNN_SUCCESS);
    aclDestroyTensor(self);
    aclDestroyTensor(o);
    aclDestroyScalar(alpha);
    aclDestroyScalar(scale);
    aclDestroyScalar(is);
    return rc;
}

static void run_ok(aclDataType dt_in, aclDataType dt_out, int64_t n, const void *x, void *out, elu_attrs a)
{
    aclnnStatus rc = elu_call(dt_in, dt_out, n, x, out, a);
    ck_assert_msg(rc == ACLNN_SUCCESS, "aclnnElu: %d (%s)", rc, aclGetRecentErrMsg());
}

static const elu_attrs k_attrs[] = {
    {1.0f, 1.0f, 1.0f},             /* PyTorch's elu */
    {1.3f, 1.05f, 0.9f},            /* the shared suite's row */
    {1.6732632f, 1.0507010f, 1.0f}, /* selu as PyTorch decomposes it */
    {0.5f, 2.0f, -3.0f},            /* a negative inputScale: z > 0 on the negative branch */
};

/* ---- references -------------------------------------------------------------------------------- */

/* CANN's EluCustom in fp32 (elu_dag.h), one rounding per step, exp correctly rounded. */
static float kernel_order_f32(float x, elu_attrs a, bool degree5)
{
    volatile float z = x * a.input_scale, t;
    if (degree5) {
        t = z * (1.0f / 120.0f);
        t = t + 1.0f / 24.0f;
        t = t * z;
    } else {
        t = z * (1.0f / 24.0f);
    }
    t = t + 1.0f / 6.0f;
    t = t * z;
    t = t + 0.5f;
    t = t * z;
    t = t + 1.0f;
    volatile float poly = t * z;
    volatile float e = (float)exp((double)z);
    volatile float em1 = e + -1.0f;
    volatile float m = fabsf(z) < 0.1f ? poly : em1;
    volatile float n = m * a.alpha;
    volatile float y = x > 0.0f ? x : n;
    return y * a.scale;
}

/* The exact ELU from the rounded exp argument z = fl(x * inputScale). */
static double exact_f32(float x, elu_attrs a)
{
    volatile float z = x * a.input_scale;
    return x > 0.0f ? (double)x * a.scale : (double)a.alpha * a.scale * expm1((double)z);
}

/* |got - exact| in ulp of the exact value, less the exp term where exp(z) - 1 cancels. */
static double rule_f32(float x, elu_attrs a, float got)
{
    double ref = exact_f32(x, a);
    if (isnan(ref) || isinf(ref))
        return (isnan(ref) ? isnan(got) : got == ref) ? 0.0 : INFINITY;
    if (isinf(got) || fabs(ref) > FLT_MAX) /* overflow: inf of the exact value's sign, beyond FLT_MAX */
        return isinf(got) && signbit(got) == signbit(ref) && fabs(ref) > FLT_MAX ? 0.0 : INFINITY;
    volatile float z = x * a.input_scale;
    double err = fabs((double)got - ref);
    if (!(x > 0.0f) && !(fabsf(z) < 0.1f)) {
        double ez = exp((double)z);
        err = fmax(0.0, err - fabs((double)a.alpha * a.scale) * ldexp(1.0, ilogb(ez) - 23));
    }
    return err / ldexp(1.0, (ref == 0 ? -149 : (ilogb(ref) < -126 ? -126 : ilogb(ref))) - 23);
}

/* The AiCpu kernel's double of an fp32 attribute: std::to_string (%f) read back. */
static double aicpu_attr(float v)
{
    char text[64];
    snprintf(text, sizeof text, "%f", (double)v);
    return atof(text);
}

/* The AiCpu kernel in double with an exact expm1, and its rule (exp term where exp(z) - 1 cancels). */
static double exact_f64(double x, elu_attrs a)
{
    double as = aicpu_attr(a.alpha) * aicpu_attr(a.scale);
    volatile double z = x * aicpu_attr(a.input_scale);
    return x >= 0 ? x * aicpu_attr(a.scale) : as * expm1(z);
}

static double rule_f64(double x, elu_attrs a, double got)
{
    double ref = exact_f64(x, a);
    if (isnan(ref) || isinf(ref))
        return (isnan(ref) ? isnan(got) : got == ref) ? 0.0 : INFINITY;
    double err = fabs(got - ref);
    if (!(x >= 0)) {
        double ez = exp(x * aicpu_attr(a.input_scale));
        err = fmax(0.0, err - fabs(aicpu_attr(a.alpha) * aicpu_attr(a.scale)) * ldexp(1.0, ilogb(ez) - 52));
    }
    return err / ldexp(1.0, (ref == 0 ? -1074 : (ilogb(ref) < -1022 ? -1022 : ilogb(ref))) - 52);
}

/* ---- fp32 ---------------------------------------------------------------------------------------- */

enum { F32_BATCH = 1 << 20 };

static float f32_input(int kind)
{
    switch (kind) {
    case 0: return (float)acpu_test_lcg_logmag(-30, 7);       /* every binade, both signs */
    case 1: return (float)acpu_test_lcg_range(-0.125, 0.125); /* around the breakpoint |z| = 0.1 */
    case 2: return (float)acpu_test_lcg_range(-120.0, 10.0);  /* to exp's underflow */
    default: return (float)acpu_test_lcg_range(-1.0, 1.0);
    }
}

START_TEST(test_f32_rule)
{
    elu_attrs a = k_attrs[_i % N_ELEMS(k_attrs)];
    int kind = _i / (int)N_ELEMS(k_attrs);
    float *x = malloc(sizeof(float) * F32_BATCH), *out = malloc(sizeof(float) * F32_BATCH);
    ck_assert(x && out);
    acpu_test_lcg_seed(0xE1Fu + (uint64_t)_i, 32);
    for (int i = 0; i < F32_BATCH; i++)
        x[i] = f32_input(kind);
    run_ok(ACL_FLOAT, ACL_FLOAT, F32_BATCH, x, out, a);
    double worst = 0.0, worst_raw = 0.0;
    long exact_checked = 0;
    for (int i = 0; i < F32_BATCH; i++) {
        volatile float z = x[i] * a.input_scale;
        double ref = exact_f32(x[i], a);
        if (isfinite(ref) && fabs(ref) <= FLT_MAX && ref != 0)
            worst_raw = fmax(worst_raw, acpu_test_ulp_error(ACL_FLOAT, out[i], ref));
        if (x[i] > 0.0f || fabsf(z) < 0.1f) { /* no exp: CANN's order bit for bit */
            float want = kernel_order_f32(x[i], a, true);
            ACPU_TEST_EXPECT(memcmp(&want, &out[i], sizeof want) == 0, "x %a: got %a, kernel order %a", (double)x[i],
                             (double)out[i], (double)want);
            exact_checked++;
        }
        double u = rule_f32(x[i], a, out[i]);
        ACPU_TEST_EXPECT(u <= 3.0, "alpha %g scale %g is %g x %a: got %a exact %.17g: %.2f ulp", (double)a.alpha,
                         (double)a.scale, (double)a.input_scale, (double)x[i], (double)out[i], exact_f32(x[i], a), u);
        worst = fmax(worst, u);
    }
    fprintf(stderr,
            "elu fp32 attrs %d inputs %d (%s): worst %.2f ulp (exp term aside), %.2f ulp in all, %ld bit-exact\n",
            _i % (int)N_ELEMS(k_attrs), kind, aclnnCpuIsaName(aclnnCpuGetIsa()), worst, worst_raw, exact_checked);
    ck_assert_int_gt(exact_checked, 0);
    free(x);
    free(out);
}
END_TEST

/* exp(z) - 1 next to the breakpoint: below 0.1 the polynomial, from 0.1 on exp, on both signs. */
START_TEST(test_f32_breakpoint)
{
    elu_attrs a = {1.0f, 1.0f, 1.0f};
    float x[8], out[8];
    const float b = 0.1f;
    x[0] = -nextafterf(b, 0.0f);
    x[1] = -b;
    x[2] = -nextafterf(b, 1.0f);
    x[3] = -0.05f;
    x[4] = nextafterf(b, 0.0f); /* x > 0: the positive branch whatever z */
    x[5] = -1e-30f;
    x[6] = -0x1p-140f; /* subnormal */
    x[7] = -2.0f;
    run_ok(ACL_FLOAT, ACL_FLOAT, 8, x, out, a);
    for (int i = 0; i < 8; i++) {
        ck_assert_msg(rule_f32(x[i], a, out[i]) <= 3.0, "x %a: got %a", (double)x[i], (double)out[i]);
        if (fabsf(x[i]) < b)
            ck_assert_msg(out[i] == kernel_order_f32(x[i], a, true), "x %a", (double)x[i]);
    }
    ck_assert(out[5] == -1e-30f); /* the polynomial keeps tiny z: P(z) = z */
    ck_assert(out[6] == -0x1p-140f);
    ck_assert(out[4] == x[4]);
}
END_TEST

/* +-0, +-inf, NaN, subnormals, huge values in fp32. */
START_TEST(test_f32_special)
{
    elu_attrs a = {1.3f, 1.05f, 0.9f};
    float x[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0x1p-149f, -0x1p-149f, FLT_MAX, -FLT_MAX, -200.0f};
    float out[N_ELEMS(x)];
    run_ok(ACL_FLOAT, ACL_FLOAT, (int64_t)N_ELEMS(x), x, out, a);
    ck_assert(out[0] == 0.0f && !signbit(out[0]));
    ck_assert(out[1] == 0.0f && signbit(out[1])); /* -0: P(-0) = -0, times alpha and scale */
    ck_assert(isinf(out[2]) && out[2] > 0);
    float neg_sat = (-1.0f * a.alpha) * a.scale;
    ck_assert_msg(out[3] == neg_sat, "x -inf: %a, want %a", (double)out[3], (double)neg_sat);
    ck_assert(isnan(out[4]));
    ck_assert(out[5] == 0x1p-149f * a.scale);
    ck_assert(out[6] == kernel_order_f32(x[6], a, true));
    ck_assert(isinf(out[7])); /* FLT_MAX * 1.05 overflows */
    ck_assert(out[8] == neg_sat && out[9] == neg_sat);
}
END_TEST

/* ---- fp16 / bf16: every x of the type ------------------------------------------------------------ */

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
    elu_attrs a = k_attrs[_i % 3];
    enum { N = 65536 };
    uint16_t *x = malloc(2 * N), *out = malloc(2 * N);
    ck_assert(x && out);
    for (int i = 0; i < N; i++)
        x[i] = (uint16_t)i;
    run_ok(dt, dt, N, x, out, a);
    long differ = 0, counted = 0;
    double worst = 0;
    for (int i = 0; i < N; i++) {
        float fx = widen16(dt, x[i]), ref = kernel_order_f32(fx, a, false);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(widen16(dt, out[i])), "x %a: want NaN", (double)fx);
            continue;
        }
        counted++;
        if (out[i] == round16(dt, ref))
            continue;
        differ++;
        double u = acpu_test_ulp_error(dt, widen16(dt, out[i]), (double)ref);
        worst = fmax(worst, u);
        ACPU_TEST_EXPECT(u <= 1.0, "%s x %a: got %a, kernel order %a: %.3f ulp", dt == ACL_FLOAT16 ? "fp16" : "bf16",
                         (double)fx, (double)widen16(dt, out[i]), (double)ref, u);
    }
    fprintf(stderr,
            "elu %s attrs (%g, %g, %g): %ld of %ld differ from the kernel-order value rounded once "
            "(worst %.3f ulp)\n",
            dt == ACL_FLOAT16 ? "fp16" : "bf16", (double)a.alpha, (double)a.scale, (double)a.input_scale, differ,
            counted, worst);
    ck_assert_msg((double)differ <= 1e-4 * (double)counted, "%ld of %ld elements differ", differ, counted);
    free(x);
    free(out);
}
END_TEST

/* A 16-bit self with a FLOAT out: the kernel rounds to self's dtype, then the Cast widens. */
START_TEST(test_16bit_to_f32_out)
{
    aclDataType dt = _i == 0 ? ACL_FLOAT16 : ACL_BF16;
    elu_attrs a = {1.3f, 1.05f, 0.9f};
    enum { N = 4096 };
    uint16_t x[N], same[N];
    float wide[N];
    acpu_test_lcg_seed(0x16F3u, 32);
    for (int i = 0; i < N; i++)
        x[i] = round16(dt, (float)acpu_test_lcg_sym(8.0));
    run_ok(dt, dt, N, x, same, a);
    run_ok(dt, ACL_FLOAT, N, x, wide, a);
    for (int i = 0; i < N; i++)
        ACPU_TEST_EXPECT(wide[i] == widen16(dt, same[i]) || (isnan(wide[i]) && isnan(widen16(dt, same[i]))),
                         "element %d: %a vs %a", i, (double)wide[i], (double)widen16(dt, same[i]));
}
END_TEST

/* ---- DOUBLE: the AiCpu kernel --------------------------------------------------------------------- */

START_TEST(test_f64_rule)
{
    elu_attrs a = k_attrs[_i];
    enum { N = 1 << 18 };
    double *x = malloc(sizeof(double) * N), *out = malloc(sizeof(double) * N);
    ck_assert(x && out);
    acpu_test_lcg_seed(0xD0Bu + (uint64_t)_i, 53);
    for (int i = 0; i < N; i++)
        x[i] = i % 3 == 0 ? acpu_test_lcg_logmag(-60, 6) : acpu_test_lcg_range(-40.0, 5.0);
    run_ok(ACL_DOUBLE, ACL_DOUBLE, N, x, out, a);
    double worst = 0;
    for (int i = 0; i < N; i++) {
        double u = rule_f64(x[i], a, out[i]);
        ACPU_TEST_EXPECT(u <= 2.0, "x %a: got %a exact %a: %.2f ulp", x[i], out[i], exact_f64(x[i], a), u);
        worst = fmax(worst, u);
    }
    fprintf(stderr, "elu double attrs %d: worst %.2f ulp (exp term aside)\n", _i, worst);
    free(x);
    free(out);
}
END_TEST

/* The AiCpu kernel takes the attributes through std::to_string: 1e-7 becomes 0 (a negative x then
 * gives -0), 1.3f becomes exactly 1.3; x = -0 takes the positive branch (x >= 0): -0 * scale. */
START_TEST(test_f64_attribute_text)
{
    double x[4] = {-1.0, -0.0, 2.0, -1e-300}, out[4];
    run_ok(ACL_DOUBLE, ACL_DOUBLE, 4, x, out, (elu_attrs){1e-7f, 1.0f, 1.0f});
    ck_assert(out[0] == 0.0 && signbit(out[0]));
    ck_assert(out[1] == 0.0 && signbit(out[1]));
    ck_assert(out[2] == 2.0);
    run_ok(ACL_DOUBLE, ACL_DOUBLE, 4, x, out, (elu_attrs){1.3f, 1.0f, 1.0f});
    ck_assert_msg(out[0] == 1.3 * (exp(-1.0) - 1.0) || fabs(out[0] - 1.3 * expm1(-1.0)) <= 2e-16,
                  "x -1: %a (alpha read as 1.3, not %a)", out[0], (double)1.3f);
    ck_assert(out[2] == 2.0);
    /* fp32 reads 1e-7f itself */
    float xf = -1.0f, of;
    run_ok(ACL_FLOAT, ACL_FLOAT, 1, &xf, &of, (elu_attrs){1e-7f, 1.0f, 1.0f});
    ck_assert(of < 0.0f && of > -1e-7f);
}
END_TEST

/* The attribute's double as the AiCpu kernel makes it, against that route itself (printf's "%f",
 * then strtod), bit for bit: the exact ties of six decimals ((2j+1)/128: 1/128 = 0.0078125 reads
 * 0.007812), the floats on both sides of n/1e6 + 0.5e-6 (every 97th n below 2e6), random patterns of
 * every exponent, and the specials (-0, subnormals, the largest float, infinities, NaN). */
static double attr_by_text(float v)
{
    char text[64];
    snprintf(text, sizeof text, "%f", (double)v);
    return strtod(text, NULL);
}

/* ACPU_TEST_EXPECT: no Check call per passing value (222K of them) */
static void expect_attr_as_text(float v)
{
    double want = attr_by_text(v), got = acpu_elu_aicpu_attr(v);
    bool same = (isnan(want) && isnan(got) && signbit(want) == signbit(got)) || memcmp(&want, &got, sizeof want) == 0;
    ACPU_TEST_EXPECT(same, "%a: %a, the text route gives %a", (double)v, got, want);
}

START_TEST(test_f64_attribute_text_route)
{
    long checked = 0;
    const float special[] = {0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f,     FLT_MAX, -FLT_MAX, INFINITY, -INFINITY,
                             NAN,  -NAN,  1e-7f,     5e-7f,      4.9999997e-7f, 1.3f,    1.0f,     -1.0f,    1e30f};
    for (size_t k = 0; k < N_ELEMS(special); k++, checked++)
        expect_attr_as_text(special[k]);
    for (int j = 0; j < 20000; j++, checked += 2) { /* (2j+1)/128: exact ties of six decimals */
        expect_attr_as_text((float)(2 * j + 1) / 128.0f);
        expect_attr_as_text(-(float)(2 * j + 1) / 128.0f);
    }
    for (int n = 0; n < 2000000; n += 97, checked += 4) { /* every 97th midpoint below 2 */
        float mid = (float)((n + 0.5) / 1e6);
        expect_attr_as_text(mid);
        expect_attr_as_text(nextafterf(mid, 0.0f));
        expect_attr_as_text(nextafterf(mid, INFINITY));
        expect_attr_as_text(-mid);
    }
    uint32_t state = 12345u;
    for (int k = 0; k < 100000; k++, checked++) {
        state = state * 1664525u + 1013904223u;
        uint32_t bits = state ^ (state >> 13);
        float v;
        memcpy(&v, &bits, sizeof v);
        expect_attr_as_text(v);
    }
    fprintf(stderr, "attribute text route: %ld values, each the same double\n", checked);
}
END_TEST

START_TEST(test_f64_special)
{
    double x[] = {INFINITY, -INFINITY, NAN, 0.0, -0.0, 0x1p-1074, -0x1p-1074, -800.0};
    double out[N_ELEMS(x)];
    elu_attrs a = {1.3f, 1.05f, 0.9f};
    run_ok(ACL_DOUBLE, ACL_DOUBLE, (int64_t)N_ELEMS(x), x, out, a);
    double as = 1.3 * 1.05;
    ck_assert(isinf(out[0]) && out[0] > 0);
    ck_assert_msg(out[1] == -as, "x -inf: %a", out[1]);
    ck_assert(isnan(out[2]));
    ck_assert(out[3] == 0.0 && !signbit(out[3]));
    ck_assert(out[4] == 0.0 && signbit(out[4]));
    ck_assert(out[5] == 0x1p-1074 * 1.05);
    /* exp(-2^-1074) rounds to 1: exp(z) - 1 = +0 (CANN's AiCpu order has no expm1), not a tiny negative */
    ck_assert(out[6] == 0.0 && !signbit(out[6]));
    ck_assert(out[7] == -as);
}
END_TEST

/* ---- the op_api's path for a non-finite alpha or inputScale ----------------------------------------- */

static float threshold_ref(float x, float alpha, float scale)
{
    volatile float neg = alpha * -1.0f;
    volatile float t = x <= 0.0f ? neg : x;
    return t * scale;
}

static bool same_f32(float a, float b) { return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0; }

START_TEST(test_nonfinite_path_f32)
{
    const elu_attrs cases[] = {{INFINITY, 1.05f, 0.9f}, {-INFINITY, 2.0f, 1.0f}, {NAN, 1.0f, 1.0f},
                               {1.3f, 1.05f, INFINITY}, {1.3f, 0.5f, -INFINITY}, {-2.0f, 1.0f, NAN}};
    float x[] = {-3.0f, -1.0f, -0.0f, 0.0f, 1e-45f, 0.5f, 7.0f, INFINITY, -INFINITY, NAN, -1e-30f};
    float out[N_ELEMS(x)];
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        run_ok(ACL_FLOAT, ACL_FLOAT, (int64_t)N_ELEMS(x), x, out, cases[k]);
        for (size_t i = 0; i < N_ELEMS(x); i++) {
            float want = threshold_ref(x[i], cases[k].alpha, cases[k].scale);
            ck_assert_msg(same_f32(out[i], want), "case %zu x %a: got %a, want %a", k, (double)x[i], (double)out[i],
                          (double)want);
        }
    }
    /* the EluCustom order would give NaN at x = 0 with alpha inf (P(0) * inf); this path gives -inf */
    run_ok(ACL_FLOAT, ACL_FLOAT, 1, &x[3], out, cases[0]);
    ck_assert(isinf(out[0]) && out[0] < 0);
}
END_TEST

/* x is cast to fp32 first (DOUBLE, FLOAT16, BF16), the result is fp32 cast to out's dtype once. */
START_TEST(test_nonfinite_path_casts)
{
    elu_attrs a = {INFINITY, 1.1f, 1.0f};
    double xd[4] = {1.0 + 0x1p-40, 1e300, -5.0, 3.0}, od[4];
    run_ok(ACL_DOUBLE, ACL_DOUBLE, 4, xd, od, a);
    ck_assert(od[0] == (double)(1.0f * 1.1f)); /* not (1 + 2^-40) * 1.1 */
    ck_assert(isinf(od[1]) && od[1] > 0);      /* 1e300 becomes inf in fp32 */
    ck_assert(isinf(od[2]) && od[2] < 0);
    ck_assert(od[3] == (double)(3.0f * 1.1f));
    /* FLOAT16 self with a FLOAT out: fp32 results, not rounded to fp16 first */
    uint16_t xh[3] = {acpu_test_f64_to_f16(1.0), acpu_test_f64_to_f16(3.0), acpu_test_f64_to_f16(-1.0)};
    float of[3];
    run_ok(ACL_FLOAT16, ACL_FLOAT, 3, xh, of, a);
    ck_assert(of[0] == 1.1f && of[1] == 3.0f * 1.1f && isinf(of[2]) && of[2] < 0);
    /* BF16 self and out: the fp32 result rounded once */
    uint16_t xb[2] = {acpu_test_f64_to_bf16(3.0), acpu_test_f64_to_bf16(-2.0)}, ob[2];
    run_ok(ACL_BF16, ACL_BF16, 2, xb, ob, a);
    ck_assert(ob[0] == acpu_test_f64_to_bf16((double)(3.0f * 1.1f)));
    ck_assert(isinf(acpu_test_bf16_to_f32(ob[1])));
}
END_TEST

/* The in-place API takes the same path and gives the same bits. */
START_TEST(test_inplace_same_bits)
{
    enum { N = 2051 };
    float x[N], out[N], io[N];
    acpu_test_lcg_seed(0x1E1u, 32);
    for (int i = 0; i < N; i++)
        x[i] = (float)acpu_test_lcg_sym(6.0);
    const elu_attrs cases[] = {{1.3f, 1.05f, 0.9f}, {INFINITY, 1.05f, 0.9f}};
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        run_ok(ACL_FLOAT, ACL_FLOAT, N, x, out, cases[k]);
        memcpy(io, x, sizeof io);
        const int64_t shape[1] = {N}, st[1] = {1};
        aclTensor *t = aclCreateTensor(shape, 1, ACL_FLOAT, st, 0, ACL_FORMAT_ND, shape, 1, io);
        aclScalar *al = acpu_test_scalar_f32(cases[k].alpha), *sc = acpu_test_scalar_f32(cases[k].scale);
        aclScalar *is = acpu_test_scalar_f32(cases[k].input_scale);
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        ck_assert_int_eq(aclnnInplaceEluGetWorkspaceSize(t, al, sc, is, &ws, &exec), ACLNN_SUCCESS);
        ck_assert_int_eq(acpu_test_run_phase2(aclnnInplaceElu, ws, exec), ACLNN_SUCCESS);
        ck_assert_int_eq(memcmp(io, out, sizeof io), 0);
        aclDestroyTensor(t);
        aclDestroyScalar(al);
        aclDestroyScalar(sc);
        aclDestroyScalar(is);
    }
}
END_TEST

/* ---- EluGrad (graph only): its kernel in every table -------------------------------------------------- */

static float elu_grad_ref(float g, float a)
{
    volatile float p = a + 1.0f;
    volatile float m = g * p;
    return a < 0.0f ? m : g;
}

START_TEST(test_elu_grad_kernel)
{
    enum { N = 1031 };
    static const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -1.0f, -1e-40f, 1e30f, -0.5f};
    int tables = 0;
    for (int isa = 0; isa < ACPU_ISA_COUNT; isa++) {
        const acpu_kernel_table *t = acpu_kernel_table_get((acpu_isa)isa, false);
        if (t == NULL)
            continue;
        tables++;
        for (int k = 0; k < 3; k++) {
            acpu_kdtype kdt = k == 0 ? ACPU_KDT_F32 : k == 1 ? ACPU_KDT_F16 : ACPU_KDT_BF16;
            aclDataType dt = acpu_kdtype_acl(kdt);
            size_t es = acpu_test_dtype_size(dt);
            unsigned char *g = malloc(N * es), *a = malloc(N * es), *y = malloc(N * es);
            acpu_test_lcg_seed(0xE16u, 32);
            for (int i = 0; i < N; i++) {
                acpu_test_store(dt, g, (size_t)i,
                                i % 11 == 5 ? specials[i % N_ELEMS(specials)] : acpu_test_lcg_sym(3.0));
                acpu_test_store(dt, a, (size_t)i,
                                i % 13 == 7 ? specials[(i / 13) % N_ELEMS(specials)] : acpu_test_lcg_range(-1.2, 2.0));
            }
            const void *in[3] = {g, a, NULL};
            ck_assert_ptr_nonnull(t->k[ACPU_KERNEL_ELU_GRAD][kdt]);
            t->k[ACPU_KERNEL_ELU_GRAD][kdt](N, in, y, NULL);
            for (int i = 0; i < N; i++) {
                float want = elu_grad_ref((float)acpu_test_load(dt, g, (size_t)i),
                                          (float)acpu_test_load(dt, a, (size_t)i));
                double got = acpu_test_load(dt, y, (size_t)i);
                unsigned char w[4];
                acpu_test_store(dt, w, 0, (double)want);
                ACPU_TEST_EXPECT((isnan(want) && isnan(got)) || memcmp(w, y + (size_t)i * es, es) == 0,
                                 "%s %s element %d: got %.9g want %.9g", acpu_isa_name(t->isa), acpu_dtype_name(dt), i,
                                 got, (double)want);
            }
            free(g);
            free(a);
            free(y);
        }
    }
    ck_assert_int_ge(tables, 1);
}
END_TEST

/* The TensorFlow formula on its own: y = grads * (activations < 0 ? activations + 1 : 1). */
START_TEST(test_elu_grad_formula)
{
    const acpu_kernel_table *t = acpu_kernel_table_get(ACPU_ISA_SCALAR, false);
    float g[6] = {2.0f, 2.0f, 2.0f, -3.0f, 1.0f, 1.0f}, a[6] = {-0.5f, 0.0f, 3.0f, -1.0f, -0.0f, NAN}, y[6];
    const void *in[3] = {g, a, NULL};
    t->k[ACPU_KERNEL_ELU_GRAD][ACPU_KDT_F32](6, in, y, NULL);
    ck_assert(y[0] == 1.0f && y[1] == 2.0f && y[2] == 2.0f);
    ck_assert(y[3] == 0.0f && signbit(y[3])); /* -3 * (-1 + 1) = -0 */
    ck_assert(y[4] == 1.0f && y[5] == 1.0f);  /* -0 and NaN are not < 0: the gradient passes */
}
END_TEST

static Suite *elu_forward_math_suite(void)
{
    Suite *s = suite_create("elu_forward_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_f32_rule, 0, 4 * (int)N_ELEMS(k_attrs));
    tcase_add_test(tc, test_f32_breakpoint);
    tcase_add_test(tc, test_f32_special);
    tcase_add_loop_test(tc, test_16bit_exhaustive, 0, 6);
    tcase_add_loop_test(tc, test_16bit_to_f32_out, 0, 2);
    tcase_add_loop_test(tc, test_f64_rule, 0, (int)N_ELEMS(k_attrs));
    tcase_add_test(tc, test_f64_attribute_text);
    tcase_add_test(tc, test_f64_attribute_text_route);
    tcase_add_test(tc, test_f64_special);
    suite_add_tcase(s, tc);
    tc = tcase_create("non-finite attributes");
    tcase_add_test(tc, test_nonfinite_path_f32);
    tcase_add_test(tc, test_nonfinite_path_casts);
    tcase_add_test(tc, test_inplace_same_bits);
    suite_add_tcase(s, tc);
    tc = tcase_create("EluGrad kernel");
    tcase_add_test(tc, test_elu_grad_kernel);
    tcase_add_test(tc, test_elu_grad_formula);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(elu_forward_math_suite()); }

/* The accuracy rule of the math primitives (doc/NUMERICS.md: every exp, log, tanh and erf the
 * kernels inline is within its row's bound, NaN, inf and signed zeros right) on a subset of what
 * tools/aclnn-cpu-expcheck checks, for each row of the ISA that ACLNN_CPU_MAX_ISA selects
 * (kernels/acpu_kernels.h, ACPU_MATH_LIST: a new row is checked without a line here), through the
 * same check code (tools/expcheck_core.c):
 *   - fp32 rows: every STRIDE_F32-th fp32 bit pattern (an odd stride, so every exponent and both
 *     signs are met) plus the function's edges;
 *   - fp64 rows: the hard cases (exp: overflow and subnormal thresholds, every reduction boundary
 *     k*ln2/2 and its neighbours; specials) plus RANDOM_F64 seeded random inputs;
 *   - inline_f64 near the overflow threshold, where SLEEF's fp64 exp returns +inf for finite
 *     results: finite, within 1 ulp, and +inf from the first input whose exp rounds to +inf;
 *   - the exact values of log, tanh and erf (log(1) = +0, log(+0) = -inf, tanh(-0) = -0, ...) and
 *     their symmetries (tanh and erf odd, bit for bit);
 *   - every primitive the kernels use gives the scalar table's bits on this ISA (no ISA-specific
 *     rounding), over the strided inputs.
 * Sized for about a second natively; the same sizes run under ASan and under qemu (AArch64, where
 * long double is a software quad: the fp64 reference is the slow part). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "acpu_test.h"
#include "settings/acpu_settings.h" /* acpu_active_kernels: the table of the ISA under test */
#include "expcheck_core.h"

#define STRIDE_F32 2039u /* prime: 2.1 M inputs */
#define RANDOM_F64 20000u
#define SEED_F64 11u

/* SLEEF's Sleef_expd*_u10 gives +inf for x in about [709.78271114955, 709.78271289338] (finite
 * results); 7 of the hard cases lie there. That variant may miss those, and nothing else. */
#define SLEEF_INF_LO 709.78271114955
#define SLEEF_INF_HI 709.78271289339
#define SLEEF_INF_CASES 7u

static const acpu_kernel_table *table_under_test(void)
{
    const acpu_kernel_table *t = acpu_active_kernels();
    ck_assert_ptr_nonnull(t);
    return t;
}

static void check_variant(acpu_math_variant v)
{
    const acpu_kernel_table *t = table_under_test();
    const char *isa = acpu_isa_name(t->isa), *name = acpu_math_name(v);
    ck_assert_msg(t->math[v] != NULL, "%s: no %s", isa, name);
    acpu_mathcheck_result r;
    acpu_math_fn fn = acpu_math_function(v);
    if (acpu_math_is_f64(v))
        acpu_mathcheck_f64(fn, t->math[v], RANDOM_F64, SEED_F64, &r);
    else
        acpu_mathcheck_f32(fn, t->math[v], STRIDE_F32, &r);
    fprintf(stderr, "%s %s: %llu inputs, max %.4f ulp at %a, wrong nan/inf/zero %llu\n", isa, name,
            (unsigned long long)r.checked, r.max_ulp, r.worst_input, (unsigned long long)r.wrong_class);
    ck_assert_msg(r.checked > 10000, "%s %s: only %llu inputs checked", isa, name, (unsigned long long)r.checked);
    ck_assert_msg(r.max_ulp <= acpu_math_bound(v), "%s %s: %.4f ulp (bound %.2f) at %s(%a) = %a", isa, name, r.max_ulp,
                  acpu_math_bound(v), acpu_math_fn_name(fn), r.worst_input, r.worst_got);
    if (v == ACPU_MATH_EXP_SLEEF_F64 && r.wrong_class > 0) {
        ck_assert_msg(r.wrong_class <= SLEEF_INF_CASES && r.class_input >= SLEEF_INF_LO &&
                          r.class_input <= SLEEF_INF_HI && isinf(r.class_got),
                      "%s %s: %llu wrong nan/inf beyond SLEEF's known overflow miss, first exp(%a) = %a", isa, name,
                      (unsigned long long)r.wrong_class, r.class_input, r.class_got);
        return;
    }
    ck_assert_msg(r.wrong_class == 0, "%s %s: %llu wrong nan/inf/zero, first %s(%a) = %a", isa, name,
                  (unsigned long long)r.wrong_class, acpu_math_fn_name(fn), r.class_input, r.class_got);
}

START_TEST(test_variant)
{
    check_variant((acpu_math_variant)_i);
}
END_TEST

/* |got - expl(x)| in ulps of the double result (normal range). */
static double ulp_error_f64(double x, double got)
{
    long double ref = expl((long double)x);
    int e;
    frexpl(ref, &e);
    return (double)(fabsl((long double)got - ref) / ldexpl(1.0L, e - 53));
}

START_TEST(test_inline_f64_overflow_threshold)
{
    enum { N = 4001 };
    static double in[N + 2], out[N + 2];
    const acpu_kernel_table *t = table_under_test();
    const char *isa = acpu_isa_name(t->isa);
    /* the largest x whose exp is finite (exp(x) < DBL_MAX + ulp/2) and the next double */
    const double last_finite = 0x1.62e42fefa39efp+9, first_inf = nextafter(last_finite, INFINITY);
    for (int i = 0; i < N; i++)
        in[i] = SLEEF_INF_LO + (last_finite - SLEEF_INF_LO) * i / (N - 1);
    in[N] = last_finite;
    in[N + 1] = first_inf;
    t->math[ACPU_MATH_EXP_F64](N + 2, in, out);
    for (int i = 0; i < N + 1; i++) {
        ACPU_TEST_EXPECT(isfinite(out[i]), "%s inline_f64: exp(%a) = %a, want finite", isa, in[i], out[i]);
        double err = ulp_error_f64(in[i], out[i]);
        ACPU_TEST_EXPECT(err <= 1.0, "%s inline_f64: exp(%a) = %a is %.3f ulp off", isa, in[i], out[i], err);
    }
    ck_assert_msg(isinf(out[N + 1]) && out[N + 1] > 0, "%s inline_f64: exp(%a) = %a, want +inf", isa, first_inf,
                  out[N + 1]);
    ck_assert_msg(expl((long double)first_inf) >= (long double)DBL_MAX + ldexpl(1.0L, 970) &&
                      expl((long double)last_finite) < (long double)DBL_MAX + ldexpl(1.0L, 970),
                  "the threshold inputs are wrong");
}
END_TEST

/* ---- exact values and symmetries of log, tanh, erf ----------------------------------------------- */

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float run_one(acpu_math_variant v, float x)
{
    float out;
    table_under_test()->math[v](1, &x, &out);
    return out;
}

/* got is `want` bit for bit (NaN: any NaN) */
static void expect_value(acpu_math_variant v, float x, float want)
{
    float got = run_one(v, x);
    const char *name = acpu_math_name(v), *isa = acpu_isa_name(table_under_test()->isa);
    if (isnan(want))
        ACPU_TEST_EXPECT(isnan(got), "%s %s(%a) = %a, want NaN", isa, name, x, got);
    else
        ACPU_TEST_EXPECT(bits_of(got) == bits_of(want), "%s %s(%a) = %a, want %a", isa, name, x, got, want);
}

START_TEST(test_log_exact)
{
    expect_value(ACPU_MATH_LOG_F32, 1.0f, 0.0f);
    expect_value(ACPU_MATH_LOG_F32, 0.0f, -INFINITY);
    expect_value(ACPU_MATH_LOG_F32, -0.0f, -INFINITY);
    expect_value(ACPU_MATH_LOG_F32, INFINITY, INFINITY);
    expect_value(ACPU_MATH_LOG_F32, -INFINITY, NAN);
    expect_value(ACPU_MATH_LOG_F32, -1.0f, NAN);
    expect_value(ACPU_MATH_LOG_F32, -0x1p-149f, NAN);
    expect_value(ACPU_MATH_LOG_F32, NAN, NAN);
    /* powers of two: e*ln2 rounded once (both parts of ln 2 summed in the same order as any input) */
    for (int e = -149; e <= 127; e++) {
        float x = ldexpf(1.0f, e), want = (float)((double)e * 0.69314718055994530942);
        ACPU_TEST_EXPECT(fabsf(run_one(ACPU_MATH_LOG_F32, x) - want) <= fabsf(want) * 0x1p-23f,
                         "log(2^%d) = %a, want %a", e, run_one(ACPU_MATH_LOG_F32, x), want);
    }
}
END_TEST

START_TEST(test_tanh_erf_exact)
{
    static const acpu_math_variant odd[] = {ACPU_MATH_TANH_F32, ACPU_MATH_ERF_F32};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        acpu_math_variant v = odd[k];
        expect_value(v, 0.0f, 0.0f);
        expect_value(v, -0.0f, -0.0f);
        expect_value(v, INFINITY, 1.0f);
        expect_value(v, -INFINITY, -1.0f);
        expect_value(v, FLT_MAX, 1.0f);
        expect_value(v, -FLT_MAX, -1.0f);
        expect_value(v, NAN, NAN);
        /* odd bit for bit, and |f(x)| <= 1 with f(x) = x to first order for tiny x */
        for (uint32_t u = 1; u < 0x7f800000u; u += 0x10001u * 7u) {
            float x, y;
            memcpy(&x, &u, sizeof x);
            y = run_one(v, x);
            ACPU_TEST_EXPECT(bits_of(run_one(v, -x)) == (bits_of(y) ^ 0x80000000u), "%s(-%a) != -%s(%a)",
                             acpu_math_name(v), x, acpu_math_name(v), x);
            ACPU_TEST_EXPECT(y >= 0.0f && y <= 1.0f, "%s(%a) = %a out of [0, 1]", acpu_math_name(v), x, y);
        }
    }
    expect_value(ACPU_MATH_TANH_F32, 0x1p-149f, 0x1p-149f);
    expect_value(ACPU_MATH_TANH_F32, 0x1p-30f, 0x1p-30f);
    expect_value(ACPU_MATH_TANH_F32, 9.5f, 1.0f);
    expect_value(ACPU_MATH_ERF_F32, 4.0f, 1.0f);
}
END_TEST

/* The active table's primitives give the scalar table's bits on every STRIDE_F32-th fp32 input
 * (NaN results: any NaN on both). */
START_TEST(test_same_bits_as_scalar)
{
    enum { N = 4096 };
    static float in[N], got[N], want[N];
    const acpu_kernel_table *t = table_under_test(), *scalar = acpu_kernel_table_get(ACPU_ISA_SCALAR, false);
    ck_assert_ptr_nonnull(scalar);
    for (int v = 0; v < ACPU_MATH_COUNT; v++) {
        if (acpu_math_is_reference((acpu_math_variant)v) || acpu_math_is_f64((acpu_math_variant)v))
            continue;
        uint64_t mismatches = 0;
        for (uint64_t first = 0; first <= UINT32_MAX; first += (uint64_t)N * STRIDE_F32 * 8u) {
            for (int i = 0; i < N; i++) {
                uint32_t u = (uint32_t)(first + (uint64_t)i * STRIDE_F32);
                memcpy(&in[i], &u, sizeof u);
            }
            t->math[v](N, in, got);
            scalar->math[v](N, in, want);
            for (int i = 0; i < N; i++)
                mismatches += !(isnan(got[i]) && isnan(want[i])) && bits_of(got[i]) != bits_of(want[i]);
        }
        ck_assert_msg(mismatches == 0, "%s %s: %llu results differ from the scalar table's", acpu_isa_name(t->isa),
                      acpu_math_name((acpu_math_variant)v), (unsigned long long)mismatches);
    }
}
END_TEST

static Suite *exp_accuracy_suite(void)
{
    Suite *s = suite_create("exp_accuracy");
    TCase *tc = tcase_create("variants");
    tcase_add_loop_test(tc, test_variant, 0, ACPU_MATH_COUNT);
    tcase_add_test(tc, test_inline_f64_overflow_threshold);
    tcase_add_test(tc, test_log_exact);
    tcase_add_test(tc, test_tanh_erf_exact);
    tcase_add_test(tc, test_same_bits_as_scalar);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(exp_accuracy_suite()); }

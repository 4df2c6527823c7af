/* The exp accuracy rule (doc/NUMERICS.md: every exp the kernels use is within 1 ulp, NaN and inf
 * right) on a subset of what tools/aclnn-cpu-expcheck checks, for each exp variant of the ISA that
 * ACLNN_CPU_MAX_ISA selects (kernels/acpu_kernels.h, ACPU_EXP_LIST), through the same check code
 * (tools/expcheck_core.c):
 *   - fp32 variants: every STRIDE_F32-th fp32 bit pattern (an odd stride, so every exponent and
 *     both signs are met) plus the domain's edges;
 *   - fp64 variants: the hard cases (overflow and subnormal thresholds, every reduction boundary
 *     k*ln2/2 and its neighbours, specials) plus RANDOM_F64 seeded random inputs;
 *   - inline_f64 near the overflow threshold, where SLEEF's fp64 exp returns +inf for finite
 *     results: finite, within 1 ulp, and +inf from the first input whose exp rounds to +inf.
 * Sized for about a second natively; the same sizes run under ASan and under qemu (AArch64, where
 * long double is a software quad: the fp64 reference is the slow part). */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "acpu_test.h"
#include "api/acpu_settings.h" /* acpu_active_kernels: the table of the ISA under test */
#include "expcheck_core.h"

#define STRIDE_F32 2039u       /* prime: 2.1 M inputs */
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

static void check_variant(acpu_exp_variant v)
{
    const acpu_kernel_table *t = table_under_test();
    const char *isa = acpu_isa_name(t->isa), *name = acpu_exp_variant_name(v);
    ck_assert_msg(t->exp[v] != NULL, "%s: no %s", isa, name);
    acpu_expcheck_result r;
    if (acpu_exp_variant_is_f64(v))
        acpu_expcheck_f64(t->exp[v], RANDOM_F64, SEED_F64, &r);
    else
        acpu_expcheck_f32(t->exp[v], STRIDE_F32, &r);
    fprintf(stderr, "%s %s: %llu inputs, max %.4f ulp at %a, wrong nan/inf %llu\n", isa, name,
            (unsigned long long)r.checked, r.max_ulp, r.worst_input, (unsigned long long)r.wrong_class);
    ck_assert_msg(r.checked > 10000, "%s %s: only %llu inputs checked", isa, name, (unsigned long long)r.checked);
    ck_assert_msg(r.max_ulp <= acpu_exp_variant_bound(v), "%s %s: %.4f ulp (bound %.2f) at exp(%a) = %a", isa, name,
                  r.max_ulp, acpu_exp_variant_bound(v), r.worst_input, r.worst_got);
    if (v == ACPU_EXP_SLEEF_F64 && r.wrong_class > 0) {
        ck_assert_msg(r.wrong_class <= SLEEF_INF_CASES && r.class_input >= SLEEF_INF_LO &&
                          r.class_input <= SLEEF_INF_HI && isinf(r.class_got),
                      "%s %s: %llu wrong nan/inf beyond SLEEF's known overflow miss, first exp(%a) = %a", isa,
                      name, (unsigned long long)r.wrong_class, r.class_input, r.class_got);
        return;
    }
    ck_assert_msg(r.wrong_class == 0, "%s %s: %llu wrong nan/inf, first exp(%a) = %a", isa, name,
                  (unsigned long long)r.wrong_class, r.class_input, r.class_got);
}

START_TEST(test_variant)
{
    check_variant((acpu_exp_variant)_i);
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
    t->exp[ACPU_EXP_INLINE_F64](N + 2, in, out);
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

static Suite *exp_accuracy_suite(void)
{
    Suite *s = suite_create("exp_accuracy");
    TCase *tc = tcase_create("variants");
    tcase_add_loop_test(tc, test_variant, 0, ACPU_EXP_COUNT);
    tcase_add_test(tc, test_inline_f64_overflow_threshold);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(exp_accuracy_suite()); }

/* aclnn-cpu-expcheck: the accuracy of every math primitive the kernels inline (exp, log, tanh, erf:
 * kernels/acpu_kernels.h, ACPU_MATH_LIST) and of SLEEF's as references, per ISA this CPU runs,
 * against a higher-precision reference (expcheck_core.h): fp32 rows over every one of the 2^32
 * inputs (or every STRIDE-th), fp64 rows over the hard cases and a seeded random sweep. Prints one
 * line per ISA x row (max ulp, where, the fraction correctly rounded, wrong NaN / inf / signed
 * zero); exits 1 if a primitive the kernels use exceeds its bound (the list's max_ulp column) or
 * gets a class wrong (SLEEF's rows are reported, not counted), 2 on a usage error.
 *   aclnn-cpu-expcheck [--stride K] [--f64-count N] [--seed S] [--isa NAME] [--variant NAME] [--fn NAME]
 * --variant takes a row's name (inline_f32, log_f32, ...), --fn a function (exp, log, tanh, erf).
 * The full fp32 run takes about a minute per row and thread on a 2 GHz core. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expcheck_core.h"

typedef struct {
    uint32_t stride;
    uint64_t f64_count, seed;
    const char *isa, *variant, *fn;
} options;

static int parse(int argc, char **argv, options *o)
{
    *o = (options){.stride = 1, .f64_count = 100000000, .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (strcmp(a, "--isa") == 0 && v)
            o->isa = v, i++;
        else if (strcmp(a, "--variant") == 0 && v)
            o->variant = v, i++;
        else if (strcmp(a, "--fn") == 0 && v)
            o->fn = v, i++;
        else if (strcmp(a, "--stride") == 0 && v && (o->stride = (uint32_t)strtoul(v, &end, 10)) > 0 && !*end)
            i++;
        else if (strcmp(a, "--f64-count") == 0 && v && (o->f64_count = strtoull(v, &end, 10), !*end))
            i++;
        else if (strcmp(a, "--seed") == 0 && v && (o->seed = strtoull(v, &end, 10), !*end))
            i++;
        else {
            fprintf(stderr,
                    "usage: %s [--stride K] [--f64-count N] [--seed S] [--isa scalar|neon|avx2|avx512] "
                    "[--variant NAME] [--fn exp|log|tanh|erf]\n",
                    argv[0]);
            return -1;
        }
    }
    return 0;
}

static int check_variant(const acpu_kernel_table *t, acpu_math_variant v, const options *o)
{
    acpu_mathcheck_result r;
    acpu_math_fn fn = acpu_math_function(v);
    if (acpu_math_is_f64(v))
        acpu_mathcheck_f64(fn, t->math[v], o->f64_count, o->seed, &r);
    else
        acpu_mathcheck_f32(fn, t->math[v], o->stride, &r);
    bool ok = r.max_ulp <= acpu_math_bound(v) && r.wrong_class == 0;
    /* SLEEF's rows are references (tests' second opinion, benchmark) that no kernel calls: reported,
     * never the exit status (its fp64 exp returns +inf just below the overflow threshold). */
    bool reference = acpu_math_is_reference(v);
    double checked = (double)(r.checked ? r.checked : 1);
    printf("%-7s %-18s %12" PRIu64 " inputs  max %.4f ulp (bound %.2f) at %a (got %a)  correctly rounded %.5f%%  "
           "wrong nan/inf/zero %" PRIu64 "%s\n",
           acpu_isa_name(t->isa), acpu_math_name(v), r.checked, r.max_ulp, acpu_math_bound(v), r.worst_input,
           r.worst_got, 100.0 * (1.0 - (double)r.not_nearest / checked), r.wrong_class,
           ok          ? ""
           : reference ? "  FAIL (reference only)"
                       : "  FAIL");
    if (r.wrong_class)
        printf("        first wrong nan/inf/zero: %s(%a) gave %a\n", acpu_math_fn_name(fn), r.class_input, r.class_got);
    fflush(stdout);
    return ok || reference ? 0 : 1;
}

static bool wanted(acpu_math_variant v, const options *o)
{
    return (o->variant == NULL || strcmp(o->variant, acpu_math_name(v)) == 0) &&
           (o->fn == NULL || strcmp(o->fn, acpu_math_fn_name(acpu_math_function(v))) == 0);
}

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o) != 0)
        return 2;
    int failed = 0, ran = 0;
    printf("# accuracy against glibc's double exp/log/tanh/erf (fp32 results) / long double expl/logl/tanhl/erfl "
           "(fp64); fp32 stride %" PRIu32 ", fp64 %" PRIu64 " random inputs + hard cases\n",
           o.stride, o.f64_count);
    for (int isa = 0; isa < ACPU_ISA_COUNT; isa++) {
        const acpu_kernel_table *t = acpu_kernel_table_get((acpu_isa)isa, false);
        if (t == NULL || (o.isa && strcmp(o.isa, acpu_isa_name((acpu_isa)isa)) != 0))
            continue;
        for (int v = 0; v < ACPU_MATH_COUNT; v++) {
            if (t->math[v] == NULL || !wanted((acpu_math_variant)v, &o))
                continue;
            failed |= check_variant(t, (acpu_math_variant)v, &o);
            ran++;
        }
    }
    if (ran == 0) {
        fprintf(stderr, "aclnn-cpu-expcheck: no ISA / row matched\n");
        return 2;
    }
    return failed;
}

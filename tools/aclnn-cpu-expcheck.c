/* aclnn-cpu-expcheck: the accuracy of every exp the kernels use (kernels/acpu_kernels.h,
 * ACPU_EXP_LIST), per ISA this CPU runs, against a higher-precision reference (expcheck_core.h):
 * fp32 variants over every one of the 2^32 inputs (or every STRIDE-th), fp64 variants over the hard
 * cases and a seeded random sweep. Prints one line per ISA x variant; exits 1 if an exp the kernels
 * use exceeds its bound (ACPU_EXP_LIST: 1 ulp for the fp32 / fp64 exps) or gets NaN / inf wrong
 * (SLEEF's rows are reported, not counted), 2 on a usage error.
 *   aclnn-cpu-expcheck [--stride K] [--f64-count N] [--seed S] [--isa NAME] [--variant NAME]
 * The full fp32 run takes about a minute per variant and thread on a 2 GHz core. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expcheck_core.h"

typedef struct {
    uint32_t stride;
    uint64_t f64_count, seed;
    const char *isa, *variant;
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
        else if (strcmp(a, "--stride") == 0 && v && (o->stride = (uint32_t)strtoul(v, &end, 10)) > 0 && !*end)
            i++;
        else if (strcmp(a, "--f64-count") == 0 && v && (o->f64_count = strtoull(v, &end, 10), !*end))
            i++;
        else if (strcmp(a, "--seed") == 0 && v && (o->seed = strtoull(v, &end, 10), !*end))
            i++;
        else {
            fprintf(stderr, "usage: %s [--stride K] [--f64-count N] [--seed S] [--isa scalar|neon|avx2|avx512] "
                            "[--variant NAME]\n", argv[0]);
            return -1;
        }
    }
    return 0;
}

static int check_variant(const acpu_kernel_table *t, acpu_exp_variant v, const options *o)
{
    acpu_expcheck_result r;
    bool f64 = acpu_exp_variant_is_f64(v);
    if (f64)
        acpu_expcheck_f64(t->exp[v], o->f64_count, o->seed, &r);
    else
        acpu_expcheck_f32(t->exp[v], o->stride, &r);
    bool ok = r.max_ulp <= acpu_exp_variant_bound(v) && r.wrong_class == 0;
    /* SLEEF's exps are references (tests' second opinion, benchmark) that no kernel calls: reported,
     * never the exit status (its fp64 exp returns +inf just below the overflow threshold). */
    bool reference = v == ACPU_EXP_SLEEF_F32 || v == ACPU_EXP_SLEEF_F64;
    printf("%-7s %-14s %12" PRIu64 " inputs  max %.4f ulp (bound %.2f) at %a (got %a)  not nearest %.5f%%  wrong nan/inf %" PRIu64 "%s\n",
           acpu_isa_name(t->isa), acpu_exp_variant_name(v), r.checked, r.max_ulp, acpu_exp_variant_bound(v), r.worst_input, r.worst_got,
           100.0 * (double)r.not_nearest / (double)(r.checked ? r.checked : 1), r.wrong_class, ok ? "" : reference ? "  FAIL (reference only)" : "  FAIL");
    if (r.wrong_class)
        printf("        first wrong nan/inf: exp(%a) gave %a\n", r.class_input, r.class_got);
    fflush(stdout);
    return ok || reference ? 0 : 1;
}

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o) != 0)
        return 2;
    int failed = 0, ran = 0;
    printf("# exp accuracy against double exp (fp32 results) / long double expl (fp64); fp32 stride %" PRIu32
           ", fp64 %" PRIu64 " random inputs + hard cases\n", o.stride, o.f64_count);
    for (int isa = 0; isa < ACPU_ISA_COUNT; isa++) {
        const acpu_kernel_table *t = acpu_kernel_table_get((acpu_isa)isa, false);
        if (t == NULL || (o.isa && strcmp(o.isa, acpu_isa_name((acpu_isa)isa)) != 0))
            continue;
        for (int v = 0; v < ACPU_EXP_COUNT; v++) {
            if (t->exp[v] == NULL || (o.variant && strcmp(o.variant, acpu_exp_variant_name((acpu_exp_variant)v)) != 0))
                continue;
            failed |= check_variant(t, (acpu_exp_variant)v, &o);
            ran++;
        }
    }
    if (ran == 0) {
        fprintf(stderr, "aclnn-cpu-expcheck: no ISA / variant matched\n");
        return 2;
    }
    return failed;
}

/* The exp accuracy check: see expcheck_core.h. */
#include "expcheck_core.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define BLOCK 4096

/* ulp(ref) of a format with `man_bits` significand bits (the leading one included) and minimum
 * normal exponent `emin` (a value in [2^e, 2^(e+1)) has ulp 2^(e - man_bits + 1)). */
static long double ulp_of(long double ref, int man_bits, int emin)
{
    int e;
    frexpl(fabsl(ref), &e); /* |ref| in [2^(e-1), 2^e) */
    e -= 1;
    if (e < emin)
        e = emin;
    return ldexpl(1.0L, e - man_bits + 1);
}

/* Compares one result; `overflow_at` is the smallest value that rounds to +inf in the format. */
static void check_one(long double ref, double got, double in, int man_bits, int emin, long double overflow_at,
                      acpu_expcheck_result *r)
{
    r->checked++;
    if (isnan(in) || isnan(got)) {
        if (!(isnan(in) && isnan(got)) && r->wrong_class++ == 0)
            r->class_input = in, r->class_got = got;
        return;
    }
    bool ref_inf = ref >= overflow_at;
    if (ref_inf || isinf(got)) {
        if (!(ref_inf && isinf(got) && got > 0) && r->wrong_class++ == 0)
            r->class_input = in, r->class_got = got;
        return;
    }
    long double err = fabsl((long double)got - ref) / ulp_of(ref, man_bits, emin);
    double nearest = man_bits == 24 ? (double)(float)ref : (double)ref;
    if (got != nearest)
        r->not_nearest++;
    if ((double)err > r->max_ulp)
        r->max_ulp = (double)err, r->worst_input = in, r->worst_got = got;
}

static void merge(acpu_expcheck_result *into, const acpu_expcheck_result *part)
{
    into->checked += part->checked;
    into->not_nearest += part->not_nearest;
    if (into->wrong_class == 0 && part->wrong_class > 0)
        into->class_input = part->class_input, into->class_got = part->class_got;
    into->wrong_class += part->wrong_class;
    if (part->max_ulp > into->max_ulp)
        into->max_ulp = part->max_ulp, into->worst_input = part->worst_input, into->worst_got = part->worst_got;
}

static void check_f32_block(acpu_unary_kernel exp_fn, const float *in, size_t n, acpu_expcheck_result *r)
{
    float out[BLOCK];
    exp_fn(n, in, out);
    /* FLT_MAX + half an ulp rounds to +inf */
    const long double overflow_at = (long double)FLT_MAX + ldexpl(1.0L, 127 - 24);
    for (size_t i = 0; i < n; i++)
        check_one((long double)exp((double)in[i]), out[i], in[i], 24, -126, overflow_at, r);
}

void acpu_expcheck_f32(acpu_unary_kernel exp_fn, uint32_t stride, acpu_expcheck_result *r)
{
    memset(r, 0, sizeof *r);
    if (stride == 0)
        stride = 1;
    const uint64_t count = ((uint64_t)UINT32_MAX) / stride + 1;
    const uint64_t blocks = (count + BLOCK - 1) / BLOCK;
#pragma omp parallel
    {
        acpu_expcheck_result part = {0};
        float in[BLOCK];
#pragma omp for schedule(dynamic, 16)
        for (uint64_t b = 0; b < blocks; b++) {
            uint64_t first = b * BLOCK, n = count - first < BLOCK ? count - first : BLOCK;
            for (uint64_t i = 0; i < n; i++) {
                uint32_t bits = (uint32_t)((first + i) * stride);
                memcpy(&in[i], &bits, sizeof bits);
            }
            check_f32_block(exp_fn, in, (size_t)n, &part);
        }
#pragma omp critical
        merge(r, &part);
    }
    /* the domain's ends and the reduction's, whatever the stride */
    static const float edges[] = {88.72283172607421875f, 88.7228393554687500f, -87.33654785156250f,
                                  -103.9720764160156250f, -103.2789306640625f, -104.0f, 0x1p-25f, -0x1p-26f,
                                  0.34657359f, -0.34657359f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN};
    acpu_expcheck_result part = {0};
    check_f32_block(exp_fn, edges, sizeof edges / sizeof edges[0], &part);
    merge(r, &part);
}

/* xorshift64*: a repeatable 64-bit stream */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static void check_f64_block(acpu_unary_kernel exp_fn, const double *in, size_t n, acpu_expcheck_result *r)
{
    double out[BLOCK];
    exp_fn(n, in, out);
    const long double overflow_at = (long double)DBL_MAX + ldexpl(1.0L, 1023 - 53);
    for (size_t i = 0; i < n; i++)
        check_one(expl((long double)in[i]), out[i], in[i], 53, -1022, overflow_at, r);
}

/* Hard cases: around the overflow threshold (709.78), the subnormal boundary (-708.40), the last
 * nonzero result (-745.13), every reduction boundary k*ln2/2 in the domain with its neighbours,
 * tiny arguments and the specials. */
static size_t f64_hard_cases(double *out, size_t cap)
{
    static const double anchors[] = {709.782712893383973096, 709.782712893384, 709.78271289338409,
                                     -708.39641853226410622, -708.396418532264, -745.13321910194110842,
                                     -745.1332191019411, -744.44007192138126, -740.0, 0x1p-54, -0x1p-54,
                                     0x1p-30, 1e-300, -1e-300, 0x1p-1074, 0.0, -0.0, 1.0, -1.0,
                                     INFINITY, -INFINITY, NAN};
    size_t n = 0;
    for (size_t i = 0; i < sizeof anchors / sizeof anchors[0] && n < cap; i++) {
        out[n++] = anchors[i];
        if (isfinite(anchors[i]) && n + 2 <= cap)
            out[n++] = nextafter(anchors[i], INFINITY), out[n++] = nextafter(anchors[i], -INFINITY);
    }
    const double half_ln2 = 0.34657359027997265471;
    for (int k = -2150; k <= 2048 && n + 3 <= cap; k++) {
        double b = k * half_ln2;
        out[n++] = b, out[n++] = nextafter(b, INFINITY), out[n++] = nextafter(b, -INFINITY);
    }
    return n;
}

void acpu_expcheck_f64(acpu_unary_kernel exp_fn, uint64_t random_count, uint64_t seed, acpu_expcheck_result *r)
{
    memset(r, 0, sizeof *r);
    static double hard[3 * 4300 + 128];
    size_t nh = f64_hard_cases(hard, sizeof hard / sizeof hard[0]);
    for (size_t i = 0; i < nh; i += BLOCK)
        check_f64_block(exp_fn, hard + i, nh - i < BLOCK ? nh - i : BLOCK, r);
    const uint64_t blocks = (random_count + BLOCK - 1) / BLOCK;
#pragma omp parallel
    {
        acpu_expcheck_result part = {0};
        double in[BLOCK];
#pragma omp for schedule(dynamic, 16)
        for (uint64_t b = 0; b < blocks; b++) {
            uint64_t s = seed ^ (b * 0x9E3779B97F4A7C15ULL) ^ 0xD1B54A32D192ED03ULL;
            uint64_t n = random_count - b * BLOCK < BLOCK ? random_count - b * BLOCK : BLOCK;
            for (uint64_t i = 0; i < n; i++) {
                uint64_t u = next_random(&s);
                if (i % 2 == 0) { /* uniform over the domain */
                    in[i] = -746.0 + 1456.0 * (double)(u >> 11) * 0x1p-53;
                } else {          /* random sign and binade, exponent -60 .. 9 */
                    double m = 1.0 + (double)(u >> 12) * 0x1p-52;
                    in[i] = ldexp((u & 1) ? -m : m, (int)((u >> 1) % 70) - 60);
                }
            }
            check_f64_block(exp_fn, in, (size_t)n, &part);
        }
#pragma omp critical
        merge(r, &part);
    }
}

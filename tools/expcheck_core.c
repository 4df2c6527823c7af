/* The accuracy check of the math primitives: see expcheck_core.h. */
#include "expcheck_core.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define BLOCK 4096

/* A result format: significand bits (the leading one included), minimum normal exponent, and the
 * smallest magnitude that rounds to infinity (the largest finite value plus half its ulp). */
typedef struct {
    int man_bits, emin;
    long double overflow_at;
} format;

static format f32_format(void) { return (format){24, -126, (long double)FLT_MAX + ldexpl(1.0L, 127 - 24)}; }
static format f64_format(void) { return (format){53, -1022, (long double)DBL_MAX + ldexpl(1.0L, 1023 - 53)}; }

/* ulp(ref): a value in [2^e, 2^(e+1)) has ulp 2^(e - man_bits + 1), subnormals the minimum's. */
static long double ulp_of(long double ref, const format *f)
{
    int e;
    frexpl(fabsl(ref), &e); /* |ref| in [2^(e-1), 2^e) */
    e -= 1;
    if (e < f->emin)
        e = f->emin;
    return ldexpl(1.0L, e - f->man_bits + 1);
}

static void wrong_class(acpu_mathcheck_result *r, double in, double got)
{
    if (r->wrong_class++ == 0)
        r->class_input = in, r->class_got = got;
}

/* Compares one result with its reference (expcheck_core.h: the classes, then the error). */
static void check_one(long double ref, double got, double in, const format *f, acpu_mathcheck_result *r)
{
    r->checked++;
    if (isnan(ref) || isnan(got)) {
        if (!(isnan(ref) && isnan(got)))
            wrong_class(r, in, got);
        return;
    }
    bool ref_inf = fabsl(ref) >= f->overflow_at;
    if (ref_inf || isinf(got)) {
        if (!(ref_inf && isinf(got) && !signbit(got) == !signbit(ref)))
            wrong_class(r, in, got);
        return;
    }
    if (ref == 0.0L && (got != 0.0 || !signbit(got) != !signbit(ref))) {
        wrong_class(r, in, got);
        return;
    }
    long double err = fabsl((long double)got - ref) / ulp_of(ref, f);
    double nearest = f->man_bits == 24 ? (double)(float)ref : (double)ref;
    if (got != nearest)
        r->not_nearest++;
    if ((double)err > r->max_ulp)
        r->max_ulp = (double)err, r->worst_input = in, r->worst_got = got;
}

static void merge(acpu_mathcheck_result *into, const acpu_mathcheck_result *part)
{
    into->checked += part->checked;
    into->not_nearest += part->not_nearest;
    if (into->wrong_class == 0 && part->wrong_class > 0)
        into->class_input = part->class_input, into->class_got = part->class_got;
    into->wrong_class += part->wrong_class;
    if (part->max_ulp > into->max_ulp)
        into->max_ulp = part->max_ulp, into->worst_input = part->worst_input, into->worst_got = part->worst_got;
}

/* ---- references ---------------------------------------------------------------------------------- */

static double ref_f32(acpu_math_fn fn, double x)
{
    switch (fn) {
    case ACPU_MATH_FN_EXP: return exp(x);
    case ACPU_MATH_FN_LOG: return log(x);
    case ACPU_MATH_FN_TANH: return tanh(x);
    case ACPU_MATH_FN_ERF: return erf(x);
    default: return NAN;
    }
}

static long double ref_f64(acpu_math_fn fn, long double x)
{
    switch (fn) {
    case ACPU_MATH_FN_EXP: return expl(x);
    case ACPU_MATH_FN_LOG: return logl(x);
    case ACPU_MATH_FN_TANH: return tanhl(x);
    case ACPU_MATH_FN_ERF: return erfl(x);
    default: return NAN;
    }
}

/* ---- fp32 ---------------------------------------------------------------------------------------- */

static void check_f32_block(acpu_math_fn fn, acpu_unary_kernel kernel, const float *in, size_t n,
                            acpu_mathcheck_result *r)
{
    float out[BLOCK];
    const format f = f32_format();
    kernel(n, in, out);
    for (size_t i = 0; i < n; i++)
        check_one((long double)ref_f32(fn, (double)in[i]), out[i], in[i], &f, r);
}

/* The edges of each function's domain and of the primitives' reductions and branch points. */
static size_t f32_edges(acpu_math_fn fn, const float **edges)
{
    static const float exp_edges[] = {88.72283172607421875f,
                                      88.7228393554687500f,
                                      -87.33654785156250f,
                                      -103.9720764160156250f,
                                      -103.2789306640625f,
                                      -104.0f,
                                      0x1p-25f,
                                      -0x1p-26f,
                                      0.34657359f,
                                      -0.34657359f,
                                      0.0f,
                                      -0.0f,
                                      INFINITY,
                                      -INFINITY,
                                      NAN};
    static const float log_edges[] = {0.0f,
                                      -0.0f,
                                      0x1p-149f,
                                      0x1p-126f,
                                      0x1.fffffcp-127f,
                                      1.0f,
                                      0x1.000002p0f,
                                      0x1.fffffep-1f,
                                      1.41421353816986083984375f,
                                      1.41421365737915039062f,
                                      0.707106769084930419921875f,
                                      2.0f,
                                      FLT_MAX,
                                      INFINITY,
                                      -INFINITY,
                                      -1.0f,
                                      -0x1p-149f,
                                      NAN};
    static const float tanh_edges[] = {0.0f,
                                       -0.0f,
                                       0x1p-149f,
                                       -0x1p-149f,
                                       0x1p-30f,
                                       0.625f,
                                       0x1.3ffffep-1f,
                                       -0.625f,
                                       9.0109138488769531f,
                                       9.5f,
                                       9.50000095367431640625f,
                                       44.0f,
                                       FLT_MAX,
                                       INFINITY,
                                       -INFINITY,
                                       NAN};
    static const float erf_edges[] = {0.0f,
                                      -0.0f,
                                      0x1p-149f,
                                      -0x1p-149f,
                                      0x1p-30f,
                                      1.0f,
                                      0x1.fffffep-1f,
                                      -1.0f,
                                      3.9192059230804443f,
                                      4.0f,
                                      4.00000047683715820312f,
                                      -4.0f,
                                      FLT_MAX,
                                      INFINITY,
                                      -INFINITY,
                                      NAN};
    switch (fn) {
    case ACPU_MATH_FN_EXP: *edges = exp_edges; return sizeof exp_edges / sizeof exp_edges[0];
    case ACPU_MATH_FN_LOG: *edges = log_edges; return sizeof log_edges / sizeof log_edges[0];
    case ACPU_MATH_FN_TANH: *edges = tanh_edges; return sizeof tanh_edges / sizeof tanh_edges[0];
    case ACPU_MATH_FN_ERF: *edges = erf_edges; return sizeof erf_edges / sizeof erf_edges[0];
    default: *edges = NULL; return 0;
    }
}

void acpu_mathcheck_f32(acpu_math_fn fn, acpu_unary_kernel kernel, uint32_t stride, acpu_mathcheck_result *r)
{
    memset(r, 0, sizeof *r);
    if (stride == 0)
        stride = 1;
    const uint64_t count = ((uint64_t)UINT32_MAX) / stride + 1;
    const uint64_t blocks = (count + BLOCK - 1) / BLOCK;
#pragma omp parallel
    {
        acpu_mathcheck_result part = {0};
        float in[BLOCK];
#pragma omp for schedule(dynamic, 16)
        for (uint64_t b = 0; b < blocks; b++) {
            uint64_t first = b * BLOCK, n = count - first < BLOCK ? count - first : BLOCK;
            for (uint64_t i = 0; i < n; i++) {
                uint32_t bits = (uint32_t)((first + i) * stride);
                memcpy(&in[i], &bits, sizeof bits);
            }
            check_f32_block(fn, kernel, in, (size_t)n, &part);
        }
#pragma omp critical
        merge(r, &part);
    }
    const float *edges;
    size_t n = f32_edges(fn, &edges);
    acpu_mathcheck_result part = {0};
    check_f32_block(fn, kernel, edges, n, &part);
    merge(r, &part);
}

/* ---- fp64 ---------------------------------------------------------------------------------------- */

/* xorshift64*: a repeatable 64-bit stream */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static void check_f64_block(acpu_math_fn fn, acpu_unary_kernel kernel, const double *in, size_t n,
                            acpu_mathcheck_result *r)
{
    double out[BLOCK];
    const format f = f64_format();
    kernel(n, in, out);
    for (size_t i = 0; i < n; i++)
        check_one(ref_f64(fn, (long double)in[i]), out[i], in[i], &f, r);
}

/* exp's hard cases: around the overflow threshold (709.78), the subnormal boundary (-708.40), the
 * last nonzero result (-745.13), every reduction boundary k*ln2/2 in the domain with its neighbours,
 * tiny arguments; every function: the specials. */
static size_t f64_hard_cases(acpu_math_fn fn, double *out, size_t cap)
{
    static const double exp_anchors[] = {709.782712893383973096,
                                         709.782712893384,
                                         709.78271289338409,
                                         -708.39641853226410622,
                                         -708.396418532264,
                                         -745.13321910194110842,
                                         -745.1332191019411,
                                         -744.44007192138126,
                                         -740.0,
                                         0x1p-54,
                                         -0x1p-54,
                                         0x1p-30,
                                         1e-300,
                                         -1e-300,
                                         0x1p-1074};
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, 0x1p-1074, DBL_MAX, INFINITY, -INFINITY, NAN};
    size_t n = 0;
    for (size_t i = 0; fn == ACPU_MATH_FN_EXP && i < sizeof exp_anchors / sizeof exp_anchors[0] && n + 3 <= cap; i++)
        out[n++] = exp_anchors[i], out[n++] = nextafter(exp_anchors[i], INFINITY),
        out[n++] = nextafter(exp_anchors[i], -INFINITY);
    for (size_t i = 0; i < sizeof specials / sizeof specials[0] && n < cap; i++)
        out[n++] = specials[i];
    const double half_ln2 = 0.34657359027997265471;
    for (int k = -2150; fn == ACPU_MATH_FN_EXP && k <= 2048 && n + 3 <= cap; k++) {
        double b = k * half_ln2;
        out[n++] = b, out[n++] = nextafter(b, INFINITY), out[n++] = nextafter(b, -INFINITY);
    }
    return n;
}

/* Random inputs of fn: even i uniform over [lo, lo + width], odd i a random binade 2^(e0 .. e0+69)
 * (with a random sign unless the function takes positive inputs only). */
static double random_input(acpu_math_fn fn, uint64_t u, uint64_t i)
{
    static const struct {
        double lo, width;
        int e0;
        bool positive;
    } k_ranges[ACPU_MATH_FN_COUNT] = {[ACPU_MATH_FN_EXP] = {-746.0, 1456.0, -60, false},
                                      [ACPU_MATH_FN_LOG] = {0.0, 4.0, -35, true},
                                      [ACPU_MATH_FN_TANH] = {-20.0, 40.0, -60, false},
                                      [ACPU_MATH_FN_ERF] = {-6.0, 12.0, -60, false}};
    if (i % 2 == 0)
        return k_ranges[fn].lo + k_ranges[fn].width * (double)(u >> 11) * 0x1p-53;
    double m = 1.0 + (double)(u >> 12) * 0x1p-52;
    bool neg = !k_ranges[fn].positive && (u & 1);
    return ldexp(neg ? -m : m, (int)((u >> 1) % 70) + k_ranges[fn].e0);
}

void acpu_mathcheck_f64(acpu_math_fn fn, acpu_unary_kernel kernel, uint64_t random_count, uint64_t seed,
                        acpu_mathcheck_result *r)
{
    memset(r, 0, sizeof *r);
    if ((unsigned)fn >= ACPU_MATH_FN_COUNT)
        return;
    static double hard[3 * 4300 + 128];
    size_t nh = f64_hard_cases(fn, hard, sizeof hard / sizeof hard[0]);
    for (size_t i = 0; i < nh; i += BLOCK)
        check_f64_block(fn, kernel, hard + i, nh - i < BLOCK ? nh - i : BLOCK, r);
    const uint64_t blocks = (random_count + BLOCK - 1) / BLOCK;
#pragma omp parallel
    {
        acpu_mathcheck_result part = {0};
        double in[BLOCK];
#pragma omp for schedule(dynamic, 16)
        for (uint64_t b = 0; b < blocks; b++) {
            uint64_t s = seed ^ (b * 0x9E3779B97F4A7C15ULL) ^ 0xD1B54A32D192ED03ULL;
            uint64_t n = random_count - b * BLOCK < BLOCK ? random_count - b * BLOCK : BLOCK;
            for (uint64_t i = 0; i < n; i++)
                in[i] = random_input(fn, next_random(&s), i);
            check_f64_block(fn, kernel, in, (size_t)n, &part);
        }
#pragma omp critical
        merge(r, &part);
    }
}

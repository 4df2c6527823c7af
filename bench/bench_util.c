/* Benchmark helpers: clock, input generation, conversions, statistics, portable roofline, the
 * peers' ISA caps. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "kernels/acpu_cpu_x86.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "settings/acpu_settings.h" /* acpu_active_kernels: native bf16 */

double bench_now(void) { return omp_get_wtime(); }

int bench_have_avx2(void)
{
#if defined(__x86_64__) || defined(__i386__)
    /* the library's own test (AVX2, FMA, F16C): clang has no __builtin_cpu_supports("f16c") */
    return acpu_x86_detect().avx2;
#else
    return 0;
#endif
}

static uint32_t f32_bits(float v)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

uint16_t bench_f32_to_bf16(float v)
{
    uint32_t b = f32_bits(v);
    if ((b & 0x7FFFFFFFu) > 0x7F800000u)
        return (uint16_t)((b >> 16) | 0x40u); /* quiet NaN */
    return (uint16_t)((b + 0x7FFFu + ((b >> 16) & 1u)) >> 16);
}

uint16_t bench_f32_to_f16(float v)
{
    uint32_t b = f32_bits(v);
    uint16_t sign = (uint16_t)((b >> 16) & 0x8000u);
    uint32_t a = b & 0x7FFFFFFFu;
    if (a > 0x7F800000u)
        return sign | 0x7E00u;
    if (a >= 0x477FF000u) /* >= 65520: rounds to infinity */
        return sign | 0x7C00u;
    if (a < 0x38800000u) /* below 2^-14: subnormal, units of 2^-24 (exact scaling, RNE) */
        return sign | (uint16_t)lrintf(fabsf(v) * 16777216.0f);
    uint32_t r = (a + 0xFFFu + ((a >> 13) & 1u)) >> 13;
    return sign | (uint16_t)(r - (112u << 10));
}

/* Counter-based generator: element i depends only on (seed, i); uniform in [lo, hi). */
float bench_uniform(uint64_t seed, size_t i, float lo, float hi)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * (float)(z >> 40) * (1.0f / 16777216.0f);
}

void bench_store(int dtype, void *buf, size_t i, float v)
{
    if (dtype == BENCH_FP32)
        ((float *)buf)[i] = v;
    else if (dtype == BENCH_FP64)
        ((double *)buf)[i] = v;
    else
        ((uint16_t *)buf)[i] = dtype == BENCH_FP16 ? bench_f32_to_f16(v) : bench_f32_to_bf16(v);
}

double bench_load(int dtype, const void *buf, size_t i)
{
    if (dtype == BENCH_FP32)
        return ((const float *)buf)[i];
    if (dtype == BENCH_FP64)
        return ((const double *)buf)[i];
    uint16_t h = ((const uint16_t *)buf)[i];
    return dtype == BENCH_FP16 ? acpu_f16_to_f32(h) : acpu_bf16_to_f32(h);
}

void bench_fill_uniform(int dtype, void *buf, size_t n, uint64_t seed, float lo, float hi)
{
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++)
        bench_store(dtype, buf, i, bench_uniform(seed, i, lo, hi));
}

void *bench_xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (p == NULL) {
        fprintf(stderr, "aclnn_cpu_bench: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

void bench_cpu_model(char *buf, size_t size)
{
    char line[256];
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(buf, size, "unknown CPU");
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) != 0 || colon == NULL)
            continue;
        snprintf(buf, size, "%s", colon + 1 + strspn(colon + 1, " \t"));
        buf[strcspn(buf, "\n")] = '\0';
        break;
    }
    if (f != NULL)
        fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Linear interpolation between order statistics (v sorted). */
static double quantile(const double *v, int n, double q)
{
    double pos = q * (n - 1);
    int lo = (int)pos;
    int hi = lo + 1 < n ? lo + 1 : lo;
    return v[lo] + (pos - lo) * (v[hi] - v[lo]);
}

void bench_stats(double *v, int n, double *median, double *q1, double *q3)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    *median = quantile(v, n, 0.5);
    *q1 = quantile(v, n, 0.25);
    *q3 = quantile(v, n, 0.75);
}

/* out[i] = in[0][i] * in[1][i] * ... for `reads` inputs; one input: in[0][i] * 1 (the same
 * value: an in-place call's data stays as it is). 16-bit elements multiply as integers (the
 * traffic is the point, not the values). */
#define ROOF_GENERIC(T, ONE)                                                                                 \
    do {                                                                                                     \
        const T *a = in[0], *b = reads > 1 ? in[1] : NULL, *c = reads > 2 ? in[2] : NULL;                    \
        T *o = out;                                                                                          \
        if (reads == 1) {                                                                                    \
            _Pragma("omp parallel for num_threads(threads) schedule(static)") for (size_t i = 0; i < n; i++) \
                o[i] = (T)(a[i] * (ONE));                                                                    \
        } else if (reads == 2) {                                                                             \
            _Pragma("omp parallel for num_threads(threads) schedule(static)") for (size_t i = 0; i < n; i++) \
                o[i] = (T)(a[i] * b[i]);                                                                     \
        } else {                                                                                             \
            _Pragma("omp parallel for num_threads(threads) schedule(static)") for (size_t i = 0; i < n; i++) \
                o[i] = (T)(a[i] * b[i] * c[i]);                                                              \
        }                                                                                                    \
    } while (0)

void bench_roofline_generic(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    if (esize == 8)
        ROOF_GENERIC(double, 1.0);
    else if (esize == 4)
        ROOF_GENERIC(float, 1.0f);
    else
        ROOF_GENERIC(uint16_t, 1u);
}

/* Maps the bits of a float of `dtype` to an integer line where neighbours differ by 1. */
static int64_t ordered(int dtype, const void *base, size_t i)
{
    uint64_t v, signBit;
    if (dtype == BENCH_FP64) {
        memcpy(&v, (const double *)base + i, sizeof v);
        signBit = 0x8000000000000000ull;
    } else if (dtype == BENCH_FP32) {
        v = f32_bits(((const float *)base)[i]);
        signBit = 0x80000000ull;
    } else {
        v = ((const uint16_t *)base)[i];
        signBit = 0x8000;
    }
    return (v & signBit) ? -(int64_t)(v & (signBit - 1)) : (int64_t)v;
}

uint64_t bench_max_ulp_diff(int dtype, const void *a, const void *b, size_t n, size_t *differing)
{
    uint64_t worst = 0;
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t x = ordered(dtype, a, i), y = ordered(dtype, b, i);
        /* Unsigned difference: exact even where the signed one would overflow (fp64). */
        uint64_t d = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
        count += d != 0;
        worst = d > worst ? d : worst;
    }
    *differing = count;
    return worst;
}

double bench_max_rel_diff(int dtype, const void *a, const void *b, size_t n, double floor)
{
    double worst = 0.0;
    for (size_t i = 0; i < n; i++) {
        double x = bench_load(dtype, a, i), y = bench_load(dtype, b, i);
        if (isnan(x) || isnan(y)) {
            if (isnan(x) != isnan(y))
                return INFINITY;
            continue;
        }
        if (x == y)
            continue; /* equal infinities too */
        double d = fabs(x - y) / (fabs(y) + floor);
        worst = d > worst ? d : worst;
    }
    return worst;
}

/* ---- the peers' ISA caps -------------------------------------------------------------------------- */

/* Sets name=value unless the environment has it; the words that say which. */
static const char *cap_one(const char *name, const char *value, char *buf, size_t size)
{
    const char *have = getenv(name);
    if (have != NULL)
        snprintf(buf, size, "%s=%s (from the environment)", name, have);
    else if (value == NULL)
        snprintf(buf, size, "%s unset (no cap for this ISA)", name);
    else {
        setenv(name, value, 0);
        snprintf(buf, size, "%s=%s (set by the bench)", name, value);
    }
    return buf;
}

const char *bench_cap_peers(void)
{
    static char line[320];
    char dnnl[112], aten[112];
    aclnnCpuIsa isa = aclnnCpuGetIsa();
    const char *d = NULL, *t = NULL;
    if (isa == ACLNN_CPU_ISA_AVX512)
        d = acpu_active_kernels()->native_bf16 ? "AVX512_CORE_BF16" : "AVX512_CORE", t = "avx512";
    else if (isa == ACLNN_CPU_ISA_AVX2)
        d = "AVX2", t = "avx2";
    else if (isa == ACLNN_CPU_ISA_SCALAR)
        d = "SSE41", t = "default"; /* oneDNN's lowest level; PyTorch's non-vector kernels */
    snprintf(line, sizeof line, "peers capped to the library's ISA %s: %s, %s", aclnnCpuIsaName(isa),
             cap_one("DNNL_MAX_CPU_ISA", d, dnnl, sizeof dnnl), cap_one("ATEN_CPU_CAPABILITY", t, aten, sizeof aten));
    return line;
}

size_t bench_count_subnormal(int dtype, const void *buf, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        double v = fabs(bench_load(dtype, buf, i));
        double smallest = dtype == BENCH_FP64   ? 2.2250738585072014e-308
                          : dtype == BENCH_FP16 ? 6.103515625e-05
                                                : 1.1754943508222875e-38; /* fp32 and bf16 */
        count += v != 0.0 && v < smallest;
    }
    return count;
}

/* SLEEF's exp over BENCH_SLEEF_EXP_N elements, AVX2 variants (see sleef_exp_rate.c). */
#include <immintrin.h>
#include <sleef.h>
#include <stddef.h>

#include "bench.h"

void bench_sleef_expf_avx2(const void *in, void *out)
{
    for (size_t i = 0; i < BENCH_SLEEF_EXP_N; i += 8)
        _mm256_storeu_ps((float *)out + i, Sleef_expf8_u10avx2(_mm256_loadu_ps((const float *)in + i)));
}

void bench_sleef_expd_avx2(const void *in, void *out)
{
    for (size_t i = 0; i < BENCH_SLEEF_EXP_N; i += 4)
        _mm256_storeu_pd((double *)out + i, Sleef_expd4_u10avx2(_mm256_loadu_pd((const double *)in + i)));
}

/* SLEEF's exp over BENCH_SLEEF_EXP_N elements, AVX512 variants (see sleef_exp_rate.c). */
#include <immintrin.h>
#include <sleef.h>
#include <stddef.h>

#include "bench.h"

void bench_sleef_expf_avx512(const void *in, void *out)
{
    for (size_t i = 0; i < BENCH_SLEEF_EXP_N; i += 16)
        _mm512_storeu_ps((float *)out + i, Sleef_expf16_u10avx512f(_mm512_loadu_ps((const float *)in + i)));
}

void bench_sleef_expd_avx512(const void *in, void *out)
{
    for (size_t i = 0; i < BENCH_SLEEF_EXP_N; i += 8)
        _mm512_storeu_pd((double *)out + i, Sleef_expd8_u10avx512f(_mm512_loadu_pd((const double *)in + i)));
}

/* The "fused" reference: the plain loop a user would write with AVX2 + SLEEF, one 8-lane
 * vector per iteration, a scalar tail, `#pragma omp parallel for` over the vectors. Same
 * arithmetic order as the library's fp32 kernels (no IsNearlyOne shortcuts). Also the AVX2
 * memory roofline. Compiled with -mavx2 -mfma -mf16c: call only when bench_have_avx2(). */
#include <immintrin.h>
#include <sleef.h>

#include "bench.h"

typedef struct {
    __m256 scale, factorNeg, negBias, inputScale;
} FusedConsts;

static FusedConsts fused_consts(const BenchParams *p)
{
    FusedConsts c = {_mm256_set1_ps(p->scale), _mm256_set1_ps(p->factorNeg), _mm256_set1_ps(p->negBias),
                     _mm256_set1_ps(p->inputScale)};
    return c;
}

/* ---- the two operations, vector and scalar ------------------------------------------------------ */

static inline __m256 elu_vec(__m256 dy, __m256 x, const FusedConsts *c)
{
    __m256 m = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OQ);
    __m256 e = Sleef_expf8_u10avx2(_mm256_mul_ps(x, c->inputScale));
    __m256 neg = _mm256_mul_ps(_mm256_mul_ps(e, c->factorNeg), dy);
    return _mm256_blendv_ps(_mm256_mul_ps(dy, c->scale), neg, m);
}

static inline __m256 elures_vec(__m256 dy, __m256 x, const FusedConsts *c)
{
    __m256 m = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OQ);
    __m256 neg = _mm256_mul_ps(_mm256_mul_ps(_mm256_add_ps(x, c->negBias), c->inputScale), dy);
    return _mm256_blendv_ps(_mm256_mul_ps(dy, c->scale), neg, m);
}

static inline float elu_one(float dy, float x, const BenchParams *p)
{
    return x <= 0.0f ? (Sleef_expf_u10(x * p->inputScale) * p->factorNeg) * dy : dy * p->scale;
}

static inline float elures_one(float dy, float x, const BenchParams *p)
{
    return x <= 0.0f ? ((x + p->negBias) * p->inputScale) * dy : dy * p->scale;
}

/* ---- loads and stores: fp32, fp16 (F16C), bf16 (shift widen, integer RNE narrow) ---------------- */

static inline __m256 ld_f32(const float *p) { return _mm256_loadu_ps(p); }
static inline void st_f32(float *p, __m256 v) { _mm256_storeu_ps(p, v); }
static inline float ld1_f32(float v) { return v; }
static inline float st1_f32(float v) { return v; }

static inline __m256 ld_f16(const uint16_t *p) { return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p)); }
static inline void st_f16(uint16_t *p, __m256 v)
{
    _mm_storeu_si128((__m128i *)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
static inline float ld1_f16(uint16_t v) { return _cvtsh_ss(v); }
static inline uint16_t st1_f16(float v) { return (uint16_t)_cvtss_sh(v, _MM_FROUND_TO_NEAREST_INT); }

static inline __m256 ld_bf16(const uint16_t *p)
{
    __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
}

static inline void st_bf16(uint16_t *p, __m256 v)
{
    __m256i b = _mm256_castps_si256(v);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(1));
    __m256i r = _mm256_srli_epi32(_mm256_add_epi32(b, _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7FFF))), 16);
    __m256i quiet = _mm256_or_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(0x40));
    __m256i isnan = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    r = _mm256_blendv_epi8(r, quiet, isnan);
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0xD8);
    _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(packed));
}

static inline float ld1_bf16(uint16_t v)
{
    uint32_t bits = (uint32_t)v << 16;
    float f;
    __builtin_memcpy(&f, &bits, sizeof f);
    return f;
}
static inline uint16_t st1_bf16(float v) { return bench_f32_to_bf16(v); }

/* ---- the loops ---------------------------------------------------------------------------------- */

#define FUSED_LOOP(NAME, T, SFX, OP)                                                                     \
    static void NAME(const void *dyv, const void *xv, void *outv, size_t n, int threads,                 \
                     const BenchParams *p)                                                               \
    {                                                                                                    \
        const T *dy = dyv;                                                                               \
        const T *x = xv;                                                                                 \
        T *out = outv;                                                                                   \
        const size_t nv = n / 8 * 8;                                                                     \
        const FusedConsts c = fused_consts(p);                                                           \
        _Pragma("omp parallel for num_threads(threads) schedule(static)")                                \
        for (size_t i = 0; i < nv; i += 8)                                                               \
            st_##SFX(out + i, OP##_vec(ld_##SFX(dy + i), ld_##SFX(x + i), &c));                          \
        for (size_t i = nv; i < n; i++)                                                                  \
            out[i] = st1_##SFX(OP##_one(ld1_##SFX(dy[i]), ld1_##SFX(x[i]), p));                          \
    }

FUSED_LOOP(fused_elu_f32, float, f32, elu)
FUSED_LOOP(fused_elures_f32, float, f32, elures)
FUSED_LOOP(fused_elu_f16, uint16_t, f16, elu)
FUSED_LOOP(fused_elures_f16, uint16_t, f16, elures)
FUSED_LOOP(fused_elu_bf16, uint16_t, bf16, elu)
FUSED_LOOP(fused_elures_bf16, uint16_t, bf16, elures)

BenchKernel bench_fused_kernel(int op, int dtype)
{
    static const BenchKernel table[BENCH_NUM_OPS][BENCH_NUM_DTYPES] = {
        {fused_elu_f32, fused_elu_f16, fused_elu_bf16},
        {fused_elures_f32, fused_elures_f16, fused_elures_bf16},
    };
    return table[op][dtype];
}

/* ---- memory roofline: c[i] = a[i] * b[i], 2 reads + 1 write of the element size ----------------- */

static void roofline_f32(const float *a, const float *b, float *c, size_t n, int threads)
{
    const size_t nv = n / 8 * 8;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < nv; i += 8)
        _mm256_storeu_ps(c + i, _mm256_mul_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
    for (size_t i = nv; i < n; i++)
        c[i] = a[i] * b[i];
}

static void roofline_u16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n, int threads)
{
    const size_t nv = n / 16 * 16;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < nv; i += 16) {
        __m256i va = _mm256_loadu_si256((const __m256i *)(a + i));
        __m256i vb = _mm256_loadu_si256((const __m256i *)(b + i));
        _mm256_storeu_si256((__m256i *)(c + i), _mm256_mullo_epi16(va, vb));
    }
    for (size_t i = nv; i < n; i++)
        c[i] = (uint16_t)(a[i] * b[i]);
}

void bench_roofline_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize)
{
    if (esize == 4)
        roofline_f32(a, b, c, n, threads);
    else
        roofline_u16(a, b, c, n, threads);
}

/* The "fused" reference: the plain loop a user would write with AVX2 + SLEEF, one vector per
 * iteration (8 floats, 4 doubles), a scalar tail, `#pragma omp parallel for` over the vectors.
 * Same arithmetic order as the library's kernels (no IsNearlyOne shortcuts). Also the AVX2
 * memory roofline, with regular and with streaming (non-temporal) stores. Compiled with
 * -mavx2 -mfma -mf16c: call only when bench_have_avx2(). */
#include <immintrin.h>
#include <sleef.h>

#include "bench.h"

typedef struct {
    __m256 scale, factorNeg, negBias, inputScale, beta, threshold;
    __m256d betaD, thresholdD;
} FusedConsts;

static FusedConsts fused_consts(const BenchParams *p)
{
    FusedConsts c = {_mm256_set1_ps(p->scale), _mm256_set1_ps(p->factorNeg), _mm256_set1_ps(p->negBias),
                     _mm256_set1_ps(p->inputScale), _mm256_set1_ps(p->beta), _mm256_set1_ps(p->threshold),
                     _mm256_set1_pd(p->beta), _mm256_set1_pd(p->threshold)};
    return c;
}

/* ---- the operations, vector and scalar ---------------------------------------------------------- */

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

/* softplus: z = beta * x; z > threshold ? dy : dy / (1 + exp(-z)). softplusd: the same in double. */
static inline __m256 softplus_vec(__m256 dy, __m256 x, const FusedConsts *c)
{
    __m256 z = _mm256_mul_ps(c->beta, x);
    __m256 e = Sleef_expf8_u10avx2(_mm256_xor_ps(z, _mm256_set1_ps(-0.0f)));
    __m256 r = _mm256_div_ps(dy, _mm256_add_ps(e, _mm256_set1_ps(1.0f)));
    return _mm256_blendv_ps(r, dy, _mm256_cmp_ps(z, c->threshold, _CMP_GT_OQ));
}

static inline float softplus_one(float dy, float x, const BenchParams *p)
{
    float z = p->beta * x;
    return z > p->threshold ? dy : dy / (Sleef_expf_u10(-z) + 1.0f);
}

static inline __m256d softplusd_vec(__m256d dy, __m256d x, const FusedConsts *c)
{
    __m256d z = _mm256_mul_pd(c->betaD, x);
    __m256d e = Sleef_expd4_u10avx2(_mm256_xor_pd(z, _mm256_set1_pd(-0.0)));
    __m256d r = _mm256_div_pd(dy, _mm256_add_pd(e, _mm256_set1_pd(1.0)));
    return _mm256_blendv_pd(r, dy, _mm256_cmp_pd(z, c->thresholdD, _CMP_GT_OQ));
}

static inline double softplusd_one(double dy, double x, const BenchParams *p)
{
    double z = (double)p->beta * x;
    return z > (double)p->threshold ? dy : dy / (Sleef_exp_u10(-z) + 1.0);
}

/* silu: s = 1 / (1 + exp(-x)); dy * (s * ((x * (1 - s)) + 1)), CANN's order. */
static inline __m256 silu_vec(__m256 dy, __m256 x, const FusedConsts *c)
{
    (void)c;
    const __m256 one = _mm256_set1_ps(1.0f);
    __m256 s = _mm256_div_ps(one, _mm256_add_ps(Sleef_expf8_u10avx2(_mm256_mul_ps(x, _mm256_set1_ps(-1.0f))), one));
    __m256 cc = _mm256_add_ps(_mm256_mul_ps(x, _mm256_sub_ps(one, s)), one);
    return _mm256_mul_ps(dy, _mm256_mul_ps(s, cc));
}

static inline float silu_one(float dy, float x, const BenchParams *p)
{
    (void)p;
    float s = 1.0f / (Sleef_expf_u10(x * -1.0f) + 1.0f);
    return dy * (s * (x * (1.0f - s) + 1.0f));
}

/* ---- loads and stores: fp32, fp64, fp16 (F16C), bf16 (shift widen, integer RNE narrow) --------- */

static inline __m256 ld_f32(const float *p) { return _mm256_loadu_ps(p); }
static inline void st_f32(float *p, __m256 v) { _mm256_storeu_ps(p, v); }
static inline float ld1_f32(float v) { return v; }
static inline float st1_f32(float v) { return v; }

static inline __m256d ld_f64(const double *p) { return _mm256_loadu_pd(p); }
static inline void st_f64(double *p, __m256d v) { _mm256_storeu_pd(p, v); }
static inline double ld1_f64(double v) { return v; }
static inline double st1_f64(double v) { return v; }

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

/* W: lanes per vector (8 for float-computed dtypes, 4 for fp64). */
#define FUSED_LOOP(NAME, T, SFX, OP, W)                                                                  \
    static void NAME(const void *dyv, const void *xv, void *outv, size_t n, int threads,                 \
                     const BenchParams *p)                                                               \
    {                                                                                                    \
        const T *dy = dyv;                                                                               \
        const T *x = xv;                                                                                 \
        T *out = outv;                                                                                   \
        const size_t nv = n / (W) * (W);                                                                 \
        const FusedConsts c = fused_consts(p);                                                           \
        _Pragma("omp parallel for num_threads(threads) schedule(static)")                                \
        for (size_t i = 0; i < nv; i += (W))                                                             \
            st_##SFX(out + i, OP##_vec(ld_##SFX(dy + i), ld_##SFX(x + i), &c));                          \
        for (size_t i = nv; i < n; i++)                                                                  \
            out[i] = st1_##SFX(OP##_one(ld1_##SFX(dy[i]), ld1_##SFX(x[i]), p));                          \
    }

FUSED_LOOP(fused_elu_f32, float, f32, elu, 8)
FUSED_LOOP(fused_elures_f32, float, f32, elures, 8)
FUSED_LOOP(fused_softplus_f32, float, f32, softplus, 8)
FUSED_LOOP(fused_elu_f16, uint16_t, f16, elu, 8)
FUSED_LOOP(fused_elures_f16, uint16_t, f16, elures, 8)
FUSED_LOOP(fused_softplus_f16, uint16_t, f16, softplus, 8)
FUSED_LOOP(fused_elu_bf16, uint16_t, bf16, elu, 8)
FUSED_LOOP(fused_elures_bf16, uint16_t, bf16, elures, 8)
FUSED_LOOP(fused_softplus_bf16, uint16_t, bf16, softplus, 8)
FUSED_LOOP(fused_softplus_f64, double, f64, softplusd, 4)
FUSED_LOOP(fused_silu_f32, float, f32, silu, 8)
FUSED_LOOP(fused_silu_f16, uint16_t, f16, silu, 8)
FUSED_LOOP(fused_silu_bf16, uint16_t, bf16, silu, 8)

BenchKernel bench_fused_kernel(int op, int dtype)
{
    static const BenchKernel table[BENCH_NUM_OPS][BENCH_NUM_DTYPES] = {
        [BENCH_OP_ELU] = {fused_elu_f32, fused_elu_f16, fused_elu_bf16, NULL},
        [BENCH_OP_ELURES] = {fused_elures_f32, fused_elures_f16, fused_elures_bf16, NULL},
        [BENCH_OP_SOFTPLUS] = {fused_softplus_f32, fused_softplus_f16, fused_softplus_bf16, fused_softplus_f64},
        [BENCH_OP_SILU] = {fused_silu_f32, fused_silu_f16, fused_silu_bf16, NULL},
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

static void roofline_f64(const double *a, const double *b, double *c, size_t n, int threads)
{
    const size_t nv = n / 4 * 4;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < nv; i += 4)
        _mm256_storeu_pd(c + i, _mm256_mul_pd(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
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
    if (esize == 8)
        roofline_f64(a, b, c, n, threads);
    else if (esize == 4)
        roofline_f32(a, b, c, n, threads);
    else
        roofline_u16(a, b, c, n, threads);
}

/* ---- the same roofline with non-temporal stores ------------------------------------------------- */

/* Elements of `esize` bytes up to the first 32-byte boundary of c (all of n when it has none). */
static size_t nt_head(const void *c, size_t n, size_t esize)
{
    size_t mis = (size_t)((uintptr_t)c & 31u);
    if (mis == 0)
        return 0;
    if (mis % esize != 0)
        return n; /* never aligned: plain stores throughout */
    size_t head = (32u - mis) / esize;
    return head < n ? head : n;
}

static void roofline_nt_f32(const float *a, const float *b, float *c, size_t n, int threads)
{
    const size_t h = nt_head(c, n, 4), nv = h + (n - h) / 8 * 8;
    for (size_t i = 0; i < h; i++)
        c[i] = a[i] * b[i];
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
        for (size_t i = h; i < nv; i += 8)
            _mm256_stream_ps(c + i, _mm256_mul_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
        _mm_sfence();
    }
    for (size_t i = nv; i < n; i++)
        c[i] = a[i] * b[i];
}

static void roofline_nt_f64(const double *a, const double *b, double *c, size_t n, int threads)
{
    const size_t h = nt_head(c, n, 8), nv = h + (n - h) / 4 * 4;
    for (size_t i = 0; i < h; i++)
        c[i] = a[i] * b[i];
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
        for (size_t i = h; i < nv; i += 4)
            _mm256_stream_pd(c + i, _mm256_mul_pd(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
        _mm_sfence();
    }
    for (size_t i = nv; i < n; i++)
        c[i] = a[i] * b[i];
}

static void roofline_nt_u16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n, int threads)
{
    const size_t h = nt_head(c, n, 2), nv = h + (n - h) / 16 * 16;
    for (size_t i = 0; i < h; i++)
        c[i] = (uint16_t)(a[i] * b[i]);
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
        for (size_t i = h; i < nv; i += 16) {
            __m256i va = _mm256_loadu_si256((const __m256i *)(a + i));
            __m256i vb = _mm256_loadu_si256((const __m256i *)(b + i));
            _mm256_stream_si256((__m256i *)(c + i), _mm256_mullo_epi16(va, vb));
        }
        _mm_sfence();
    }
    for (size_t i = nv; i < n; i++)
        c[i] = (uint16_t)(a[i] * b[i]);
}

void bench_roofline_nt_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize)
{
    if (esize == 8)
        roofline_nt_f64(a, b, c, n, threads);
    else if (esize == 4)
        roofline_nt_f32(a, b, c, n, threads);
    else
        roofline_nt_u16(a, b, c, n, threads);
}

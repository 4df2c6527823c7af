/* The "fused" reference: the plain loop a user would write with AVX2 + SLEEF, one vector per
 * iteration (8 floats, 4 doubles), a scalar tail, `#pragma omp parallel for` over the vectors.
 * Same arithmetic order as the library's kernels (no IsNearlyOne shortcuts). They exist for the
 * cases of kFused below (the operators the library started with); every other case shows "-".
 * Also the AVX2 memory rooflines of 1, 2 or 3 input streams, with regular and with streaming
 * (non-temporal) stores. Compiled with -mavx2 -mfma -mf16c: call only when bench_have_avx2(). */
#include <immintrin.h>
#include <sleef.h>
#include <string.h>

#include "bench.h"

typedef struct {
    __m256 scale, factorNeg, negBias, inputScale, beta, threshold;
    __m256d betaD, thresholdD;
} FusedConsts;

static FusedConsts fused_consts(const BenchFusedParams *p)
{
    FusedConsts c = {_mm256_set1_ps(p->scale),      _mm256_set1_ps(p->factorNeg), _mm256_set1_ps(p->negBias),
                     _mm256_set1_ps(p->inputScale), _mm256_set1_ps(p->beta),      _mm256_set1_ps(p->threshold),
                     _mm256_set1_pd(p->beta),       _mm256_set1_pd(p->threshold)};
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

static inline float elu_one(float dy, float x, const BenchFusedParams *p)
{
    return x <= 0.0f ? (Sleef_expf_u10(x * p->inputScale) * p->factorNeg) * dy : dy * p->scale;
}

static inline float elures_one(float dy, float x, const BenchFusedParams *p)
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

static inline float softplus_one(float dy, float x, const BenchFusedParams *p)
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

static inline double softplusd_one(double dy, double x, const BenchFusedParams *p)
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

static inline float silu_one(float dy, float x, const BenchFusedParams *p)
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
#define FUSED_LOOP(NAME, T, SFX, OP, W)                                                                        \
    static void NAME(const void *const *in, void *outv, size_t n, int threads, const BenchFusedParams *p)      \
    {                                                                                                          \
        const T *dy = in[0];                                                                                   \
        const T *x = in[1];                                                                                    \
        T *out = outv;                                                                                         \
        const size_t nv = n / (W) * (W);                                                                       \
        const FusedConsts c = fused_consts(p);                                                                 \
        _Pragma("omp parallel for num_threads(threads) schedule(static)") for (size_t i = 0; i < nv; i += (W)) \
            st_##SFX(out + i, OP##_vec(ld_##SFX(dy + i), ld_##SFX(x + i), &c));                                \
        for (size_t i = nv; i < n; i++)                                                                        \
            out[i] = st1_##SFX(OP##_one(ld1_##SFX(dy[i]), ld1_##SFX(x[i]), p));                                \
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

/* The cases with a fused loop, by name; inputs (gradient, forward input or result) in operator
 * input order, per dtype fp32, fp16, bf16, fp64 (NULL: none). */
static const struct {
    const char *name;
    BenchFused loop[BENCH_NUM_DTYPES];
} kFused[] = {
    {"elu_backward", {fused_elu_f32, fused_elu_f16, fused_elu_bf16, NULL}},
    {"elures", {fused_elures_f32, fused_elures_f16, fused_elures_bf16, NULL}},
    {"softplus_backward", {fused_softplus_f32, fused_softplus_f16, fused_softplus_bf16, fused_softplus_f64}},
    {"silu_backward", {fused_silu_f32, fused_silu_f16, fused_silu_bf16, NULL}},
};

BenchFused bench_fused_kernel(const char *caseName, int dtype)
{
    for (size_t k = 0; k < sizeof kFused / sizeof kFused[0]; k++)
        if (strcmp(kFused[k].name, caseName) == 0)
            return kFused[k].loop[dtype];
    return NULL;
}

/* ---- memory rooflines: out[i] = in[0][i] * ... * in[reads-1][i] (one input: * 1) ----------------- */

/* One vector step per element size: LD loads, MUL combines, ST stores (regular or streaming). */
#define ROOF_F32_LD(p) _mm256_loadu_ps(p)
#define ROOF_F64_LD(p) _mm256_loadu_pd(p)
#define ROOF_U16_LD(p) _mm256_loadu_si256((const __m256i *)(p))
#define ROOF_F32_MUL(a, b) _mm256_mul_ps(a, b)
#define ROOF_F64_MUL(a, b) _mm256_mul_pd(a, b)
#define ROOF_U16_MUL(a, b) _mm256_mullo_epi16(a, b)
#define ROOF_F32_ONE _mm256_set1_ps(1.0f)
#define ROOF_F64_ONE _mm256_set1_pd(1.0)
#define ROOF_U16_ONE _mm256_set1_epi16(1)
#define ROOF_F32_ST(p, v) _mm256_storeu_ps(p, v)
#define ROOF_F64_ST(p, v) _mm256_storeu_pd(p, v)
#define ROOF_U16_ST(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define ROOF_F32_NT(p, v) _mm256_stream_ps(p, v)
#define ROOF_F64_NT(p, v) _mm256_stream_pd(p, v)
#define ROOF_U16_NT(p, v) _mm256_stream_si256((__m256i *)(p), v)

/* The vector value of element i from `reads` inputs a, b, c. */
#define ROOF_VAL(K, reads, a, b, c, i)                                     \
    ((reads) == 1 ? ROOF_##K##_MUL(ROOF_##K##_LD(a + (i)), ROOF_##K##_ONE) \
     : (reads) == 2                                                        \
         ? ROOF_##K##_MUL(ROOF_##K##_LD(a + (i)), ROOF_##K##_LD(b + (i)))  \
         : ROOF_##K##_MUL(ROOF_##K##_MUL(ROOF_##K##_LD(a + (i)), ROOF_##K##_LD(b + (i))), ROOF_##K##_LD(c + (i))))

/* Scalar tail element i. */
#define ROOF_TAIL(T, reads, a, b, c, o, i) \
    o[i] = (T)((reads) == 1 ? a[i] : (reads) == 2 ? (T)(a[i] * b[i]) : (T)((T)(a[i] * b[i]) * c[i]))

/* Regular stores: static split of the vectors, scalar tail. */
#define ROOF_LOOP(NAME, T, K, W, R)                                                                            \
    static void NAME(const void *const *in, void *out, size_t n, int threads)                                  \
    {                                                                                                          \
        const T *a = in[0], *b = (R) > 1 ? in[1] : in[0], *c = (R) > 2 ? in[2] : in[0];                        \
        T *o = out;                                                                                            \
        const size_t nv = n / (W) * (W);                                                                       \
        _Pragma("omp parallel for num_threads(threads) schedule(static)") for (size_t i = 0; i < nv; i += (W)) \
            ROOF_##K##_ST(o + i, ROOF_VAL(K, R, a, b, c, i));                                                  \
        for (size_t i = nv; i < n; i++)                                                                        \
            ROOF_TAIL(T, R, a, b, c, o, i);                                                                    \
    }

/* Streaming stores need 32-byte aligned addresses: a scalar head up to the first boundary of out. */
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

#define ROOF_NT_LOOP(NAME, T, K, W, R)                                                  \
    static void NAME(const void *const *in, void *out, size_t n, int threads)           \
    {                                                                                   \
        const T *a = in[0], *b = (R) > 1 ? in[1] : in[0], *c = (R) > 2 ? in[2] : in[0]; \
        T *o = out;                                                                     \
        const size_t h = nt_head(o, n, sizeof(T)), nv = h + (n - h) / (W) * (W);        \
        for (size_t i = 0; i < h; i++)                                                  \
            ROOF_TAIL(T, R, a, b, c, o, i);                                             \
        _Pragma("omp parallel num_threads(threads)")                                    \
        {                                                                               \
            _Pragma("omp for schedule(static)") for (size_t i = h; i < nv; i += (W))    \
                ROOF_##K##_NT(o + i, ROOF_VAL(K, R, a, b, c, i));                       \
            _mm_sfence();                                                               \
        }                                                                               \
        for (size_t i = nv; i < n; i++)                                                 \
            ROOF_TAIL(T, R, a, b, c, o, i);                                             \
    }

/* Every element size x read count x store kind: [store][esize 2, 4, 8][reads - 1]. */
/* clang-format off */ /* one loop per line */
#define ROOF_ALL(K, T, W, SFX)                 \
    ROOF_LOOP(roof_##SFX##_1, T, K, W, 1)      \
    ROOF_LOOP(roof_##SFX##_2, T, K, W, 2)      \
    ROOF_LOOP(roof_##SFX##_3, T, K, W, 3)      \
    ROOF_NT_LOOP(roofnt_##SFX##_1, T, K, W, 1) \
    ROOF_NT_LOOP(roofnt_##SFX##_2, T, K, W, 2) \
    ROOF_NT_LOOP(roofnt_##SFX##_3, T, K, W, 3)
/* clang-format on */
ROOF_ALL(U16, uint16_t, 16, u16)
ROOF_ALL(F32, float, 8, f32)
ROOF_ALL(F64, double, 4, f64)

typedef void (*RoofFn)(const void *const *in, void *out, size_t n, int threads);
static const RoofFn kRoofs[2][3][3] = {
    {{roof_u16_1, roof_u16_2, roof_u16_3}, {roof_f32_1, roof_f32_2, roof_f32_3}, {roof_f64_1, roof_f64_2, roof_f64_3}},
    {{roofnt_u16_1, roofnt_u16_2, roofnt_u16_3},
     {roofnt_f32_1, roofnt_f32_2, roofnt_f32_3},
     {roofnt_f64_1, roofnt_f64_2, roofnt_f64_3}},
};

static void roof_dispatch(int nt, const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    int e = esize == 8 ? 2 : esize == 4 ? 1 : 0;
    int r = reads < 1 ? 0 : reads > 3 ? 2 : reads - 1;
    kRoofs[nt][e][r](in, out, n, threads);
}

void bench_roofline_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    roof_dispatch(0, in, reads, out, n, threads, esize);
}

void bench_roofline_nt_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    roof_dispatch(1, in, reads, out, n, threads, esize);
}

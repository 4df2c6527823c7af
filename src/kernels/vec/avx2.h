/* Vector vocabulary, AVX2 + FMA + F16C flavour: 8 fp32 / 4 fp64 lanes (contract: vec/vec_contract.h).
 * Masks are all-ones / all-zero lanes of a vector (CMPPS with an ordered quiet predicate), selects
 * are BLENDVPS; MINPS / MAXPS return their second operand when either is NaN, as the contract asks. */
#ifndef ACPU_VEC_AVX2_H_
#define ACPU_VEC_AVX2_H_

#if !defined(__AVX2__) || !defined(__FMA__) || !defined(__F16C__)
#error "kernels/vec/avx2.h needs -mavx2 -mfma -mf16c (CMakeLists.txt sets them on kernels_avx2.c only)"
#endif
#include "kernels/vec/vec_contract.h"

#include <immintrin.h>
#include <sleef.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 8
#define ACPU_KERNEL_NAME(name) name##_avx2

typedef __m256 acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return _mm256_set1_ps(v); }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return _mm256_add_ps(a, b); }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return _mm256_mul_ps(a, b); }
static inline acpu_vf acpu_vf_exp_sleef(acpu_vf x) { return Sleef_expf8_u10avx2(x); }
static inline acpu_vf acpu_vf_div(acpu_vf a, acpu_vf b) { return _mm256_div_ps(a, b); }
static inline acpu_vf acpu_vf_neg(acpu_vf a) { return _mm256_xor_ps(a, _mm256_set1_ps(-0.0f)); }
/* For ops/exp_poly.h (contract in vec/scalar.h). MAXPS/MINPS return their second operand when
 * either is NaN, so x goes second to keep a NaN. */
static inline acpu_vf acpu_vf_fma(acpu_vf a, acpu_vf b, acpu_vf c) { return _mm256_fmadd_ps(a, b, c); }
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi)
{
    return _mm256_min_ps(hi, _mm256_max_ps(lo, x));
}
/* q in [-150, 128] (exp_poly's clamp): u * 2^(q>>1) * 2^(q - (q>>1)), both factors normal floats, so
 * the first product is exact and only the second rounds (once, subnormals included). */
static inline __m256 acpu_avx2_pow2i(__m256i k)
{
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k, _mm256_set1_epi32(127)), 23));
}
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q)
{
    __m256i k = _mm256_cvtps_epi32(q);
    /* Usually every lane has -125 <= q <= 127, where u * 2^q (u in [0.7, 1.42]) is a normal float:
     * then adding q to u's exponent field is the exact product. (A NaN q converts to INT_MIN, whose
     * abs stays negative: u, a NaN, is kept.) */
    __m256i far = _mm256_cmpgt_epi32(_mm256_abs_epi32(k), _mm256_set1_epi32(125));
    if (_mm256_testz_si256(far, far))
        return _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(u), _mm256_slli_epi32(k, 23)));
    __m256i k1 = _mm256_srai_epi32(k, 1);
    return _mm256_mul_ps(_mm256_mul_ps(u, acpu_avx2_pow2i(k1)), acpu_avx2_pow2i(_mm256_sub_epi32(k, k1)));
}
static inline acpu_vf acpu_vf_sub(acpu_vf a, acpu_vf b) { return _mm256_sub_ps(a, b); }
static inline acpu_vf acpu_vf_abs(acpu_vf a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
static inline acpu_vf acpu_vf_min(acpu_vf a, acpu_vf b) { return _mm256_min_ps(a, b); }
static inline acpu_vf acpu_vf_max(acpu_vf a, acpu_vf b) { return _mm256_max_ps(a, b); }
static inline acpu_vf acpu_vf_log_sleef(acpu_vf x) { return Sleef_logf8_u10avx2(x); }
static inline acpu_vf acpu_vf_tanh_sleef(acpu_vf x) { return Sleef_tanhf8_u10avx2(x); }
static inline acpu_vf acpu_vf_erf_sleef(acpu_vf x) { return Sleef_erff8_u10avx2(x); }
/* Bit operations (contract: vec/vec_contract.h) on the integer view of the lanes. */
static inline acpu_vf acpu_vf_exponent(acpu_vf a)
{
    __m256i field = _mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(a), 23), _mm256_set1_epi32(0xff));
    return _mm256_cvtepi32_ps(_mm256_sub_epi32(field, _mm256_set1_epi32(127)));
}
static inline acpu_vf acpu_vf_significand(acpu_vf a)
{
    return _mm256_or_ps(_mm256_and_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(0x007fffff))), _mm256_set1_ps(1.0f));
}
static inline acpu_vf acpu_vf_copysign(acpu_vf m, acpu_vf s)
{
    const __m256 sign = _mm256_set1_ps(-0.0f);
    return _mm256_or_ps(_mm256_andnot_ps(sign, m), _mm256_and_ps(sign, s));
}
typedef __m256 acpu_vmask;
static inline acpu_vmask acpu_vf_cmp_lt(acpu_vf a, acpu_vf b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline acpu_vmask acpu_vf_cmp_le(acpu_vf a, acpu_vf b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
static inline acpu_vmask acpu_vf_cmp_gt(acpu_vf a, acpu_vf b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline acpu_vmask acpu_vf_cmp_ge(acpu_vf a, acpu_vf b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
static inline acpu_vmask acpu_vf_cmp_eq(acpu_vf a, acpu_vf b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
static inline acpu_vf acpu_vf_select(acpu_vmask m, acpu_vf t, acpu_vf f) { return _mm256_blendv_ps(f, t, m); }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return _mm256_loadu_ps(p); }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { _mm256_storeu_ps(p, v); }
/* out[k] = table[idx[k]] for ACPU_VLANES 16-bit indices into a 16-bit table (ops/lookup.h's WHOLE
 * form): one VPGATHERDD of the 32-bit words at the entries' byte offsets, whose low halves are the
 * entries (the table has ACPU_TABLE_PAD bytes past its end for the last word). */
#define ACPU_GATHER_U16 1
static inline void acpu_gather_u16(const uint16_t *table, const uint16_t *idx, uint16_t *out)
{
    __m256i i = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)idx));
    __m256i w = _mm256_and_si256(_mm256_i32gather_epi32((const int *)(const void *)table, i, 2),
                                 _mm256_set1_epi32(0xffff));
    _mm_storeu_si128((__m128i *)(void *)out,
                     _mm_packus_epi32(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1)));
}
/* Streaming output (ops/stream.h): one 32-byte non-temporal store (dst 32-byte aligned) and the
 * fence that orders such stores before the stores that follow (the join). */
#define ACPU_STREAM_BYTES 32
static inline void acpu_stream_store(void *dst, const void *src)
{
    _mm256_stream_si256((__m256i *)dst, _mm256_loadu_si256((const __m256i *)src));
}
static inline void acpu_stream_fence(void) { _mm_sfence(); }
/* table[idx[k]] for the ACPU_VLANES 16-bit indices at idx (one VPGATHERDD). */
static inline acpu_vf acpu_vf_gather_idx16(const float *table, const uint16_t *idx)
{
    __m256i i = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)idx));
    return _mm256_i32gather_ps(table, i, 4);
}
/* The same from one scalar load per lane, joined by inserts (ACPU_LOADS_IDX16: the lookup kernels'
 * alternative, ops/lookup.h); lanes k0..k7 take table[idx[k0]] ... table[idx[k7]]. */
#define ACPU_LOADS_IDX16 1
#define ACPU_VF_LOADS8(t, x, k0, k1, k2, k3, k4, k5, k6, k7) \
    _mm256_set_ps(t[x[k7]], t[x[k6]], t[x[k5]], t[x[k4]], t[x[k3]], t[x[k2]], t[x[k1]], t[x[k0]])
static inline acpu_vf acpu_vf_loads_idx16(const float *table, const uint16_t *idx)
{
    return ACPU_VF_LOADS8(table, idx, 0, 1, 2, 3, 4, 5, 6, 7);
}

static inline acpu_vf acpu_vf_load_f16(const uint16_t *p)
{
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(const void *)p));
}
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v)
{
    _mm_storeu_si128((__m128i *)(void *)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p)
{
    __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
}
/* Round to nearest even on the bit pattern: u + 0x7fff + lsb, keep the top half; NaN is quieted
 * (bit 6 of the bf16 set) so that dropping the low payload cannot turn it into infinity. The bf16
 * bits end up in the low half of each 32-bit lane. */
static inline __m256i acpu_bf16_round_int32(acpu_vf v)
{
    __m256i u = _mm256_castps_si256(v);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    __m256i rounded = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)), lsb), 16);
    __m256i quiet = _mm256_or_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(0x40));
    __m256i is_nan = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    return _mm256_blendv_epi8(rounded, quiet, is_nan);
}

static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v)
{
    __m256i r = acpu_bf16_round_int32(v);
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0x08);
    _mm_storeu_si128((__m128i *)(void *)p, _mm256_castsi256_si128(packed));
}

/* Two vectors of bf16 at once (ops/loops.h): one 32-byte load; interleaving each 128-bit lane with
 * zeros widens elements 8k..8k+3 into v0 and 8k+4..8k+7 into v1 (k = lane), which PACKUSDW in
 * store2 puts back in memory order without a cross-lane permute. */
#define ACPU_VF_PAIR_BF16 1
static inline void acpu_vf_load2_bf16(const uint16_t *p, acpu_vf *v0, acpu_vf *v1)
{
    __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)p), zero = _mm256_setzero_si256();
    *v0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, w));
    *v1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, w));
}

/* table[idx[k]] for 2 * ACPU_VLANES indices, in load2_bf16's lane order. */
static inline void acpu_vf_gather2_idx16_bf16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)idx), zero = _mm256_setzero_si256();
    *f0 = _mm256_i32gather_ps(table, _mm256_unpacklo_epi16(w, zero), 4);
    *f1 = _mm256_i32gather_ps(table, _mm256_unpackhi_epi16(w, zero), 4);
}

/* The same from one scalar load per lane (ACPU_LOADS_IDX16). */
static inline void acpu_vf_loads2_idx16_bf16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    *f0 = ACPU_VF_LOADS8(table, idx, 0, 1, 2, 3, 8, 9, 10, 11);
    *f1 = ACPU_VF_LOADS8(table, idx, 4, 5, 6, 7, 12, 13, 14, 15);
}

static inline void acpu_vf_store2_bf16(uint16_t *p, acpu_vf v0, acpu_vf v1)
{
    __m256i r = _mm256_packus_epi32(acpu_bf16_round_int32(v0), acpu_bf16_round_int32(v1));
    _mm256_storeu_si256((__m256i *)(void *)p, r);
}

/* 16-bit rounding with ties away from zero (AscendC's Cast with CAST_ROUND; contract in
 * vec/vec_contract.h): a value that the fp16 / bf16 store, which rounds to nearest even, narrows to
 * the format's value nearest v with a tie going to the one farther from zero. A tie of v is moved
 * one fp32 ulp away from zero (an integer + 1 on the pattern: never a carry out of the low bits, so
 * NaN stays NaN and infinities are never ties); every other v is returned as it is. On the pattern,
 * v is a tie when the bits below the format's last are 100...0: the low 16 for bf16 (every exponent),
 * the low 13 for fp16 from its smallest normal 2^-14 on. Below it fp16's grid is fixed (2^-24), so
 * vectors with such a lane (not 0) take the exact 2^-24 * (t + (w - t >= 0.5)), w = |v| * 2^24,
 * t = trunc(w) (every step exact) there. */
static inline acpu_vf acpu_vf_round_away_bf16(acpu_vf v)
{
    __m256i u = _mm256_castps_si256(v);
    __m256i tie = _mm256_cmpeq_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0xffff)), _mm256_set1_epi32(0x8000));
    return _mm256_castsi256_ps(_mm256_sub_epi32(u, tie));
}
static inline acpu_vf acpu_vf_round_away_f16(acpu_vf v)
{
    __m256i u = _mm256_castps_si256(v);
    __m256i tie = _mm256_cmpeq_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x1fff)), _mm256_set1_epi32(0x1000));
    __m256 r = _mm256_castsi256_ps(_mm256_sub_epi32(u, tie));
    __m256 sign = _mm256_set1_ps(-0.0f), a = _mm256_andnot_ps(sign, v);
    /* 0 < |v| < 2^-14: |v|'s pattern + 0x7fffffff (0 wraps to INT_MAX) below 0xb87fffff, signed */
    __m256i shifted = _mm256_add_epi32(_mm256_castps_si256(a), _mm256_set1_epi32(INT32_MAX));
    __m256 tiny = _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32((int)0xb87fffffu), shifted));
    if (_mm256_testz_ps(tiny, tiny))
        return r;
    __m256 w = _mm256_mul_ps(a, _mm256_set1_ps(0x1p24f));
    __m256 t = _mm256_round_ps(w, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 up = _mm256_cmp_ps(_mm256_sub_ps(w, t), _mm256_set1_ps(0.5f), _CMP_GE_OQ);
    t = _mm256_add_ps(t, _mm256_and_ps(up, _mm256_set1_ps(1.0f)));
    t = _mm256_or_ps(_mm256_mul_ps(t, _mm256_set1_ps(0x1p-24f)), _mm256_and_ps(sign, v));
    return _mm256_blendv_ps(r, t, tiny);
}

/* fp64: 4 lanes. */
#define ACPU_VDLANES 4
typedef __m256d acpu_vd;

static inline acpu_vd acpu_vd_set1(double v) { return _mm256_set1_pd(v); }
static inline acpu_vd acpu_vd_add(acpu_vd a, acpu_vd b) { return _mm256_add_pd(a, b); }
static inline acpu_vd acpu_vd_mul(acpu_vd a, acpu_vd b) { return _mm256_mul_pd(a, b); }
static inline acpu_vd acpu_vd_div(acpu_vd a, acpu_vd b) { return _mm256_div_pd(a, b); }
static inline acpu_vd acpu_vd_neg(acpu_vd a) { return _mm256_xor_pd(a, _mm256_set1_pd(-0.0)); }
static inline acpu_vd acpu_vd_exp_sleef(acpu_vd x) { return Sleef_expd4_u10avx2(x); }
/* For ops/exp_poly.h, as the fp32 ones (MAXPD/MINPD return their second operand, x, on NaN). */
static inline acpu_vd acpu_vd_fma(acpu_vd a, acpu_vd b, acpu_vd c) { return _mm256_fmadd_pd(a, b, c); }
static inline acpu_vd acpu_vd_clamp(acpu_vd x, acpu_vd lo, acpu_vd hi)
{
    return _mm256_min_pd(hi, _mm256_max_pd(lo, x));
}
static inline acpu_vd acpu_vd_round(acpu_vd x)
{
    return _mm256_round_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
/* q in [-1076, 1024] (exp_poly's clamp): u * 2^floor(q/2) * 2^(q - floor(q/2)), both factors normal
 * doubles, so the first product is exact and only the second rounds (once, subnormals included).
 * AVX2 has no double -> int64 conversion: q + (1.5 * 2^52 + 2046) is exact and holds L = q + 2046,
 * in [970, 3070], in its low 12 bits; floor(L/2) and L - floor(L/2) are the biased exponents of the
 * two factors (the low 12 bits of a difference depend on the operands' low 12 bits only), and a
 * shift by 52 moves them into place, dropping the rest. */
static inline acpu_vd acpu_vd_scale_pow2(acpu_vd u, acpu_vd q)
{
    __m256i bits = _mm256_castpd_si256(_mm256_add_pd(q, _mm256_set1_pd(0x1.8p52 + 2046.0)));
    __m256i half = _mm256_srli_epi64(bits, 1);
    __m256d f1 = _mm256_castsi256_pd(_mm256_slli_epi64(half, 52));
    __m256d f2 = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(bits, half), 52));
    return _mm256_mul_pd(_mm256_mul_pd(u, f1), f2);
}
static inline acpu_vd acpu_vd_sub(acpu_vd a, acpu_vd b) { return _mm256_sub_pd(a, b); }
static inline acpu_vd acpu_vd_abs(acpu_vd a) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), a); }
static inline acpu_vd acpu_vd_min(acpu_vd a, acpu_vd b) { return _mm256_min_pd(a, b); }
static inline acpu_vd acpu_vd_max(acpu_vd a, acpu_vd b) { return _mm256_max_pd(a, b); }
typedef __m256d acpu_vdmask;
static inline acpu_vdmask acpu_vd_cmp_lt(acpu_vd a, acpu_vd b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
static inline acpu_vdmask acpu_vd_cmp_le(acpu_vd a, acpu_vd b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
static inline acpu_vdmask acpu_vd_cmp_gt(acpu_vd a, acpu_vd b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
static inline acpu_vdmask acpu_vd_cmp_ge(acpu_vd a, acpu_vd b) { return _mm256_cmp_pd(a, b, _CMP_GE_OQ); }
static inline acpu_vdmask acpu_vd_cmp_eq(acpu_vd a, acpu_vd b) { return _mm256_cmp_pd(a, b, _CMP_EQ_OQ); }
static inline acpu_vd acpu_vd_select(acpu_vdmask m, acpu_vd t, acpu_vd f) { return _mm256_blendv_pd(f, t, m); }
static inline acpu_vd acpu_vd_load_f64(const double *p) { return _mm256_loadu_pd(p); }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { _mm256_storeu_pd(p, v); }

#endif /* ACPU_VEC_AVX2_H_ */

/* Vector vocabulary, AVX-512 (F, BW, DQ, VL) flavour: 16 fp32 / 8 fp64 lanes (contract:
 * vec/vec_contract.h). Masks are k-registers (__mmask16 / __mmask8), selects are mask blends. With
 * ACPU_AVX512_NATIVE_BF16 defined (a TU built with -mavx512bf16) fp32 -> bf16 uses VCVTNEPS2BF16, except for vectors
 * with a lane in the subnormal range, which that instruction flushes to zero: those take the integer rounding, so
 * results stay IEEE. */
#ifndef ACPU_VEC_AVX512_H_
#define ACPU_VEC_AVX512_H_

#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512DQ__) || !defined(__AVX512VL__) || \
    !defined(__FMA__) || !defined(__F16C__)
#error "kernels/vec/avx512.h needs -mavx512f -mavx512bw -mavx512dq -mavx512vl -mfma -mf16c (CMakeLists.txt)"
#endif
#if defined(ACPU_AVX512_NATIVE_BF16) && !defined(__AVX512BF16__)
#error "kernels/vec/avx512.h with ACPU_AVX512_NATIVE_BF16 needs -mavx512bf16"
#endif
#include "kernels/vec/vec_contract.h"

#include <immintrin.h>
#include <sleef.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 16
#ifdef ACPU_AVX512_NATIVE_BF16
#define ACPU_KERNEL_NAME(name) name##_avx512bf16
#else
#define ACPU_KERNEL_NAME(name) name##_avx512
#endif

typedef __m512 acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return _mm512_set1_ps(v); }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return _mm512_add_ps(a, b); }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return _mm512_mul_ps(a, b); }
static inline acpu_vf acpu_vf_div(acpu_vf a, acpu_vf b) { return _mm512_div_ps(a, b); }
static inline acpu_vf acpu_vf_neg(acpu_vf a)
{
    return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MIN)));
}
/* For ops/exp_poly.h (contract in vec/scalar.h). MAXPS/MINPS return their second operand when
 * either is NaN, so x goes second to keep a NaN; VSCALEFPS computes u * 2^floor(q) rounding once. */
static inline acpu_vf acpu_vf_fma(acpu_vf a, acpu_vf b, acpu_vf c) { return _mm512_fmadd_ps(a, b, c); }
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi)
{
    return _mm512_min_ps(hi, _mm512_max_ps(lo, x));
}
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q) { return _mm512_scalef_ps(u, q); }
static inline acpu_vf acpu_vf_exp_sleef(acpu_vf x) { return Sleef_expf16_u10avx512f(x); }
static inline acpu_vf acpu_vf_sub(acpu_vf a, acpu_vf b) { return _mm512_sub_ps(a, b); }
static inline acpu_vf acpu_vf_abs(acpu_vf a)
{
    return _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MAX)));
}
static inline acpu_vf acpu_vf_min(acpu_vf a, acpu_vf b) { return _mm512_min_ps(a, b); }
static inline acpu_vf acpu_vf_max(acpu_vf a, acpu_vf b) { return _mm512_max_ps(a, b); }
static inline acpu_vf acpu_vf_log_sleef(acpu_vf x) { return Sleef_logf16_u10avx512f(x); }
static inline acpu_vf acpu_vf_tanh_sleef(acpu_vf x) { return Sleef_tanhf16_u10avx512f(x); }
static inline acpu_vf acpu_vf_erf_sleef(acpu_vf x) { return Sleef_erff16_u10avx512f(x); }
/* Bit operations (contract: vec/vec_contract.h) on the integer view of the lanes; not VGETEXPPS /
 * VGETMANTPS, whose results for zeros, subnormals, inf and NaN differ from the contract's. */
static inline acpu_vf acpu_vf_exponent(acpu_vf a)
{
    __m512i field = _mm512_and_si512(_mm512_srli_epi32(_mm512_castps_si512(a), 23), _mm512_set1_epi32(0xff));
    return _mm512_cvtepi32_ps(_mm512_sub_epi32(field, _mm512_set1_epi32(127)));
}
static inline acpu_vf acpu_vf_significand(acpu_vf a)
{
    __m512i u = _mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(0x007fffff));
    return _mm512_castsi512_ps(_mm512_or_si512(u, _mm512_set1_epi32(0x3f800000)));
}
static inline acpu_vf acpu_vf_copysign(acpu_vf m, acpu_vf s)
{
    const __m512i sign = _mm512_set1_epi32(INT32_MIN);
    return _mm512_castsi512_ps(_mm512_or_si512(_mm512_andnot_si512(sign, _mm512_castps_si512(m)),
                                               _mm512_and_si512(sign, _mm512_castps_si512(s))));
}
typedef __mmask16 acpu_vmask;
static inline acpu_vmask acpu_vf_cmp_lt(acpu_vf a, acpu_vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
static inline acpu_vmask acpu_vf_cmp_le(acpu_vf a, acpu_vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
static inline acpu_vmask acpu_vf_cmp_gt(acpu_vf a, acpu_vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
static inline acpu_vmask acpu_vf_cmp_ge(acpu_vf a, acpu_vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
static inline acpu_vmask acpu_vf_cmp_eq(acpu_vf a, acpu_vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ); }
static inline acpu_vf acpu_vf_select(acpu_vmask m, acpu_vf t, acpu_vf f) { return _mm512_mask_blend_ps(m, f, t); }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return _mm512_loadu_ps(p); }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { _mm512_storeu_ps(p, v); }
/* out[k] = table[idx[k]] for ACPU_VLANES 16-bit indices into a 16-bit table (ops/lookup.h's WHOLE
 * form): one VPGATHERDD of the 32-bit words at the entries' byte offsets, narrowed by VPMOVDW (the
 * table has ACPU_TABLE_PAD bytes past its end for the last word). */
#define ACPU_GATHER_U16 1
static inline void acpu_gather_u16(const uint16_t *table, const uint16_t *idx, uint16_t *out)
{
    __m512i i = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)idx));
    __m512i w = _mm512_i32gather_epi32(i, (const void *)table, 2);
    _mm256_storeu_si256((__m256i *)(void *)out, _mm512_cvtepi32_epi16(w));
}
/* Streaming output (ops/stream.h): one 64-byte non-temporal store (dst 64-byte aligned) and the
 * fence that orders such stores before the stores that follow (the join). */
#define ACPU_STREAM_BYTES 64
static inline void acpu_stream_store(void *dst, const void *src)
{
    _mm512_stream_si512((__m512i *)dst, _mm512_loadu_si512(src));
}
static inline void acpu_stream_fence(void) { _mm_sfence(); }
/* table[idx[k]] for the ACPU_VLANES 16-bit indices at idx (one VPGATHERDD). */
static inline acpu_vf acpu_vf_gather_idx16(const float *table, const uint16_t *idx)
{
    __m512i i = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)idx));
    return _mm512_i32gather_ps(i, table, 4);
}
static inline acpu_vf acpu_vf_load_f16(const uint16_t *p)
{
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(const void *)p));
}
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p)
{
    __m512i w = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(w, 16));
}

/* Integer round to nearest even (u + 0x7fff + lsb, top half), NaN quieted: the bf16 bits in the low
 * half of each 32-bit lane. */
static inline __m512i acpu_bf16_round_int32(acpu_vf v)
{
    __m512i u = _mm512_castps_si512(v);
    __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), lsb), 16);
    __m512i quiet = _mm512_or_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x40));
    return _mm512_mask_blend_epi32(_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), r, quiet);
}

/* fpclass category 0x20: denormal, the lanes VCVTNEPS2BF16 would flush. */
#define ACPU_FPCLASS_DENORMAL 0x20

static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v)
{
    __m256i r = _mm512_cvtepi32_epi16(acpu_bf16_round_int32(v));
#ifdef ACPU_AVX512_NATIVE_BF16
    if (!_mm512_fpclass_ps_mask(v, ACPU_FPCLASS_DENORMAL))
        r = (__m256i)_mm512_cvtneps_pbh(v);
#endif
    _mm256_storeu_si256((__m256i *)(void *)p, r);
}

/* Two vectors of bf16 at once (ops/loops.h): one 64-byte load; interleaving each 128-bit lane with
 * zeros widens elements 8k..8k+3 into v0 and 8k+4..8k+7 into v1 (k = lane). store2 restores memory
 * order: PACKUSDW joins the lanes back, VCVTNE2PS2BF16's output is put back by one VPERMW. */
#define ACPU_VF_PAIR_BF16 1
static inline void acpu_vf_load2_bf16(const uint16_t *p, acpu_vf *v0, acpu_vf *v1)
{
    __m512i w = _mm512_loadu_si512(p), zero = _mm512_setzero_si512();
    *v0 = _mm512_castsi512_ps(_mm512_unpacklo_epi16(zero, w));
    *v1 = _mm512_castsi512_ps(_mm512_unpackhi_epi16(zero, w));
}

/* table[idx[k]] for 2 * ACPU_VLANES indices, in load2_bf16's lane order. */
static inline void acpu_vf_gather2_idx16_bf16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    __m512i w = _mm512_loadu_si512(idx), zero = _mm512_setzero_si512();
    *f0 = _mm512_i32gather_ps(_mm512_unpacklo_epi16(w, zero), table, 4);
    *f1 = _mm512_i32gather_ps(_mm512_unpackhi_epi16(w, zero), table, 4);
}

static inline void acpu_vf_store2_bf16(uint16_t *p, acpu_vf v0, acpu_vf v1)
{
    __m512i r;
#ifdef ACPU_AVX512_NATIVE_BF16
    if (!(_mm512_fpclass_ps_mask(v0, ACPU_FPCLASS_DENORMAL) | _mm512_fpclass_ps_mask(v1, ACPU_FPCLASS_DENORMAL))) {
        /* word j of the conversion: v0 lane j (j < 16), v1 lane j - 16 */
        const __m512i order = _mm512_set_epi16(31, 30, 29, 28, 15, 14, 13, 12, 27, 26, 25, 24, 11, 10, 9, 8, 23, 22, 21,
                                               20, 7, 6, 5, 4, 19, 18, 17, 16, 3, 2, 1, 0);
        r = _mm512_permutexvar_epi16(order, (__m512i)_mm512_cvtne2ps_pbh(v1, v0));
    } else
#endif
        r = _mm512_packus_epi32(acpu_bf16_round_int32(v0), acpu_bf16_round_int32(v1));
    _mm512_storeu_si512(p, r);
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
    __m512i u = _mm512_castps_si512(v);
    __mmask16 tie = _mm512_cmpeq_epi32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0xffff)), _mm512_set1_epi32(0x8000));
    return _mm512_castsi512_ps(_mm512_mask_add_epi32(u, tie, u, _mm512_set1_epi32(1)));
}
static inline acpu_vf acpu_vf_round_away_f16(acpu_vf v)
{
    __m512i u = _mm512_castps_si512(v);
    __mmask16 tie = _mm512_cmpeq_epi32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x1fff)), _mm512_set1_epi32(0x1000));
    __m512 r = _mm512_castsi512_ps(_mm512_mask_add_epi32(u, tie, u, _mm512_set1_epi32(1)));
    __m512i au = _mm512_and_si512(u, _mm512_set1_epi32(INT32_MAX));
    /* 0 < |v| < 2^-14: |v|'s pattern - 1 below 0x387fffff, unsigned */
    __mmask16 tiny = _mm512_cmplt_epu32_mask(_mm512_sub_epi32(au, _mm512_set1_epi32(1)), _mm512_set1_epi32(0x387fffff));
    if (!tiny)
        return r;
    __m512 a = _mm512_castsi512_ps(au);
    __m512 w = _mm512_mul_ps(a, _mm512_set1_ps(0x1p24f));
    __m512 t = _mm512_roundscale_ps(w, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    t = _mm512_mask_add_ps(t, _mm512_cmp_ps_mask(_mm512_sub_ps(w, t), _mm512_set1_ps(0.5f), _CMP_GE_OQ), t,
                           _mm512_set1_ps(1.0f));
    __m512i e = _mm512_or_si512(_mm512_castps_si512(_mm512_mul_ps(t, _mm512_set1_ps(0x1p-24f))),
                                _mm512_andnot_si512(_mm512_set1_epi32(INT32_MAX), u));
    return _mm512_mask_blend_ps(tiny, r, _mm512_castsi512_ps(e));
}

/* fp64: 8 lanes. */
#define ACPU_VDLANES 8
typedef __m512d acpu_vd;

static inline acpu_vd acpu_vd_set1(double v) { return _mm512_set1_pd(v); }
static inline acpu_vd acpu_vd_add(acpu_vd a, acpu_vd b) { return _mm512_add_pd(a, b); }
static inline acpu_vd acpu_vd_mul(acpu_vd a, acpu_vd b) { return _mm512_mul_pd(a, b); }
static inline acpu_vd acpu_vd_div(acpu_vd a, acpu_vd b) { return _mm512_div_pd(a, b); }
static inline acpu_vd acpu_vd_neg(acpu_vd a)
{
    return _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(a), _mm512_set1_epi64(INT64_MIN)));
}
static inline acpu_vd acpu_vd_exp_sleef(acpu_vd x) { return Sleef_expd8_u10avx512f(x); }
/* For ops/exp_poly.h, as the fp32 ones: x second in MAXPD/MINPD keeps a NaN; VSCALEFPD computes
 * u * 2^floor(q) rounding once. */
static inline acpu_vd acpu_vd_fma(acpu_vd a, acpu_vd b, acpu_vd c) { return _mm512_fmadd_pd(a, b, c); }
static inline acpu_vd acpu_vd_clamp(acpu_vd x, acpu_vd lo, acpu_vd hi)
{
    return _mm512_min_pd(hi, _mm512_max_pd(lo, x));
}
static inline acpu_vd acpu_vd_round(acpu_vd x)
{
    return _mm512_roundscale_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
static inline acpu_vd acpu_vd_scale_pow2(acpu_vd u, acpu_vd q) { return _mm512_scalef_pd(u, q); }
static inline acpu_vd acpu_vd_sub(acpu_vd a, acpu_vd b) { return _mm512_sub_pd(a, b); }
static inline acpu_vd acpu_vd_abs(acpu_vd a)
{
    return _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(a), _mm512_set1_epi64(INT64_MAX)));
}
static inline acpu_vd acpu_vd_min(acpu_vd a, acpu_vd b) { return _mm512_min_pd(a, b); }
static inline acpu_vd acpu_vd_max(acpu_vd a, acpu_vd b) { return _mm512_max_pd(a, b); }
typedef __mmask8 acpu_vdmask;
static inline acpu_vdmask acpu_vd_cmp_lt(acpu_vd a, acpu_vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ); }
static inline acpu_vdmask acpu_vd_cmp_le(acpu_vd a, acpu_vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ); }
static inline acpu_vdmask acpu_vd_cmp_gt(acpu_vd a, acpu_vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ); }
static inline acpu_vdmask acpu_vd_cmp_ge(acpu_vd a, acpu_vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }
static inline acpu_vdmask acpu_vd_cmp_eq(acpu_vd a, acpu_vd b) { return _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ); }
static inline acpu_vd acpu_vd_select(acpu_vdmask m, acpu_vd t, acpu_vd f) { return _mm512_mask_blend_pd(m, f, t); }
static inline acpu_vd acpu_vd_load_f64(const double *p) { return _mm512_loadu_pd(p); }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { _mm512_storeu_pd(p, v); }

#endif /* ACPU_VEC_AVX512_H_ */

/* Vector vocabulary, AVX-512 (F, BW, DQ, VL) flavour: 16 fp32 / 8 fp64 lanes (see vec/scalar.h for
 * the contract). With ACPU_AVX512_NATIVE_BF16 defined (a TU built with -mavx512bf16) fp32 -> bf16
 * uses VCVTNEPS2BF16, except for lanes in the subnormal range, which that instruction flushes to
 * zero: those take the integer rounding, so results stay IEEE. */
#ifndef ACPU_VEC_AVX512_H_
#define ACPU_VEC_AVX512_H_

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
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi) { return _mm512_min_ps(hi, _mm512_max_ps(lo, x)); }
static inline acpu_vf acpu_vf_round(acpu_vf x) { return _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q) { return _mm512_scalef_ps(u, q); }
static inline acpu_vf acpu_vf_exp(acpu_vf x) { return Sleef_expf16_u10avx512f(x); }
static inline acpu_vf acpu_vf_select_gt(acpu_vf a, acpu_vf b, acpu_vf if_gt, acpu_vf other)
{
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, b, _CMP_GT_OQ), other, if_gt);
}
/* ordered compare: NaN gives false, i.e. `other` */
static inline acpu_vf acpu_vf_select_le0(acpu_vf x, acpu_vf if_le0, acpu_vf other)
{
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_LE_OQ), other, if_le0);
}

static inline acpu_vf acpu_vf_load_f32(const float *p) { return _mm512_loadu_ps(p); }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { _mm512_storeu_ps(p, v); }

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

/* Integer round to nearest even (u + 0x7fff + lsb, top half), NaN quieted. */
static inline __m256i acpu_bf16_round_int(acpu_vf v)
{
    __m512i u = _mm512_castps_si512(v);
    __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), lsb), 16);
    __m512i quiet = _mm512_or_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x40));
    r = _mm512_mask_blend_epi32(_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), r, quiet);
    return _mm512_cvtepi32_epi16(r);
}

static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v)
{
#ifdef ACPU_AVX512_NATIVE_BF16
    __m256i native = (__m256i)_mm512_cvtneps_pbh(v);
    __mmask16 tiny = _mm512_cmp_ps_mask(_mm512_abs_ps(v), _mm512_set1_ps(0x1p-126f), _CMP_LT_OQ);
    __m256i r = tiny ? _mm256_mask_blend_epi16(tiny, native, acpu_bf16_round_int(v)) : native;
#else
    __m256i r = acpu_bf16_round_int(v);
#endif
    _mm256_storeu_si256((__m256i *)(void *)p, r);
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
static inline acpu_vd acpu_vd_exp(acpu_vd x) { return Sleef_expd8_u10avx512f(x); }
static inline acpu_vd acpu_vd_select_gt(acpu_vd a, acpu_vd b, acpu_vd if_gt, acpu_vd other)
{
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, b, _CMP_GT_OQ), other, if_gt);
}
static inline acpu_vd acpu_vd_load_f64(const double *p) { return _mm512_loadu_pd(p); }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { _mm512_storeu_pd(p, v); }

#endif /* ACPU_VEC_AVX512_H_ */

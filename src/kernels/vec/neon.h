/* Vector vocabulary, AArch64 Advanced SIMD (NEON) flavour: 4 fp32 / 2 fp64 lanes (contract:
 * vec/vec_contract.h). Masks are all-ones / all-zero lanes (uint32x4_t / uint64x2_t), selects BSL. Base ARMv8-A only:
 * the fp16 <-> fp32 conversions (FCVTL / FCVTN) need no +fp16. FCVTN rounds by FPCR; the kernels run under the IEEE
 * default environment (engine/fpenv.c sets round-to-nearest-even, no flush-to-zero), so it rounds to nearest even as
 * the other vocabularies do. Selects use ordered compares (FCMLE/FCMGT are false for NaN), so an unordered lane takes
 * `other`. */
#ifndef ACPU_VEC_NEON_H_
#define ACPU_VEC_NEON_H_

#if !defined(__aarch64__) || !defined(__ARM_NEON)
#error "kernels/vec/neon.h needs an AArch64 target with Advanced SIMD (base ARMv8-A)"
#endif
#include "kernels/vec/vec_contract.h"

#include <arm_neon.h>
#include <sleef.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 4
#define ACPU_KERNEL_NAME(name) name##_neon

typedef float32x4_t acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return vdupq_n_f32(v); }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return vaddq_f32(a, b); }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return vmulq_f32(a, b); }
static inline acpu_vf acpu_vf_exp_sleef(acpu_vf x) { return Sleef_expf4_u10advsimd(x); }
static inline acpu_vf acpu_vf_div(acpu_vf a, acpu_vf b) { return vdivq_f32(a, b); }
/* FNEG flips the sign bit only, NaN included (as the x86 xor does). */
static inline acpu_vf acpu_vf_neg(acpu_vf a) { return vnegq_f32(a); }
/* For ops/exp_poly.h (contract in vec/scalar.h). FMAX/FMIN return NaN when either input is NaN. */
static inline acpu_vf acpu_vf_fma(acpu_vf a, acpu_vf b, acpu_vf c) { return vfmaq_f32(c, a, b); }
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi) { return vminq_f32(vmaxq_f32(x, lo), hi); }
/* q in [-150, 128] (exp_poly's clamp): u * 2^(q>>1) * 2^(q - (q>>1)), both factors normal floats, so
 * the first product is exact and only the second rounds. A NaN q converts to 0 (u is NaN then). */
static inline float32x4_t acpu_neon_pow2i(int32x4_t k)
{
    return vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(k, vdupq_n_s32(127)), 23));
}
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q)
{
    int32x4_t k = vcvtq_s32_f32(q);
    int32x4_t k1 = vshrq_n_s32(k, 1);
    return vmulq_f32(vmulq_f32(u, acpu_neon_pow2i(k1)), acpu_neon_pow2i(vsubq_s32(k, k1)));
}
static inline acpu_vf acpu_vf_sub(acpu_vf a, acpu_vf b) { return vsubq_f32(a, b); }
static inline acpu_vf acpu_vf_abs(acpu_vf a) { return vabsq_f32(a); }
/* FMIN / FMAX return NaN for a NaN input: a compare and a select give the contract's b instead. */
static inline acpu_vf acpu_vf_min(acpu_vf a, acpu_vf b) { return vbslq_f32(vcltq_f32(a, b), a, b); }
static inline acpu_vf acpu_vf_max(acpu_vf a, acpu_vf b) { return vbslq_f32(vcgtq_f32(a, b), a, b); }
static inline acpu_vf acpu_vf_log_sleef(acpu_vf x) { return Sleef_logf4_u10advsimd(x); }
static inline acpu_vf acpu_vf_tanh_sleef(acpu_vf x) { return Sleef_tanhf4_u10advsimd(x); }
static inline acpu_vf acpu_vf_erf_sleef(acpu_vf x) { return Sleef_erff4_u10advsimd(x); }
/* Bit operations (contract: vec/vec_contract.h) on the integer view of the lanes. */
static inline acpu_vf acpu_vf_exponent(acpu_vf a)
{
    uint32x4_t field = vandq_u32(vshrq_n_u32(vreinterpretq_u32_f32(a), 23), vdupq_n_u32(0xff));
    return vcvtq_f32_s32(vsubq_s32(vreinterpretq_s32_u32(field), vdupq_n_s32(127)));
}
static inline acpu_vf acpu_vf_significand(acpu_vf a)
{
    uint32x4_t u = vandq_u32(vreinterpretq_u32_f32(a), vdupq_n_u32(0x007fffff));
    return vreinterpretq_f32_u32(vorrq_u32(u, vdupq_n_u32(0x3f800000)));
}
static inline acpu_vf acpu_vf_copysign(acpu_vf m, acpu_vf s)
{
    return vbslq_f32(vdupq_n_u32(0x80000000u), s, m); /* BSL: sign bit from s, the rest from m */
}
/* FCMxx are ordered: false for a NaN lane. */
typedef uint32x4_t acpu_vmask;
static inline acpu_vmask acpu_vf_cmp_lt(acpu_vf a, acpu_vf b) { return vcltq_f32(a, b); }
static inline acpu_vmask acpu_vf_cmp_le(acpu_vf a, acpu_vf b) { return vcleq_f32(a, b); }
static inline acpu_vmask acpu_vf_cmp_gt(acpu_vf a, acpu_vf b) { return vcgtq_f32(a, b); }
static inline acpu_vmask acpu_vf_cmp_ge(acpu_vf a, acpu_vf b) { return vcgeq_f32(a, b); }
static inline acpu_vmask acpu_vf_cmp_eq(acpu_vf a, acpu_vf b) { return vceqq_f32(a, b); }
static inline acpu_vf acpu_vf_select(acpu_vmask m, acpu_vf t, acpu_vf f) { return vbslq_f32(m, t, f); }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return vld1q_f32(p); }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { vst1q_f32(p, v); }
/* table[idx[k]] for the ACPU_VLANES 16-bit indices at idx (NEON has no gather: four loads). */
static inline acpu_vf acpu_vf_gather_idx16(const float *table, const uint16_t *idx)
{
    float t[4] = {table[idx[0]], table[idx[1]], table[idx[2]], table[idx[3]]};
    return vld1q_f32(t);
}

/* fp16: FCVTL widens exactly; FCVTN narrows with one rounding (nearest even under the default
 * FPCR), overflow to infinity, subnormals kept, NaN quieted with its top payload bits. */
static inline acpu_vf acpu_vf_load_f16(const uint16_t *p) { return vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p))); }
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v) { vst1_u16(p, vreinterpret_u16_f16(vcvt_f16_f32(v))); }

/* bf16: widening is a 16-bit shift of the pattern. */
static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p)
{
    return vreinterpretq_f32_u32(vshll_n_u16(vld1_u16(p), 16));
}
/* Round to nearest even on the bit pattern: u + 0x7fff + lsb, keep the top half; NaN is quieted
 * (bit 6 of the bf16 set) so that dropping the low payload cannot turn it into infinity. */
static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v)
{
    uint32x4_t u = vreinterpretq_u32_f32(v);
    uint32x4_t hi = vshrq_n_u32(u, 16);
    uint32x4_t lsb = vandq_u32(hi, vdupq_n_u32(1));
    uint32x4_t rounded = vshrq_n_u32(vaddq_u32(vaddq_u32(u, vdupq_n_u32(0x7fff)), lsb), 16);
    uint32x4_t quiet = vorrq_u32(hi, vdupq_n_u32(0x40));
    uint32x4_t is_num = vceqq_f32(v, v); /* false only for NaN */
    vst1_u16(p, vmovn_u32(vbslq_u32(is_num, rounded, quiet)));
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
    uint32x4_t u = vreinterpretq_u32_f32(v);
    uint32x4_t tie = vceqq_u32(vandq_u32(u, vdupq_n_u32(0xffff)), vdupq_n_u32(0x8000));
    return vreinterpretq_f32_u32(vsubq_u32(u, tie));
}
static inline acpu_vf acpu_vf_round_away_f16(acpu_vf v)
{
    uint32x4_t u = vreinterpretq_u32_f32(v);
    uint32x4_t tie = vceqq_u32(vandq_u32(u, vdupq_n_u32(0x1fff)), vdupq_n_u32(0x1000));
    float32x4_t r = vreinterpretq_f32_u32(vsubq_u32(u, tie));
    uint32x4_t au = vandq_u32(u, vdupq_n_u32(0x7fffffffu));
    /* 0 < |v| < 2^-14: |v|'s pattern - 1 below 0x387fffff, unsigned */
    uint32x4_t tiny = vcltq_u32(vsubq_u32(au, vdupq_n_u32(1)), vdupq_n_u32(0x387fffffu));
    if (vmaxvq_u32(tiny) == 0)
        return r;
    float32x4_t a = vreinterpretq_f32_u32(au);
    float32x4_t w = vmulq_f32(a, vdupq_n_f32(0x1p24f)), t = vrndq_f32(w);
    t = vbslq_f32(vcgeq_f32(vsubq_f32(w, t), vdupq_n_f32(0.5f)), vaddq_f32(t, vdupq_n_f32(1.0f)), t);
    t = vbslq_f32(vdupq_n_u32(0x80000000u), v, vmulq_f32(t, vdupq_n_f32(0x1p-24f))); /* v's sign */
    return vbslq_f32(tiny, t, r);
}

/* fp64: 2 lanes. */
#define ACPU_VDLANES 2
typedef float64x2_t acpu_vd;

static inline acpu_vd acpu_vd_set1(double v) { return vdupq_n_f64(v); }
static inline acpu_vd acpu_vd_add(acpu_vd a, acpu_vd b) { return vaddq_f64(a, b); }
static inline acpu_vd acpu_vd_mul(acpu_vd a, acpu_vd b) { return vmulq_f64(a, b); }
static inline acpu_vd acpu_vd_div(acpu_vd a, acpu_vd b) { return vdivq_f64(a, b); }
static inline acpu_vd acpu_vd_neg(acpu_vd a) { return vnegq_f64(a); }
static inline acpu_vd acpu_vd_exp_sleef(acpu_vd x) { return Sleef_expd2_u10advsimd(x); }
/* For ops/exp_poly.h, as the fp32 ones (FMAX/FMIN return NaN when either input is NaN). */
static inline acpu_vd acpu_vd_fma(acpu_vd a, acpu_vd b, acpu_vd c) { return vfmaq_f64(c, a, b); }
static inline acpu_vd acpu_vd_clamp(acpu_vd x, acpu_vd lo, acpu_vd hi) { return vminq_f64(vmaxq_f64(x, lo), hi); }
static inline acpu_vd acpu_vd_round(acpu_vd x) { return vrndnq_f64(x); }
/* q in [-1076, 1024] (exp_poly's clamp): u * 2^(q>>1) * 2^(q - (q>>1)), both factors normal
 * doubles, so the first product is exact and only the second rounds. A NaN q converts to 0 (u is
 * NaN then). */
static inline float64x2_t acpu_neon_pow2d(int64x2_t k)
{
    return vreinterpretq_f64_s64(vshlq_n_s64(vaddq_s64(k, vdupq_n_s64(1023)), 52));
}
static inline acpu_vd acpu_vd_scale_pow2(acpu_vd u, acpu_vd q)
{
    int64x2_t k = vcvtq_s64_f64(q);
    int64x2_t k1 = vshrq_n_s64(k, 1);
    return vmulq_f64(vmulq_f64(u, acpu_neon_pow2d(k1)), acpu_neon_pow2d(vsubq_s64(k, k1)));
}
static inline acpu_vd acpu_vd_sub(acpu_vd a, acpu_vd b) { return vsubq_f64(a, b); }
static inline acpu_vd acpu_vd_abs(acpu_vd a) { return vabsq_f64(a); }
static inline acpu_vd acpu_vd_min(acpu_vd a, acpu_vd b) { return vbslq_f64(vcltq_f64(a, b), a, b); }
static inline acpu_vd acpu_vd_max(acpu_vd a, acpu_vd b) { return vbslq_f64(vcgtq_f64(a, b), a, b); }
typedef uint64x2_t acpu_vdmask;
static inline acpu_vdmask acpu_vd_cmp_lt(acpu_vd a, acpu_vd b) { return vcltq_f64(a, b); }
static inline acpu_vdmask acpu_vd_cmp_le(acpu_vd a, acpu_vd b) { return vcleq_f64(a, b); }
static inline acpu_vdmask acpu_vd_cmp_gt(acpu_vd a, acpu_vd b) { return vcgtq_f64(a, b); }
static inline acpu_vdmask acpu_vd_cmp_ge(acpu_vd a, acpu_vd b) { return vcgeq_f64(a, b); }
static inline acpu_vdmask acpu_vd_cmp_eq(acpu_vd a, acpu_vd b) { return vceqq_f64(a, b); }
static inline acpu_vd acpu_vd_select(acpu_vdmask m, acpu_vd t, acpu_vd f) { return vbslq_f64(m, t, f); }
static inline acpu_vd acpu_vd_load_f64(const double *p) { return vld1q_f64(p); }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { vst1q_f64(p, v); }

#endif /* ACPU_VEC_NEON_H_ */

/* Vector vocabulary, scalar flavour: one lane (contract: vec/vec_contract.h). Portable C, built in
 * every configuration; IEEE semantics come from the language, so the flags that drop them are refused. */
#ifndef ACPU_VEC_SCALAR_H_
#define ACPU_VEC_SCALAR_H_

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error \
    "kernels/vec/scalar.h: compile without -ffast-math / -ffinite-math-only (the kernels keep NaN, inf and CANN's order)"
#endif
#include "kernels/vec/vec_contract.h"

#include <sleef.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 1
#define ACPU_KERNEL_NAME(name) name##_scalar

typedef float acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return v; }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return a + b; }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return a * b; }
static inline acpu_vf acpu_vf_exp_sleef(acpu_vf x) { return Sleef_expf_u10(x); }
static inline acpu_vf acpu_vf_div(acpu_vf a, acpu_vf b) { return a / b; }
static inline acpu_vf acpu_vf_neg(acpu_vf a) { return -a; }
/* For ops/exp_poly.h: fused a*b + c; clamp keeping NaN; round to nearest even (the kernels run
 * under the default FP environment); u * 2^q for integral q, rounded once. */
static inline acpu_vf acpu_vf_fma(acpu_vf a, acpu_vf b, acpu_vf c) { return fmaf(a, b, c); }
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q) { return q == q ? ldexpf(u, (int)q) : u; }
static inline acpu_vf acpu_vf_sub(acpu_vf a, acpu_vf b) { return a - b; }
static inline acpu_vf acpu_vf_abs(acpu_vf a) { return fabsf(a); }
static inline acpu_vf acpu_vf_min(acpu_vf a, acpu_vf b) { return a < b ? a : b; }
static inline acpu_vf acpu_vf_max(acpu_vf a, acpu_vf b) { return a > b ? a : b; }
static inline acpu_vf acpu_vf_log_sleef(acpu_vf x) { return Sleef_logf_u10(x); }
static inline acpu_vf acpu_vf_tanh_sleef(acpu_vf x) { return Sleef_tanhf_u10(x); }
static inline acpu_vf acpu_vf_erf_sleef(acpu_vf x) { return Sleef_erff_u10(x); }
/* Bit operations (contract: vec/vec_contract.h), through the float's bit pattern. */
static inline uint32_t acpu_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static inline float acpu_f32_of_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline acpu_vf acpu_vf_exponent(acpu_vf a) { return (float)((int32_t)((acpu_f32_bits(a) >> 23) & 0xffu) - 127); }
static inline acpu_vf acpu_vf_significand(acpu_vf a)
{
    return acpu_f32_of_bits((acpu_f32_bits(a) & 0x007fffffu) | 0x3f800000u);
}
static inline acpu_vf acpu_vf_copysign(acpu_vf m, acpu_vf s)
{
    return acpu_f32_of_bits((acpu_f32_bits(m) & 0x7fffffffu) | (acpu_f32_bits(s) & 0x80000000u));
}
/* Masks: a bool per lane; C's relational operators are ordered and quiet (isless & co. would be
 * the same here: the kernels run with exceptions masked). */
typedef bool acpu_vmask;
static inline acpu_vmask acpu_vf_cmp_lt(acpu_vf a, acpu_vf b) { return a < b; }
static inline acpu_vmask acpu_vf_cmp_le(acpu_vf a, acpu_vf b) { return a <= b; }
static inline acpu_vmask acpu_vf_cmp_gt(acpu_vf a, acpu_vf b) { return a > b; }
static inline acpu_vmask acpu_vf_cmp_ge(acpu_vf a, acpu_vf b) { return a >= b; }
static inline acpu_vmask acpu_vf_cmp_eq(acpu_vf a, acpu_vf b) { return a == b; }
static inline acpu_vf acpu_vf_select(acpu_vmask m, acpu_vf t, acpu_vf f) { return m ? t : f; }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return *p; }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { *p = v; }
static inline acpu_vf acpu_vf_gather_idx16(const float *table, const uint16_t *idx) { return table[*idx]; }
static inline acpu_vf acpu_vf_load_f16(const uint16_t *p) { return acpu_f16_to_f32(*p); }
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_f16(v); }
static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p) { return acpu_bf16_to_f32(*p); }
static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_bf16(v); }

/* 16-bit rounding with ties away from zero (AscendC's Cast with CAST_ROUND; contract in
 * vec/vec_contract.h): a value that the fp16 / bf16 store, which rounds to nearest even, narrows to
 * the format's value nearest v with a tie going to the one farther from zero. A tie of v is moved
 * one fp32 ulp away from zero (an integer + 1 on the pattern: never a carry out of the low bits, so
 * NaN stays NaN and infinities are never ties); every other v is returned as it is. On the pattern,
 * v is a tie when the bits below the format's last are 100...0: the low 16 for bf16 (every exponent),
 * the low 13 for fp16 from its smallest normal 2^-14 on. Below it fp16's grid is fixed (2^-24), so
 * vectors with such a lane (not 0) take the exact 2^-24 * (t + (w - t >= 0.5)), w = |v| * 2^24,
 * t = trunc(w) (every step exact) there. */
static inline uint32_t acpu_scalar_bits(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}
static inline float acpu_scalar_float(uint32_t u)
{
    float v;
    memcpy(&v, &u, sizeof v);
    return v;
}
static inline acpu_vf acpu_vf_round_away_bf16(acpu_vf v)
{
    uint32_t u = acpu_scalar_bits(v);
    return acpu_scalar_float(u + ((u & 0xffffu) == 0x8000u));
}
static inline acpu_vf acpu_vf_round_away_f16(acpu_vf v)
{
    uint32_t u = acpu_scalar_bits(v);
    float a = fabsf(v);
    if (a < 0x1p-14f && a != 0.0f) {
        float w = a * 0x1p24f, t = truncf(w);
        return copysignf((w - t >= 0.5f ? t + 1.0f : t) * 0x1p-24f, v);
    }
    return acpu_scalar_float(u + ((u & 0x1fffu) == 0x1000u));
}

/* fp64: one lane. */
#define ACPU_VDLANES 1
typedef double acpu_vd;

static inline acpu_vd acpu_vd_set1(double v) { return v; }
static inline acpu_vd acpu_vd_add(acpu_vd a, acpu_vd b) { return a + b; }
static inline acpu_vd acpu_vd_mul(acpu_vd a, acpu_vd b) { return a * b; }
static inline acpu_vd acpu_vd_div(acpu_vd a, acpu_vd b) { return a / b; }
static inline acpu_vd acpu_vd_neg(acpu_vd a) { return -a; }
static inline acpu_vd acpu_vd_exp_sleef(acpu_vd x) { return Sleef_exp_u10(x); }
/* For ops/exp_poly.h, as the fp32 ones: fused a*b + c; clamp keeping NaN; rint; u * 2^q rounded
 * once (ldexp rounds a subnormal result once). */
static inline acpu_vd acpu_vd_fma(acpu_vd a, acpu_vd b, acpu_vd c) { return fma(a, b, c); }
static inline acpu_vd acpu_vd_clamp(acpu_vd x, acpu_vd lo, acpu_vd hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline acpu_vd acpu_vd_round(acpu_vd x) { return rint(x); }
static inline acpu_vd acpu_vd_scale_pow2(acpu_vd u, acpu_vd q) { return q == q ? ldexp(u, (int)q) : u; }
static inline acpu_vd acpu_vd_sub(acpu_vd a, acpu_vd b) { return a - b; }
static inline acpu_vd acpu_vd_abs(acpu_vd a) { return fabs(a); }
static inline acpu_vd acpu_vd_min(acpu_vd a, acpu_vd b) { return a < b ? a : b; }
static inline acpu_vd acpu_vd_max(acpu_vd a, acpu_vd b) { return a > b ? a : b; }
typedef bool acpu_vdmask;
static inline acpu_vdmask acpu_vd_cmp_lt(acpu_vd a, acpu_vd b) { return a < b; }
static inline acpu_vdmask acpu_vd_cmp_le(acpu_vd a, acpu_vd b) { return a <= b; }
static inline acpu_vdmask acpu_vd_cmp_gt(acpu_vd a, acpu_vd b) { return a > b; }
static inline acpu_vdmask acpu_vd_cmp_ge(acpu_vd a, acpu_vd b) { return a >= b; }
static inline acpu_vdmask acpu_vd_cmp_eq(acpu_vd a, acpu_vd b) { return a == b; }
static inline acpu_vd acpu_vd_select(acpu_vdmask m, acpu_vd t, acpu_vd f) { return m ? t : f; }
static inline acpu_vd acpu_vd_load_f64(const double *p) { return *p; }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { *p = v; }

#endif /* ACPU_VEC_SCALAR_H_ */

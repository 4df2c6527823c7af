/* Vector vocabulary, scalar flavour: one lane. Every vocabulary header defines the same names
 * (acpu_vf, ACPU_VLANES, acpu_vf_*) so that the ops headers write the math once for all ISAs. */
#ifndef ACPU_VEC_SCALAR_H_
#define ACPU_VEC_SCALAR_H_

#include <sleef.h>
#include <math.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 1
#define ACPU_KERNEL_NAME(name) name##_scalar

typedef float acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return v; }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return a + b; }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return a * b; }
static inline acpu_vf acpu_vf_exp(acpu_vf x) { return Sleef_expf_u10(x); }
static inline acpu_vf acpu_vf_div(acpu_vf a, acpu_vf b) { return a / b; }
static inline acpu_vf acpu_vf_neg(acpu_vf a) { return -a; }
/* For ops/exp_poly.h: fused a*b + c; clamp keeping NaN; round to nearest even (the kernels run
 * under the default FP environment); u * 2^q for integral q, rounded once. */
static inline acpu_vf acpu_vf_fma(acpu_vf a, acpu_vf b, acpu_vf c) { return fmaf(a, b, c); }
static inline acpu_vf acpu_vf_clamp(acpu_vf x, acpu_vf lo, acpu_vf hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline acpu_vf acpu_vf_round(acpu_vf x) { return rintf(x); }
static inline acpu_vf acpu_vf_scale_pow2(acpu_vf u, acpu_vf q) { return q == q ? ldexpf(u, (int)q) : u; }
/* x <= 0 ? if_le0 : other; an unordered x (NaN) takes `other`. */
static inline acpu_vf acpu_vf_select_le0(acpu_vf x, acpu_vf if_le0, acpu_vf other) { return x <= 0.0f ? if_le0 : other; }
/* a > b ? if_gt : other; unordered takes `other`. */
static inline acpu_vf acpu_vf_select_gt(acpu_vf a, acpu_vf b, acpu_vf if_gt, acpu_vf other) { return a > b ? if_gt : other; }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return *p; }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { *p = v; }
static inline acpu_vf acpu_vf_load_f16(const uint16_t *p) { return acpu_f16_to_f32(*p); }
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_f16(v); }
static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p) { return acpu_bf16_to_f32(*p); }
static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_bf16(v); }

/* fp64: one lane. */
#define ACPU_VDLANES 1
typedef double acpu_vd;

static inline acpu_vd acpu_vd_set1(double v) { return v; }
static inline acpu_vd acpu_vd_add(acpu_vd a, acpu_vd b) { return a + b; }
static inline acpu_vd acpu_vd_mul(acpu_vd a, acpu_vd b) { return a * b; }
static inline acpu_vd acpu_vd_div(acpu_vd a, acpu_vd b) { return a / b; }
static inline acpu_vd acpu_vd_neg(acpu_vd a) { return -a; }
static inline acpu_vd acpu_vd_exp(acpu_vd x) { return Sleef_exp_u10(x); }
static inline acpu_vd acpu_vd_select_gt(acpu_vd a, acpu_vd b, acpu_vd if_gt, acpu_vd other) { return a > b ? if_gt : other; }
static inline acpu_vd acpu_vd_load_f64(const double *p) { return *p; }
static inline void acpu_vd_store_f64(double *p, acpu_vd v) { *p = v; }

#endif /* ACPU_VEC_SCALAR_H_ */

/* Vector vocabulary, scalar flavour: one lane. Every vocabulary header defines the same names
 * (acpu_vf, ACPU_VLANES, acpu_vf_*) so that the ops headers write the math once for all ISAs. */
#ifndef ACPU_VEC_SCALAR_H_
#define ACPU_VEC_SCALAR_H_

#include <sleef.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_VLANES 1
#define ACPU_KERNEL_NAME(name) name##_scalar

typedef float acpu_vf;

static inline acpu_vf acpu_vf_set1(float v) { return v; }
static inline acpu_vf acpu_vf_add(acpu_vf a, acpu_vf b) { return a + b; }
static inline acpu_vf acpu_vf_mul(acpu_vf a, acpu_vf b) { return a * b; }
static inline acpu_vf acpu_vf_exp(acpu_vf x) { return Sleef_expf_u10(x); }
/* x <= 0 ? if_le0 : other; an unordered x (NaN) takes `other`. */
static inline acpu_vf acpu_vf_select_le0(acpu_vf x, acpu_vf if_le0, acpu_vf other) { return x <= 0.0f ? if_le0 : other; }

static inline acpu_vf acpu_vf_load_f32(const float *p) { return *p; }
static inline void acpu_vf_store_f32(float *p, acpu_vf v) { *p = v; }
static inline acpu_vf acpu_vf_load_f16(const uint16_t *p) { return acpu_f16_to_f32(*p); }
static inline void acpu_vf_store_f16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_f16(v); }
static inline acpu_vf acpu_vf_load_bf16(const uint16_t *p) { return acpu_bf16_to_f32(*p); }
static inline void acpu_vf_store_bf16(uint16_t *p, acpu_vf v) { *p = acpu_f32_to_bf16(v); }

#endif /* ACPU_VEC_SCALAR_H_ */

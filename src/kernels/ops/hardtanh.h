/* The Hardtanh family's kernels.
 *
 * ClipByValueV2 (aclnnHardtanh, aclnnInplaceHardtanh), in the arch35 DAG's order
 * (clip_by_value_v2_dag.h: Max(x, min), then Min(., max)), in the tensor's own dtype (CANN converts
 * both limits to self's dtype, ConvertToTensor): y = min(hi, max(lo, x)) with the vocabulary's
 * max(a, b) = a > b ? a : b and min(a, b) = a < b ? a : b, the limit first, so that a NaN x stays
 * NaN, a NaN limit is passed over and max(+0, -0) keeps x's -0: PyTorch's CPU clamp
 * (min_ps(max, max_ps(min, x))) in every case. 16-bit inputs are widened exactly and compared with
 * the limits rounded to their dtype: the result is x, lo or hi, exact. Integers (ACPU_DEFINE_INT_KERNELS)
 * compare in their own type, the limits cast to it (static_cast: out-of-range limits wrap).
 *
 * HardtanhGrad (aclnnHardtanhBackward), in the arch35 DAG's order (hardtanh_grad_dag.h): the mask
 * (x < max_val) & (x > min_val) | (x != x), then select(mask, grad, 0): strict bounds (the
 * boundaries give 0) and a NaN x passes the gradient, as the kernel, not the doc's formula, does.
 * min_val, max_val are ToFloat; x is compared in fp32, the gradient selected unchanged.
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_HARDTANH_LIST_H_
#define ACPU_OPS_HARDTANH_LIST_H_

#include <stdint.h>

#include "common/acpu_attr.h"
#include "common/acpu_half.h"

/* Compare and select only: as ELU's result mode, a thread pays for itself from ~16K elements. */
#define ACPU_KERNELS_HARDTANH(X)                                                                                    \
    X(HARDTANH, hardtanh, 1, acpu_hardtanh_params, acpu_hardtanh_init, ACPU_GRAIN_MEMORY_BOUND, NUMERIC)            \
    X(HARDTANH_GRAD, hardtanh_grad, 2, acpu_hardtanh_grad_params, acpu_hardtanh_grad_init, ACPU_GRAIN_MEMORY_BOUND, \
      FLOATS)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_HARDTANH(T)

/* The limits as each kernel dtype holds them (ConvertToTensor of clipValueMin / clipValueMax to
 * self's dtype): fp32 ToFloat; fp16 one rounding of ToDouble (fp16_t(double)); bf16
 * bfloat16(ToFloat); double ToDouble; the integers ToInt64, cast to the kernel's type. */
typedef struct {
    float lo_f32, hi_f32;
    float lo_f16, hi_f16;   /* fp16 values, held in fp32 */
    float lo_bf16, hi_bf16; /* bf16 values, held in fp32 */
    double lo_f64, hi_f64;
    int64_t lo_i, hi_i;
} acpu_hardtanh_params;

/* Narrowing lives in kernels/convert.c (kernels/acpu_kernels.h declares it after this list). */
uint16_t acpu_f64_to_f16(double d);
uint16_t acpu_f32_to_bf16(float f);

static inline void acpu_hardtanh_init(const acpu_attr_value *a, void *out)
{
    acpu_hardtanh_params *p = out;
    p->lo_f32 = a[0].f;
    p->hi_f32 = a[1].f;
    p->lo_f16 = acpu_f16_to_f32(acpu_f64_to_f16(a[0].d));
    p->hi_f16 = acpu_f16_to_f32(acpu_f64_to_f16(a[1].d));
    p->lo_bf16 = acpu_bf16_to_f32(acpu_f32_to_bf16(a[0].f));
    p->hi_bf16 = acpu_bf16_to_f32(acpu_f32_to_bf16(a[1].f));
    p->lo_f64 = a[0].d;
    p->hi_f64 = a[1].d;
    p->lo_i = a[0].i;
    p->hi_i = a[1].i;
}

/* HardtanhGrad's attributes min_val, max_val (ToFloat of the API's min, max). */
typedef struct {
    float min_val, max_val;
} acpu_hardtanh_grad_params;

static inline void acpu_hardtanh_grad_init(const acpu_attr_value *a, void *out)
{
    acpu_hardtanh_grad_params *p = out;
    p->min_val = a[0].f;
    p->max_val = a[1].f;
}

#endif /* ACPU_OPS_HARDTANH_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_HARDTANH_MATH_H_)
#define ACPU_OPS_HARDTANH_MATH_H_

#include "kernels/ops/loops.h"

static inline acpu_vf acpu_hardtanh_clamp(acpu_vf x, float lo, float hi)
{
    return acpu_vf_min(acpu_vf_set1(hi), acpu_vf_max(acpu_vf_set1(lo), x));
}

static inline acpu_vf acpu_hardtanh_body_f32(acpu_vf x, const acpu_hardtanh_params *p)
{
    return acpu_hardtanh_clamp(x, p->lo_f32, p->hi_f32);
}

static inline acpu_vf acpu_hardtanh_body_f16(acpu_vf x, const acpu_hardtanh_params *p)
{
    return acpu_hardtanh_clamp(x, p->lo_f16, p->hi_f16);
}

static inline acpu_vf acpu_hardtanh_body_bf16(acpu_vf x, const acpu_hardtanh_params *p)
{
    return acpu_hardtanh_clamp(x, p->lo_bf16, p->hi_bf16);
}

static inline acpu_vd acpu_hardtanh_body_f64(acpu_vd x, const acpu_hardtanh_params *p)
{
    return acpu_vd_min(acpu_vd_set1(p->hi_f64), acpu_vd_max(acpu_vd_set1(p->lo_f64), x));
}

/* The integer clamp in the element's type: max(lo, x), then min(hi, .), as the float kernels. */
#define ACPU_DEFINE_HARDTANH_INT(T)                                           \
    static inline T acpu_hardtanh_int_##T(T x, const acpu_hardtanh_params *p) \
    {                                                                         \
        T lo = (T)p->lo_i, hi = (T)p->hi_i;                                   \
        T r = lo > x ? lo : x;                                                \
        return hi < r ? hi : r;                                               \
    }
ACPU_DEFINE_HARDTANH_INT(int8_t)
ACPU_DEFINE_HARDTANH_INT(uint8_t)
ACPU_DEFINE_HARDTANH_INT(int16_t)
ACPU_DEFINE_HARDTANH_INT(int32_t)
ACPU_DEFINE_HARDTANH_INT(int64_t)

#define ACPU_HARDTANH_INT_BODY(T, a, p) acpu_hardtanh_int_##T(a, p)

ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_hardtanh_body_f32,
                    acpu_hardtanh_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, acpu_hardtanh_body_f16,
                    acpu_hardtanh_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16, acpu_hardtanh_body_bf16,
                    acpu_hardtanh_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_hardtanh_body_f64,
                    acpu_hardtanh_params)
ACPU_DEFINE_INT_KERNELS(1, hardtanh, ACPU_HARDTANH_INT_BODY, acpu_hardtanh_params)

/* x is operator input 0 ("result"), the gradient input 1 ("grad"): HardtanhGrad's IR order. */
static inline acpu_vf acpu_hardtanh_grad_body(acpu_vf x, acpu_vf grad, const acpu_hardtanh_grad_params *p)
{
    acpu_vf zero = acpu_vf_set1(0.0f);
    acpu_vf inside = acpu_vf_select(acpu_vf_cmp_lt(x, acpu_vf_set1(p->max_val)), grad, zero);
    inside = acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(p->min_val)), inside, zero);
    return acpu_vf_select(acpu_vf_cmp_eq(x, x), inside, grad); /* x != x (NaN): the gradient */
}

ACPU_DEFINE_FLOAT_KERNELS(2, hardtanh_grad, acpu_hardtanh_grad_body, acpu_hardtanh_grad_body, acpu_hardtanh_grad_params)

#endif /* ACPU_OPS_HARDTANH_MATH_H_ */

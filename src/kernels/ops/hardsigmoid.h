/* The Hardsigmoid family's kernels, in the arch35 kernels' vector order, fp32 (16-bit inputs widened
 * exactly), one rounding per step, with the attributes alpha and beta (the APIs pass 1.0f / 6.0f
 * and 0.5f):
 *
 * HardSigmoid (aclnnHardsigmoid, aclnnInplaceHardsigmoid; hard_sigmoid.cpp):
 *   y = x * alpha; y = y + beta; y = min(y, 1); y = max(y, 0)
 *   fp16 results round to nearest even, bf16 ones with ties away from zero (CAST_ROUND; CANN rounds
 *   before the clamp, which gives the same value: 0 and 1 are exact and both roundings monotonic).
 *   INT32 (and the other integers, which no API sends): x converted to fp32 (nearest even), the
 *   same steps, then truncated toward zero (CAST_TRUNC): 1 for x >= 3, 0 otherwise.
 * HardSigmoidGrad (aclnnHardsigmoidBackward; hard_sigmoid_grad.h):
 *   t = x * alpha + beta; r = grad * alpha; r = t > 0 ? r : 0; r = t < 1 ? r : 0
 *   the bounds are on t, not on x (x = +-3 give t = 1 and 0: a zero gradient; so do the fp32 x
 *   just below 3 whose t rounds to 1); a NaN x gives 0. fp16 results nearest even, bf16 ties away.
 * min / max take the constant first, so a NaN stays NaN through them. */
#ifndef ACPU_OPS_HARDSIGMOID_LIST_H_
#define ACPU_OPS_HARDSIGMOID_LIST_H_

#include "common/acpu_attr.h"

#define ACPU_KERNELS_HARDSIGMOID(X)                                                                                   \
    X(HARDSIGMOID, hardsigmoid, 1, acpu_hardsigmoid_params, acpu_hardsigmoid_init, ACPU_GRAIN_MEMORY_BOUND,           \
      FLOATS_INTS)                                                                                                    \
    X(HARDSIGMOID_GRAD, hardsigmoid_grad, 2, acpu_hardsigmoid_params, acpu_hardsigmoid_init, ACPU_GRAIN_MEMORY_BOUND, \
      FLOATS)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_HARDSIGMOID(T)

/* HardSigmoid's and HardSigmoidGrad's attributes alpha, beta (fp32). */
typedef struct {
    float alpha, beta;
} acpu_hardsigmoid_params;

static inline void acpu_hardsigmoid_init(const acpu_attr_value *a, void *out)
{
    acpu_hardsigmoid_params *p = out;
    p->alpha = a[0].f;
    p->beta = a[1].f;
}

#endif /* ACPU_OPS_HARDSIGMOID_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_HARDSIGMOID_MATH_H_)
#define ACPU_OPS_HARDSIGMOID_MATH_H_

#include "kernels/ops/loops.h"

static inline acpu_vf acpu_hardsigmoid_math(acpu_vf x, const acpu_hardsigmoid_params *p)
{
    acpu_vf y = acpu_vf_add(acpu_vf_mul(x, acpu_vf_set1(p->alpha)), acpu_vf_set1(p->beta));
    y = acpu_vf_min(acpu_vf_set1(1.0f), y);
    return acpu_vf_max(acpu_vf_set1(0.0f), y);
}

static inline acpu_vf acpu_hardsigmoid_body_bf16(acpu_vf x, const acpu_hardsigmoid_params *p)
{
    return acpu_vf_round_away_bf16(acpu_hardsigmoid_math(x, p));
}

ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardsigmoid_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_hardsigmoid_math,
                    acpu_hardsigmoid_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardsigmoid_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, acpu_hardsigmoid_math,
                    acpu_hardsigmoid_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardsigmoid_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16,
                    acpu_hardsigmoid_body_bf16, acpu_hardsigmoid_params)

/* The integer form: the fp32 steps on the converted element, truncated back. The value is in
 * [0, 1], so the conversion back never overflows. */
static inline float acpu_hardsigmoid_int_math(float x, const acpu_hardsigmoid_params *p)
{
    float y = x * p->alpha + p->beta;
    y = 1.0f < y ? 1.0f : y;
    return 0.0f > y ? 0.0f : y;
}

#define ACPU_HARDSIGMOID_INT_BODY(T, a, p) ((T)acpu_hardsigmoid_int_math((float)(a), p))

ACPU_DEFINE_INT_KERNELS(1, hardsigmoid, ACPU_HARDSIGMOID_INT_BODY, acpu_hardsigmoid_params)

/* grad is operator input 0 ("grads"), x input 1 ("input_x"). */
static inline acpu_vf acpu_hardsigmoid_grad_math(acpu_vf grad, acpu_vf x, const acpu_hardsigmoid_params *p)
{
    acpu_vf alpha = acpu_vf_set1(p->alpha), zero = acpu_vf_set1(0.0f);
    acpu_vf t = acpu_vf_add(acpu_vf_mul(x, alpha), acpu_vf_set1(p->beta));
    acpu_vf r = acpu_vf_mul(grad, alpha);
    r = acpu_vf_select(acpu_vf_cmp_gt(t, zero), r, zero);
    return acpu_vf_select(acpu_vf_cmp_lt(t, acpu_vf_set1(1.0f)), r, zero);
}

static inline acpu_vf acpu_hardsigmoid_grad_body_bf16(acpu_vf grad, acpu_vf x, const acpu_hardsigmoid_params *p)
{
    return acpu_vf_round_away_bf16(acpu_hardsigmoid_grad_math(grad, x, p));
}

ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(hardsigmoid_grad_f32), float, acpu_vf, ACPU_VLANES, f32,
                    acpu_hardsigmoid_grad_math, acpu_hardsigmoid_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(hardsigmoid_grad_f16), uint16_t, acpu_vf, ACPU_VLANES, f16,
                    acpu_hardsigmoid_grad_math, acpu_hardsigmoid_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(hardsigmoid_grad_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16,
                    acpu_hardsigmoid_grad_body_bf16, acpu_hardsigmoid_params)

#endif /* ACPU_OPS_HARDSIGMOID_MATH_H_ */

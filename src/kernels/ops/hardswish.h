/* The Hardswish family's kernels, in the arch35 kernels' vector order, fp32 (16-bit inputs widened
 * exactly), one rounding per step (-ffp-contract=off keeps the order):
 *
 * HardSwish (aclnnHardswish, aclnnInplaceHardswish; hard_swish.h):
 *   t = x + 3; t = min(t, 6); t = max(t, 0); m = max(x, -3); y = (m * t) * (1/6)
 *   1/6 is the fp32 constant 1.0f / 6.0f (a multiplication, where PyTorch divides by 6); the
 *   max(x, -3) makes x = -inf give -0 (PyTorch: NaN). 16-bit results round with ties away from
 *   zero (Cast CAST_ROUND: the vocabulary's acpu_vf_round_away_f16 / _bf16 before the store).
 * HardSwishGrad (aclnnHardswishBackward; hard_swish_grad.h):
 *   d = x * (1/3) + 0.5; d = x >= -3 ? d : 0; d = x <= 3 ? d : 1; out = grad * d
 *   closed bounds (x = 3 gives 1.5 * grad, x = -3 gives 0.5 * grad); a NaN x fails both compares
 *   and gives grad * 1. 16-bit results round to nearest even (CAST_RINT).
 * HardSwishGradV2 (aclnnHardswishBackwardV2; arch35 hard_swish_grad_v2.h, and the same steps in
 *   the 910B kernel hard_swish_grad_v2_220.h):
 *   d = x * (1/3) + 0.5; d = x > -3 ? d : 0; d = x < 3 ? d : 1; out = grad * d
 *   open bounds (x = -3 gives 0, x = 3 gives grad); NaN x gives grad. Nearest-even 16-bit results.
 * 1/3 is 1.0f / 3.0f (0.33333334f of the 910B kernel). min / max take the constant first, so a NaN
 * stays NaN through them. */
#ifndef ACPU_OPS_HARDSWISH_LIST_H_
#define ACPU_OPS_HARDSWISH_LIST_H_

#include "common/acpu_attr.h"

/* A few multiplies and compares per element: memory-bound, ACPU_GRAIN_MEMORY_BOUND. */
#define ACPU_KERNELS_HARDSWISH(X)                                                               \
    X(HARDSWISH, hardswish, 1, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS)           \
    X(HARDSWISH_GRAD, hardswish_grad, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS) \
    X(HARDSWISH_GRAD_V2, hardswish_grad_v2, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_HARDSWISH(T)

#endif /* ACPU_OPS_HARDSWISH_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_HARDSWISH_MATH_H_)
#define ACPU_OPS_HARDSWISH_MATH_H_

#include "kernels/ops/loops.h"

static inline acpu_vf acpu_hardswish_math(acpu_vf x)
{
    acpu_vf t = acpu_vf_add(x, acpu_vf_set1(3.0f));
    t = acpu_vf_min(acpu_vf_set1(6.0f), t);
    t = acpu_vf_max(acpu_vf_set1(0.0f), t);
    acpu_vf m = acpu_vf_max(acpu_vf_set1(-3.0f), x);
    return acpu_vf_mul(acpu_vf_mul(m, t), acpu_vf_set1(1.0f / 6.0f));
}

static inline acpu_vf acpu_hardswish_body_f32(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_hardswish_math(x);
}

static inline acpu_vf acpu_hardswish_body_f16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_round_away_f16(acpu_hardswish_math(x));
}

static inline acpu_vf acpu_hardswish_body_bf16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_round_away_bf16(acpu_hardswish_math(x));
}

ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardswish_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_hardswish_body_f32,
                    acpu_no_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardswish_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, acpu_hardswish_body_f16,
                    acpu_no_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardswish_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16, acpu_hardswish_body_bf16,
                    acpu_no_params)

/* The linear part of both backwards: x * (1/3) + 0.5. */
static inline acpu_vf acpu_hardswish_slope(acpu_vf x)
{
    return acpu_vf_add(acpu_vf_mul(x, acpu_vf_set1(1.0f / 3.0f)), acpu_vf_set1(0.5f));
}

static inline acpu_vf acpu_hardswish_grad_body(acpu_vf grad, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    acpu_vf d = acpu_vf_select(acpu_vf_cmp_ge(x, acpu_vf_set1(-3.0f)), acpu_hardswish_slope(x), acpu_vf_set1(0.0f));
    d = acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(3.0f)), d, acpu_vf_set1(1.0f));
    return acpu_vf_mul(grad, d);
}

static inline acpu_vf acpu_hardswish_grad_v2_body(acpu_vf grad, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    acpu_vf d = acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(-3.0f)), acpu_hardswish_slope(x), acpu_vf_set1(0.0f));
    d = acpu_vf_select(acpu_vf_cmp_lt(x, acpu_vf_set1(3.0f)), d, acpu_vf_set1(1.0f));
    return acpu_vf_mul(grad, d);
}

ACPU_DEFINE_FLOAT_KERNELS(2, hardswish_grad, acpu_hardswish_grad_body, acpu_hardswish_grad_body, acpu_no_params)
ACPU_DEFINE_FLOAT_KERNELS(2, hardswish_grad_v2, acpu_hardswish_grad_v2_body, acpu_hardswish_grad_v2_body,
                          acpu_no_params)

#endif /* ACPU_OPS_HARDSWISH_MATH_H_ */

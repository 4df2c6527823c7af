/* SiluGrad math, written once for every ISA (include after a vocabulary header), in the order of
 * CANN's kernels (doc/CANN.md#silu-math, SiLU spec 3.4), one rounding per step:
 *   t = x * (-1);  e = exp(t);  d = e + 1;  s = 1 / d;  a = 1 - s;  b = x * a;  c = b + 1;
 *   g = s * c;  dx = dy * g
 * fp16 / bf16 inputs are widened exactly and dx rounded once to the 16-bit type. exp is the inlined
 * ops/exp_poly.h (its 16-bit flavour for fp16/bf16 results). The order
 * cancels in c near x = -1.278 and in a for large x: doc/NUMERICS.md states the accuracy rule. */
#ifndef ACPU_OPS_SILU_BACKWARD_H_
#define ACPU_OPS_SILU_BACKWARD_H_

#include "kernels/ops/binary_loop.h"
#include "kernels/ops/exp_poly.h"

static inline acpu_vf acpu_silu_math(acpu_vf dy, acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf t = acpu_vf_mul(x, acpu_vf_set1(-1.0f));
    acpu_vf d = acpu_vf_add(exp_fn(t), one);
    acpu_vf s = acpu_vf_div(one, d);
    acpu_vf c = acpu_vf_add(acpu_vf_mul(x, acpu_vf_sub(one, s)), one);
    return acpu_vf_mul(dy, acpu_vf_mul(s, c));
}

static inline acpu_vf acpu_silu_body(acpu_vf dy, acpu_vf x, const void *p)
{
    (void)p;
    return acpu_silu_math(dy, x, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_silu_body16(acpu_vf dy, acpu_vf x, const void *p)
{
    (void)p;
    return acpu_silu_math(dy, x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(silu_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_silu_body, void)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(silu_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, acpu_silu_body16, void)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(silu_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16, acpu_silu_body16, void)

#endif /* ACPU_OPS_SILU_BACKWARD_H_ */

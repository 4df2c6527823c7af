/* EluGradV2 math, written once for every ISA (include after a vocabulary header).
 *   x <= 0, exp mode   : (exp(x*inputScale) * factorNeg) * dy,  factorNeg = (alpha*scale)*inputScale
 *   x <= 0, result mode: ((x + alpha*scale) * inputScale) * dy
 *   x > 0 or NaN       : dy * scale
 * The order of roundings is CANN's kernel order (spec 2.4); -ffp-contract=off keeps it. exp is the
 * inlined ops/exp_poly.h (its 16-bit flavour for fp16/bf16 results). */
#ifndef ACPU_OPS_ELU_BACKWARD_H_
#define ACPU_OPS_ELU_BACKWARD_H_

#include "kernels/ops/binary_loop.h"
#include "kernels/ops/exp_poly.h"

static inline acpu_vf acpu_elu_exp_math(acpu_vf dy, acpu_vf x, const acpu_elu_params *p, acpu_vf_exp_fn exp_fn)
{
    acpu_vf e = exp_fn(acpu_vf_mul(x, acpu_vf_set1(p->input_scale)));
    acpu_vf neg = acpu_vf_mul(acpu_vf_mul(e, acpu_vf_set1(p->factor_neg)), dy);
    acpu_vf pos = acpu_vf_mul(dy, acpu_vf_set1(p->scale));
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), neg, pos);
}

static inline acpu_vf acpu_elu_exp_body(acpu_vf dy, acpu_vf x, const acpu_elu_params *p)
{
    return acpu_elu_exp_math(dy, x, p, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_elu_exp_body16(acpu_vf dy, acpu_vf x, const acpu_elu_params *p)
{
    return acpu_elu_exp_math(dy, x, p, acpu_vf_exp_poly16);
}

static inline acpu_vf acpu_elu_result_body(acpu_vf dy, acpu_vf y, const acpu_elu_params *p)
{
    acpu_vf shifted = acpu_vf_add(y, acpu_vf_set1(p->neg_bias));
    acpu_vf neg = acpu_vf_mul(acpu_vf_mul(shifted, acpu_vf_set1(p->input_scale)), dy);
    acpu_vf pos = acpu_vf_mul(dy, acpu_vf_set1(p->scale));
    return acpu_vf_select(acpu_vf_cmp_le(y, acpu_vf_set1(0.0f)), neg, pos);
}

ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_exp_f32), float,
                          acpu_vf, ACPU_VLANES, f32, acpu_elu_exp_body, acpu_elu_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_exp_f16), uint16_t,
                          acpu_vf, ACPU_VLANES, f16, acpu_elu_exp_body16, acpu_elu_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_exp_bf16), uint16_t,
                          acpu_vf, ACPU_VLANES, bf16, acpu_elu_exp_body16, acpu_elu_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_result_f32), float,
                          acpu_vf, ACPU_VLANES, f32, acpu_elu_result_body, acpu_elu_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_result_f16), uint16_t,
                          acpu_vf, ACPU_VLANES, f16, acpu_elu_result_body, acpu_elu_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(elu_result_bf16), uint16_t,
                          acpu_vf, ACPU_VLANES, bf16, acpu_elu_result_body, acpu_elu_params)

#endif /* ACPU_OPS_ELU_BACKWARD_H_ */

/* SoftplusV2Grad math, written once for every ISA (include after a vocabulary header):
 *   z = beta * x;  z > threshold ? dy : dy / (1 + exp(-z))
 * in the arch35 kernel's order (spec 3.5): a division, not a reciprocal-multiply. An unordered
 * compare (z or threshold NaN) takes the division branch. exp is the inlined ops/exp_poly.h: the fp32
 * one for fp32 results, its 16-bit flavour for fp16/bf16 results, the fp64 one for double. */
#ifndef ACPU_OPS_SOFTPLUS_BACKWARD_H_
#define ACPU_OPS_SOFTPLUS_BACKWARD_H_

#include "kernels/ops/binary_loop.h"
#include "kernels/ops/exp_poly.h"

static inline acpu_vf acpu_softplus_math(acpu_vf dy, acpu_vf x, const acpu_softplus_params *p, acpu_vf_exp_fn exp_fn)
{
    acpu_vf z = acpu_vf_mul(acpu_vf_set1(p->beta), x);
    acpu_vf sig = acpu_vf_div(dy, acpu_vf_add(exp_fn(acpu_vf_neg(z)), acpu_vf_set1(1.0f)));
    return acpu_vf_select(acpu_vf_cmp_gt(z, acpu_vf_set1(p->threshold)), dy, sig);
}

static inline acpu_vf acpu_softplus_body(acpu_vf dy, acpu_vf x, const acpu_softplus_params *p)
{
    return acpu_softplus_math(dy, x, p, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_softplus_body16(acpu_vf dy, acpu_vf x, const acpu_softplus_params *p)
{
    return acpu_softplus_math(dy, x, p, acpu_vf_exp_poly16);
}

static inline acpu_vd acpu_softplus_body_f64(acpu_vd dy, acpu_vd x, const acpu_softplus_params *p)
{
    acpu_vd z = acpu_vd_mul(acpu_vd_set1(p->beta_d), x);
    acpu_vd sig = acpu_vd_div(dy, acpu_vd_add(acpu_vd_exp_poly(acpu_vd_neg(z)), acpu_vd_set1(1.0)));
    return acpu_vd_select(acpu_vd_cmp_gt(z, acpu_vd_set1(p->threshold_d)), dy, sig);
}

ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(softplus_f32), float,
                          acpu_vf, ACPU_VLANES, f32, acpu_softplus_body, acpu_softplus_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(softplus_f16), uint16_t,
                          acpu_vf, ACPU_VLANES, f16, acpu_softplus_body16, acpu_softplus_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(softplus_bf16), uint16_t,
                          acpu_vf, ACPU_VLANES, bf16, acpu_softplus_body16, acpu_softplus_params)
ACPU_DEFINE_BINARY_KERNEL(ACPU_KERNEL_NAME(softplus_f64), double,
                          acpu_vd, ACPU_VDLANES, f64, acpu_softplus_body_f64, acpu_softplus_params)

#endif /* ACPU_OPS_SOFTPLUS_BACKWARD_H_ */

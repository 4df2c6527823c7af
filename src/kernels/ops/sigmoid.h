/* The Sigmoid family's kernels.
 *
 * Sigmoid (aclnnSigmoid, aclnnInplaceSigmoid), in the arch35 kernels' order (sigmoid_f32.h,
 * sigmoid_f16.h, sigmoid_bf16.h: 16-bit inputs widened exactly, computed in fp32, rounded once):
 *   t = x * (-1);  e = exp(t);  d = e + 1;  y = 1 / d
 * and the same in double for DOUBLE (CANN's AiCpu kernel).
 *
 * SigmoidGrad (aclnnSigmoidBackward), inputs (y, dy) in the kernel's order (sigmoid_grad_f32.h;
 * the AiCpu kernel's double order is the same):
 *   t = 1 - y;  u = dy * t;  z = u * y
 * exp is ops/exp_poly.h's (its 16-bit flavour for fp16 / bf16 results, the fp64 one for double).
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_SIGMOID_LIST_H_
#define ACPU_OPS_SIGMOID_LIST_H_

/* Sigmoid: an exp and a division per element (~2K elements per thread, as Swish); SigmoidGrad:
 * three products (as ELU's result mode). */
#define ACPU_KERNELS_SIGMOID(X)                                    \
    X(SIGMOID, sigmoid, 1, acpu_no_params, NULL, 2048, FLOATS_F64) \
    X(SIGMOID_GRAD, sigmoid_grad, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS_F64)

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
#define ACPU_TABLES_SIGMOID(T) T(SIGMOID, sigmoid, WHOLE)

#endif /* ACPU_OPS_SIGMOID_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_SIGMOID_MATH_H_)
#define ACPU_OPS_SIGMOID_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/loops.h"

static inline acpu_vf acpu_sigmoid_math(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    acpu_vf e = exp_fn(acpu_vf_mul(x, acpu_vf_set1(-1.0f)));
    return acpu_vf_div(acpu_vf_set1(1.0f), acpu_vf_add(e, acpu_vf_set1(1.0f)));
}

static inline acpu_vf acpu_sigmoid_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_sigmoid_math(x, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_sigmoid_body16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_sigmoid_math(x, acpu_vf_exp_poly16);
}

static inline acpu_vd acpu_sigmoid_body_f64(acpu_vd x, const acpu_no_params *p)
{
    (void)p;
    acpu_vd e = acpu_vd_exp_poly(acpu_vd_mul(x, acpu_vd_set1(-1.0)));
    return acpu_vd_div(acpu_vd_set1(1.0), acpu_vd_add(e, acpu_vd_set1(1.0)));
}

ACPU_DEFINE_FLOAT_KERNELS(1, sigmoid, acpu_sigmoid_body, acpu_sigmoid_body16, acpu_no_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(sigmoid_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_sigmoid_body_f64,
                    acpu_no_params)

static inline acpu_vf acpu_sigmoid_grad_body(acpu_vf y, acpu_vf dy, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(acpu_vf_mul(dy, acpu_vf_sub(acpu_vf_set1(1.0f), y)), y);
}

static inline acpu_vd acpu_sigmoid_grad_body_f64(acpu_vd y, acpu_vd dy, const acpu_no_params *p)
{
    (void)p;
    return acpu_vd_mul(acpu_vd_mul(dy, acpu_vd_sub(acpu_vd_set1(1.0), y)), y);
}

ACPU_DEFINE_FLOAT_KERNELS(2, sigmoid_grad, acpu_sigmoid_grad_body, acpu_sigmoid_grad_body, acpu_no_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(sigmoid_grad_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_sigmoid_grad_body_f64,
                    acpu_no_params)

#endif /* ACPU_OPS_SIGMOID_MATH_H_ */

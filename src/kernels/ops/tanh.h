/* The Tanh family's kernels.
 *
 * Tanh (aclnnTanh, aclnnInplaceTanh), in the arch35 kernel's order (ops-math tanh_dag.h,
 * TanhCoreCompute; 16-bit inputs widened exactly, computed in fp32, rounded once):
 *   s = x * x;  p = s * 0.0157396831 + (-0.0523039624);  p = p * s + 0.133152977 (MulDstAdd);
 *   p = p * s + (-0.333327681) (MulDstAdd);  p = p * s;  poly = p * x + x (MulDstAdd);
 *   a = |x|;  m = exp(a * 2);  m = m + 1;  m = 1 / m;  m = m * (-2);  m = m + 1;
 *   m = (a >= 9.0109138...) ? 1 : m;  m = m with x's sign bit (And / Or);  y = (a >= 0.6) ? m : poly
 * The register MulDstAdd (dst = dst * src0 + src1) is taken as one fused multiply-add
 * (doc/DECISIONS.md). A NaN x fails both compares: y = poly, NaN.
 *
 * TanhGrad (aclnnTanhBackward), inputs (y, dy) in the kernel's order (tanh_grad_*_nddma_*.h):
 *   t = y * (-1);  u = t * y + 1 (MulAddDst, fused);  z = u * dy
 * and for DOUBLE the AiCpu kernel's dy * (1 - y*y), each step rounded.
 * exp is ops/exp_poly.h's (its 16-bit flavour for fp16 / bf16 results).
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_TANH_LIST_H_
#define ACPU_OPS_TANH_LIST_H_

/* Tanh: an exp and a division per element; TanhGrad: three operations (as ELU's result mode). */
#define ACPU_KERNELS_TANH(X)                             \
    X(TANH, tanh, 1, acpu_no_params, NULL, 2048, FLOATS) \
    X(TANH_GRAD, tanh_grad, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS_F64)

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
#define ACPU_TABLES_TANH(T) T(TANH, tanh, WHOLE)

#endif /* ACPU_OPS_TANH_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_TANH_MATH_H_)
#define ACPU_OPS_TANH_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/loops.h"

static inline acpu_vf acpu_tanh_math(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf s = acpu_vf_mul(x, x);
    acpu_vf p = acpu_vf_add(acpu_vf_mul(s, acpu_vf_set1(0.0157396831f)), acpu_vf_set1(-0.0523039624f));
    p = acpu_vf_fma(p, s, acpu_vf_set1(0.133152977f));
    p = acpu_vf_fma(p, s, acpu_vf_set1(-0.333327681f));
    acpu_vf poly = acpu_vf_fma(acpu_vf_mul(p, s), x, x);
    acpu_vf a = acpu_vf_abs(x);
    acpu_vf m = acpu_vf_add(exp_fn(acpu_vf_mul(a, acpu_vf_set1(2.0f))), one);
    m = acpu_vf_add(acpu_vf_mul(acpu_vf_div(one, m), acpu_vf_set1(-2.0f)), one);
    m = acpu_vf_select(acpu_vf_cmp_ge(a, acpu_vf_set1(9.010913848876953125f)), one, m);
    m = acpu_vf_copysign(m, x); /* m >= 0 (or NaN): OR-ing x's sign bit in is copysign */
    return acpu_vf_select(acpu_vf_cmp_ge(a, acpu_vf_set1(0.60000002384185791016f)), m, poly);
}

static inline acpu_vf acpu_tanh_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_tanh_math(x, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_tanh_body16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_tanh_math(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FLOAT_KERNELS(1, tanh, acpu_tanh_body, acpu_tanh_body16, acpu_no_params)

static inline acpu_vf acpu_tanh_grad_body(acpu_vf y, acpu_vf dy, const acpu_no_params *p)
{
    (void)p;
    acpu_vf u = acpu_vf_fma(acpu_vf_mul(y, acpu_vf_set1(-1.0f)), y, acpu_vf_set1(1.0f));
    return acpu_vf_mul(u, dy);
}

static inline acpu_vd acpu_tanh_grad_body_f64(acpu_vd y, acpu_vd dy, const acpu_no_params *p)
{
    (void)p;
    return acpu_vd_mul(dy, acpu_vd_sub(acpu_vd_set1(1.0), acpu_vd_mul(y, y)));
}

ACPU_DEFINE_FLOAT_KERNELS(2, tanh_grad, acpu_tanh_grad_body, acpu_tanh_grad_body, acpu_no_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(tanh_grad_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_tanh_grad_body_f64,
                    acpu_no_params)

#endif /* ACPU_OPS_TANH_MATH_H_ */

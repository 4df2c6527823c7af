/* The ELU family's kernels.
 *
 * Elu (aclnnElu, aclnnInplaceElu; the graph operator Elu), in the order of the arch35 kernel's
 * EluCustom (elu_dag.h), one rounding per step, in fp32 (16-bit inputs widened exactly, the result
 * rounded once):
 *   z = x * inputScale
 *   expm1 = |z| < 0.1 ? P(z) : exp(z) + (-1)     P by Horner, t = z*c5 + c4; t = t*z + c3; ...;
 *                                                 t = t*z + 1; P = t*z (c_k = 1/k! in fp32); degree
 *                                                 5 for fp32 results, 4 (t = z*c4 + c3; ...) for 16-bit
 *   n = expm1 * alpha;  y = (x > 0 ? x : n) * scale     (a NaN x takes n: NaN)
 * Elu on DOUBLE is CANN's AiCpu kernel (elu_aicpu.cpp), in double: x >= 0 ? x * scale :
 * (alpha * scale) * (exp(x * inputScale) - 1), its attributes the fp32 values the op_api passes
 * printed with "%f" and read back (TransType<double>: atof(std::to_string(v))).
 * EluThreshold is aclnnElu's path for a non-finite alpha or inputScale (aclnn_elu.cpp: Threshold(x,
 * 0, -alpha) launched as ThresholdV2, then Muls(scale), in fp32): y = (x <= 0 ? -alpha : x) * scale,
 * a NaN x passing through.
 * EluGrad (graph only; TensorFlow's EluGrad, elu_grad_dag.h): y = a < 0 ? g * (a + 1) : g, in fp32.
 *
 * EluGradV2 (aclnnEluBackward), in CANN's kernel order (spec 2.4), one rounding per step:
 *   x <= 0, exp mode   : (exp(x*inputScale) * factorNeg) * dy,  factorNeg = (alpha*scale)*inputScale
 *   x <= 0, result mode: ((x + alpha*scale) * inputScale) * dy
 *   x > 0 or NaN       : dy * scale
 * -ffp-contract=off keeps the order. exp is the inlined ops/exp_poly.h (its 16-bit flavour for
 * fp16/bf16 results).
 *
 * The first part (the kernel-list rows, parameter blocks and their initialisers) is read by every
 * layer; the math below it only by the ISA translation units, after their vocabulary. */
#ifndef ACPU_OPS_ELU_LIST_H_
#define ACPU_OPS_ELU_LIST_H_

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/acpu_attr.h"

/* X(ID, stem, arity, params, init, grain, dtypes): kernels/acpu_kernel_list.h. The exp kernels
 * cost ~0.17-0.25 ns per element and core (a 4K call on two threads ran slower than on one, 8K
 * faster), the result kernels ~0.06-0.1 ns: their grains. */
#define ACPU_KERNELS_ELU(X)                                                                                           \
    X(ELU_GRAD_EXP, elu_grad_exp, 2, acpu_elu_grad_params, acpu_elu_grad_init, 4096, FLOATS)                          \
    X(ELU_GRAD_RESULT, elu_grad_result, 2, acpu_elu_grad_params, acpu_elu_grad_init, ACPU_GRAIN_MEMORY_BOUND, FLOATS) \
    X(ELU, elu, 1, acpu_elu_params, acpu_elu_init, 4096, FLOATS_F64)                                                  \
    X(ELU_THRESHOLD, elu_threshold, 1, acpu_elu_threshold_params, acpu_elu_threshold_init, ACPU_GRAIN_MEMORY_BOUND,   \
      FLOATS)                                                                                                         \
    X(ELU_GRAD, elu_grad, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS)

/* Elu's attributes alpha, scale, input_scale as the AiCore kernel reads them (the fp32 values of
 * the op_api's ToFloat) and as the AiCpu kernel turns those into doubles (TransType: "%f", atof). */
typedef struct {
    float alpha, scale, input_scale;
    double alpha_d, scale_d, input_scale_d;
} acpu_elu_params;

/* The double the AiCpu kernel makes of an fp32 attribute: std::to_string (printf's "%f": the exact
 * value rounded to six decimals, ties to even) read back by atof (the double nearest that decimal);
 * 1.3f gives 1.3, 1e-7f gives 0. For a finite v that is rint(v * 1e6) / 1e6, computed without the
 * text (which cost half of Elu's phase 1): v * 1e6 is exact in double (24 + 14 significant bits,
 * 1e6 = 15625 * 2^6), rint of it is the six-decimal rounding times 1e6 (an integer, exact in double),
 * and the division rounds once to the double nearest that decimal, as strtod does. Phase 1 runs in
 * the default environment (nearest), as the AiCpu kernel does. Infinities and NaN take the text
 * ("inf", "-nan": strtod's NaN). */
static inline double acpu_elu_aicpu_attr(float v)
{
    if (!isfinite(v)) {
        char text[64];
        snprintf(text, sizeof text, "%f", (double)v);
        return strtod(text, NULL);
    }
    return rint((double)v * 1e6) / 1e6;
}

static inline void acpu_elu_init(const acpu_attr_value *a, void *out)
{
    acpu_elu_params *p = out;
    p->alpha = a[0].f;
    p->scale = a[1].f;
    p->input_scale = a[2].f;
    p->alpha_d = acpu_elu_aicpu_attr(a[0].f);
    p->scale_d = acpu_elu_aicpu_attr(a[1].f);
    p->input_scale_d = acpu_elu_aicpu_attr(a[2].f);
}

/* The threshold path's two fp32 scalars: value = alpha * -1 (ToFloat, then the op_api's product)
 * and Muls's scale. */
typedef struct {
    float neg_alpha, scale;
} acpu_elu_threshold_params;

static inline void acpu_elu_threshold_init(const acpu_attr_value *a, void *out)
{
    acpu_elu_threshold_params *p = out;
    p->neg_alpha = a[0].f * -1.0f;
    p->scale = a[1].f;
}

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
#define ACPU_TABLES_ELU(T) T(ELU_GRAD_EXP, elu_grad_exp, MUL) T(ELU, elu, WHOLE)

/* EluGradV2 coefficients folded once per call (fp32, CANN's order) from the attributes alpha,
 * scale, input_scale: factor_neg = (alpha*scale)*inputScale, neg_bias = alpha*scale. */
typedef struct {
    float scale;
    float input_scale;
    float factor_neg;
    float neg_bias;
} acpu_elu_grad_params;

static inline void acpu_elu_grad_init(const acpu_attr_value *a, void *out)
{
    acpu_elu_grad_params *p = out;
    p->scale = a[1].f;
    p->input_scale = a[2].f;
    p->neg_bias = a[0].f * a[1].f;
    p->factor_neg = p->neg_bias * a[2].f;
}

#endif /* ACPU_OPS_ELU_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_ELU_MATH_H_)
#define ACPU_OPS_ELU_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/lookup.h"
#include "kernels/ops/loops.h"

static inline acpu_vf acpu_elu_grad_exp_math(acpu_vf dy, acpu_vf x, const acpu_elu_grad_params *p,
                                             acpu_vf_exp_fn exp_fn)
{
    acpu_vf e = exp_fn(acpu_vf_mul(x, acpu_vf_set1(p->input_scale)));
    acpu_vf neg = acpu_vf_mul(acpu_vf_mul(e, acpu_vf_set1(p->factor_neg)), dy);
    acpu_vf pos = acpu_vf_mul(dy, acpu_vf_set1(p->scale));
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), neg, pos);
}

static inline acpu_vf acpu_elu_grad_exp_body(acpu_vf dy, acpu_vf x, const acpu_elu_grad_params *p)
{
    return acpu_elu_grad_exp_math(dy, x, p, acpu_vf_exp_poly);
}

/* The 16-bit kernel as dy * f(x), f = x <= 0 ? e * factor_neg : scale: the products of the fp32
 * body with dy as the first operand (the same bits but for the payload when both operands are
 * NaN), so 16-bit calls may gather f (ops/lookup.h). */
static inline acpu_vf acpu_elu_grad_exp_factor16(acpu_vf x, const acpu_elu_grad_params *p)
{
    acpu_vf e = acpu_vf_exp_poly16(acpu_vf_mul(x, acpu_vf_set1(p->input_scale)));
    acpu_vf neg = acpu_vf_mul(e, acpu_vf_set1(p->factor_neg));
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), neg, acpu_vf_set1(p->scale));
}

static inline acpu_vf acpu_elu_grad_result_body(acpu_vf dy, acpu_vf y, const acpu_elu_grad_params *p)
{
    acpu_vf shifted = acpu_vf_add(y, acpu_vf_set1(p->neg_bias));
    acpu_vf neg = acpu_vf_mul(acpu_vf_mul(shifted, acpu_vf_set1(p->input_scale)), dy);
    acpu_vf pos = acpu_vf_mul(dy, acpu_vf_set1(p->scale));
    return acpu_vf_select(acpu_vf_cmp_le(y, acpu_vf_set1(0.0f)), neg, pos);
}

/* ---- Elu ---------------------------------------------------------------------------------------- */

/* EluCustom's expm1 polynomial for |z| < 0.1: Horner from 1/120 (fp32 results) or 1/24 (16-bit). */
static inline acpu_vf acpu_elu_expm1_poly(acpu_vf z, bool degree5)
{
    acpu_vf t = degree5 ? acpu_vf_add(acpu_vf_mul(z, acpu_vf_set1(1.0f / 120.0f)), acpu_vf_set1(1.0f / 24.0f))
                        : acpu_vf_mul(z, acpu_vf_set1(1.0f / 24.0f));
    t = acpu_vf_add(degree5 ? acpu_vf_mul(t, z) : t, acpu_vf_set1(1.0f / 6.0f));
    t = acpu_vf_add(acpu_vf_mul(t, z), acpu_vf_set1(1.0f / 2.0f));
    t = acpu_vf_add(acpu_vf_mul(t, z), acpu_vf_set1(1.0f));
    return acpu_vf_mul(t, z);
}

static inline acpu_vf acpu_elu_math(acpu_vf x, const acpu_elu_params *p, bool degree5, acpu_vf_exp_fn exp_fn)
{
    acpu_vf z = acpu_vf_mul(x, acpu_vf_set1(p->input_scale));
    acpu_vf poly = acpu_elu_expm1_poly(z, degree5);
    acpu_vf em1 = acpu_vf_add(exp_fn(z), acpu_vf_set1(-1.0f));
    acpu_vf m = acpu_vf_select(acpu_vf_cmp_lt(acpu_vf_abs(z), acpu_vf_set1(0.1f)), poly, em1);
    acpu_vf n = acpu_vf_mul(m, acpu_vf_set1(p->alpha));
    acpu_vf y = acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(0.0f)), x, n);
    return acpu_vf_mul(y, acpu_vf_set1(p->scale));
}

static inline acpu_vf acpu_elu_body(acpu_vf x, const acpu_elu_params *p)
{
    return acpu_elu_math(x, p, true, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_elu_body16(acpu_vf x, const acpu_elu_params *p)
{
    return acpu_elu_math(x, p, false, acpu_vf_exp_poly16);
}

/* The AiCpu kernel's double loop, vectorised: compare and select instead of its branch. */
static inline acpu_vd acpu_elu_body_f64(acpu_vd x, const acpu_elu_params *p)
{
    acpu_vd neg = acpu_vd_mul(
        acpu_vd_set1(p->alpha_d * p->scale_d),
        acpu_vd_sub(acpu_vd_exp_poly(acpu_vd_mul(x, acpu_vd_set1(p->input_scale_d))), acpu_vd_set1(1.0)));
    acpu_vd pos = acpu_vd_mul(x, acpu_vd_set1(p->scale_d));
    return acpu_vd_select(acpu_vd_cmp_ge(x, acpu_vd_set1(0.0)), pos, neg);
}

/* ThresholdV2 (x <= 0 ? value : x), then Muls. */
static inline acpu_vf acpu_elu_threshold_body(acpu_vf x, const acpu_elu_threshold_params *p)
{
    acpu_vf t = acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), acpu_vf_set1(p->neg_alpha), x);
    return acpu_vf_mul(t, acpu_vf_set1(p->scale));
}

/* TensorFlow's EluGrad as elu_grad_dag.h orders it: m = g * (a + 1); a < 0 ? m : g. */
static inline acpu_vf acpu_elu_grad_body(acpu_vf g, acpu_vf a, const acpu_no_params *p)
{
    (void)p;
    acpu_vf m = acpu_vf_mul(g, acpu_vf_add(a, acpu_vf_set1(1.0f)));
    return acpu_vf_select(acpu_vf_cmp_lt(a, acpu_vf_set1(0.0f)), m, g);
}

ACPU_DEFINE_FLOAT_KERNELS(1, elu, acpu_elu_body, acpu_elu_body16, acpu_elu_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(elu_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_elu_body_f64, acpu_elu_params)
ACPU_DEFINE_FLOAT_KERNELS(1, elu_threshold, acpu_elu_threshold_body, acpu_elu_threshold_body, acpu_elu_threshold_params)
ACPU_DEFINE_FLOAT_KERNELS(2, elu_grad, acpu_elu_grad_body, acpu_elu_grad_body, acpu_no_params)

/* ---- EluGradV2 ---------------------------------------------------------------------------------- */

ACPU_DEFINE_FACTOR_KERNELS(elu_grad_exp, acpu_elu_grad_exp_body, acpu_elu_grad_exp_factor16, MUL, acpu_elu_grad_params)
ACPU_DEFINE_FLOAT_KERNELS(2, elu_grad_result, acpu_elu_grad_result_body, acpu_elu_grad_result_body,
                          acpu_elu_grad_params)

#endif /* ACPU_OPS_ELU_MATH_H_ */

/* The SiLU and GELU families' kernels (x times a smooth gate: x * sigmoid(x), x * Phi(x)).
 *
 * Swish (aclnnSilu with scale 1; aclnnSwish with scale beta), in the arch35 kernel's order
 * (swish_dag.h): the general DAG t = x * (-1); t = t * scale; e = exp(t); d = e + 1; y = x / d, and
 * the two the tiling picks by scale (CANN's IsFloatEqual, which also matches an infinite scale of
 * the same sign): scale -1, y = x / (exp(x) + 1); scale 0, y = x * 0.5.
 *
 * SwishGrad (aclnnSwishBackward), in the arch35 kernel's order (swish_grad_dag.h, SwishGradCustom),
 * one rounding per step: v = x * scale; e = exp(-v); d = e + 1; s = 1 / d; a = 1 - s; b = a * v;
 * c = b * s + s (MulDstAdd, computed as a product and a sum); dx = c * grad. The kernel reads grad
 * and x; SwishGrad's third input y is never read.
 *
 * SiluGrad (aclnnSiluBackward), in the order of CANN's kernels (doc/CANN.md#silu-math, SiLU spec
 * 3.4), one rounding per step:
 *   t = x * (-1);  e = exp(t);  d = e + 1;  s = 1 / d;  a = 1 - s;  b = x * a;  c = b + 1;
 *   g = s * c;  dx = dy * g
 * fp16 / bf16 inputs are widened exactly and dx rounded once to the 16-bit type. exp is the inlined
 * ops/exp_poly.h (its 16-bit flavour for fp16/bf16 results). The order cancels in c near
 * x = -1.278 and in a for large x: doc/NUMERICS.md states the accuracy rule.
 *
 * Gelu (aclnnGelu: always the tanh form), in the arch35 kernel's order (gelu_dag.h, GeluCustom),
 * Swish's shape with a cubic argument, one rounding per step:
 *   s = x * x;  c = s * x;  c = x * (1/0.044715) + c (Axpy, one fused multiply-add);
 *   c = c * (-1.595769121 * 0.044715);  e = exp(c);  d = e + 1;  y = x / d
 * with the kernel's fp32 constants (the double expressions rounded to float). A large |x| makes c
 * infinite: y = x / 1 (x > 0) or x / inf = -0 (x < 0); x = -inf gives -inf / inf = NaN.
 *
 * GeluV2 (aclnnGeluV2) picks by its approximate attribute: "tanh" runs the Gelu kernel above
 * (GeluV2Tanh is GeluCustom's instruction sequence), "none" the erf form of GeluV2Erf32BDag /
 * GeluV2Erf16BDag (gelu_v2_dag.h, GeluV2ErfPost), one rounding per step:
 *   v = x * 0.707106781;  e = erf(v);  a = e + 1;  m = x * 0.5;  y = a * m
 * erf is ops/math_poly.h's acpu_vf_erf for every dtype (CANN: Vec::Erf for fp32, AscendC::Erf on
 * widened 16-bit data; doc/DECISIONS.md). e + 1 cancels for x below about -2.
 *
 * GeluGrad (aclnnGeluBackward, and GeluGradV2's "tanh"), the tanh form's derivative in the arch35
 * kernel's order (gelu_grad_dag.h GeluGradCustom, gelu_grad_v2_dag.h GeluGradV2TanhCustom), on
 * (dy, x), one rounding per step:
 *   s = x * x;  p = s * AN + BETAN (Axpy);  p = p * x;  p = exp(p);
 *   r = s * A3 + BETA (Axpy);  r = r * x;  t = p + 1;  f = 1 / t;
 *   z = p * f;  z = z * r;  z = z * f;  z = (z == z) ? z : 0;  z = z + f;  dx = dy * z
 * with AN = -0.0713548162726002527220, BETAN = -1.595769121605730711759, A3 = 0.2140644488178007,
 * BETA = 1.595769121605730711759 as fp32. The NaN guard turns inf * 0 (exp(p) overflowing below
 * x = -10.06, x = +-inf) into 0: dx = dy * f there.
 *
 * GeluGradV2 "none" (aclnnGeluBackwardV2), GeluGradV2None32DAG / None16DAG (GeluGradV2ErfPost) on
 * (dy, x):
 *   e = erf(x * 0.707106781);  c = e * 0.5;  c = c + 0.5;  q = x * x;  q = q * -0.5;  q = exp(q);
 *   q = q * 0.3989422804;  m = q * x;  z = c + m;  dx = z * dy
 * (x = +-inf gives 0 * inf = NaN, as CANN's kernel; c + m cancels for x below about -2).
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_SILU_LIST_H_
#define ACPU_OPS_SILU_LIST_H_

#include "common/acpu_attr.h"

/* An exp and a division per element: as Softplus, a thread pays for itself from ~2K elements. */
#define ACPU_KERNELS_SILU(X)                                                            \
    X(SILU_GRAD, silu_grad, 2, acpu_no_params, NULL, 2048, FLOATS)                      \
    X(SWISH, swish, 1, acpu_swish_params, acpu_swish_init, 2048, FLOATS)                \
    X(SWISH_NEG_ONE, swish_neg_one, 1, acpu_no_params, NULL, 2048, FLOATS)              \
    X(SWISH_ZERO, swish_zero, 1, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, FLOATS) \
    X(SWISH_GRAD, swish_grad, 2, acpu_swish_params, acpu_swish_init, 2048, FLOATS)      \
    X(GELU, gelu, 1, acpu_no_params, NULL, 2048, FLOATS)                                \
    X(GELU_ERF, gelu_erf, 1, acpu_no_params, NULL, 2048, FLOATS)                        \
    X(GELU_GRAD, gelu_grad, 2, acpu_no_params, NULL, 2048, FLOATS)                      \
    X(GELU_GRAD_ERF, gelu_grad_erf, 2, acpu_no_params, NULL, 2048, FLOATS)

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
/* clang-format off */ /* an X-macro list: one row per line */
#define ACPU_TABLES_SILU(T)                \
    T(SILU_GRAD, silu_grad, MUL)           \
    T(SWISH, swish, WHOLE)                 \
    T(SWISH_NEG_ONE, swish_neg_one, WHOLE) \
    T(GELU, gelu, WHOLE)                   \
    T(GELU_ERF, gelu_erf, WHOLE)           \
    T(GELU_GRAD, gelu_grad, MUL)           \
    T(GELU_GRAD_ERF, gelu_grad_erf, MUL)
/* clang-format on */

/* Swish's and SwishGrad's attribute scale (ToFloat of aclnnSwish's and aclnnSwishBackward's beta, 1
 * when it is NULL; 1 for aclnnSilu). */
typedef struct {
    float scale;
} acpu_swish_params;

static inline void acpu_swish_init(const acpu_attr_value *a, void *out) { ((acpu_swish_params *)out)->scale = a[0].f; }

#endif /* ACPU_OPS_SILU_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_SILU_MATH_H_)
#define ACPU_OPS_SILU_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/lookup.h"
#include "kernels/ops/loops.h"
#include "kernels/ops/math_poly.h"

/* g = s * c of the order above (dx = dy * g): a factor of x alone, so 16-bit calls may gather it
 * (ops/lookup.h). */
static inline acpu_vf acpu_silu_grad_factor(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf t = acpu_vf_mul(x, acpu_vf_set1(-1.0f));
    acpu_vf d = acpu_vf_add(exp_fn(t), one);
    acpu_vf s = acpu_vf_div(one, d);
    acpu_vf c = acpu_vf_add(acpu_vf_mul(x, acpu_vf_sub(one, s)), one);
    return acpu_vf_mul(s, c);
}

static inline acpu_vf acpu_silu_grad_body(acpu_vf dy, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(dy, acpu_silu_grad_factor(x, acpu_vf_exp_poly));
}

static inline acpu_vf acpu_silu_grad_factor16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_silu_grad_factor(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FACTOR_KERNELS(silu_grad, acpu_silu_grad_body, acpu_silu_grad_factor16, MUL, acpu_no_params)

static inline acpu_vf acpu_swish_math(acpu_vf x, float scale, acpu_vf_exp_fn exp_fn)
{
    acpu_vf t = acpu_vf_mul(acpu_vf_mul(x, acpu_vf_set1(-1.0f)), acpu_vf_set1(scale));
    return acpu_vf_div(x, acpu_vf_add(exp_fn(t), acpu_vf_set1(1.0f)));
}

static inline acpu_vf acpu_swish_body(acpu_vf x, const acpu_swish_params *p)
{
    return acpu_swish_math(x, p->scale, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_swish_body16(acpu_vf x, const acpu_swish_params *p)
{
    return acpu_swish_math(x, p->scale, acpu_vf_exp_poly16);
}

static inline acpu_vf acpu_swish_neg_one_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_div(x, acpu_vf_add(acpu_vf_exp_poly(x), acpu_vf_set1(1.0f)));
}

static inline acpu_vf acpu_swish_neg_one_body16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_div(x, acpu_vf_add(acpu_vf_exp_poly16(x), acpu_vf_set1(1.0f)));
}

static inline acpu_vf acpu_swish_zero_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(x, acpu_vf_set1(0.5f));
}

/* SwishGradCustom on grad (In0) and x (In1). */
static inline acpu_vf acpu_swish_grad_math(acpu_vf grad, acpu_vf x, float scale, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf v = acpu_vf_mul(x, acpu_vf_set1(scale));
    acpu_vf s = acpu_vf_div(one, acpu_vf_add(exp_fn(acpu_vf_neg(v)), one));
    acpu_vf b = acpu_vf_mul(acpu_vf_sub(one, s), v);
    acpu_vf c = acpu_vf_add(acpu_vf_mul(b, s), s);
    return acpu_vf_mul(c, grad);
}

static inline acpu_vf acpu_swish_grad_body(acpu_vf grad, acpu_vf x, const acpu_swish_params *p)
{
    return acpu_swish_grad_math(grad, x, p->scale, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_swish_grad_body16(acpu_vf grad, acpu_vf x, const acpu_swish_params *p)
{
    return acpu_swish_grad_math(grad, x, p->scale, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FLOAT_KERNELS(2, swish_grad, acpu_swish_grad_body, acpu_swish_grad_body16, acpu_swish_params)
ACPU_DEFINE_FLOAT_KERNELS(1, swish, acpu_swish_body, acpu_swish_body16, acpu_swish_params)
ACPU_DEFINE_FLOAT_KERNELS(1, swish_neg_one, acpu_swish_neg_one_body, acpu_swish_neg_one_body16, acpu_no_params)
ACPU_DEFINE_FLOAT_KERNELS(1, swish_zero, acpu_swish_zero_body, acpu_swish_zero_body, acpu_no_params)

/* GeluCustom: Axpy(c, x, 1/0.044715) adds x * (1/0.044715) to c. */
static inline acpu_vf acpu_gelu_tanh_math(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const float factor = (float)(1 / 0.044715), neg_scale = (float)(-1.595769121 * 0.044715);
    acpu_vf c = acpu_vf_mul(acpu_vf_mul(x, x), x);
    c = acpu_vf_fma(x, acpu_vf_set1(factor), c);
    c = acpu_vf_mul(c, acpu_vf_set1(neg_scale));
    return acpu_vf_div(x, acpu_vf_add(exp_fn(c), acpu_vf_set1(1.0f)));
}

static inline acpu_vf acpu_gelu_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_gelu_tanh_math(x, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_gelu_body16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_gelu_tanh_math(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FLOAT_KERNELS(1, gelu, acpu_gelu_body, acpu_gelu_body16, acpu_no_params)

/* GeluV2Erf*Dag: Muls(x, 1/sqrt 2), Erf, then GeluV2ErfPost: Adds(e, 1), Muls(x, 0.5), Mul. */
static inline acpu_vf acpu_gelu_erf_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    acpu_vf e = acpu_vf_erf(acpu_vf_mul(x, acpu_vf_set1(0.707106781f)));
    return acpu_vf_mul(acpu_vf_add(e, acpu_vf_set1(1.0f)), acpu_vf_mul(x, acpu_vf_set1(0.5f)));
}

ACPU_DEFINE_FLOAT_KERNELS(1, gelu_erf, acpu_gelu_erf_body, acpu_gelu_erf_body, acpu_no_params)

/* GeluGradCustom's z (dx = dy * z): a factor of x alone, so 16-bit calls may gather it. */
static inline acpu_vf acpu_gelu_grad_factor(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf s = acpu_vf_mul(x, x);
    acpu_vf p = acpu_vf_fma(s, acpu_vf_set1(-0.0713548162726002527220f), acpu_vf_set1(-1.595769121605730711759f));
    p = exp_fn(acpu_vf_mul(p, x));
    acpu_vf r = acpu_vf_fma(s, acpu_vf_set1(0.2140644488178007f), acpu_vf_set1(1.595769121605730711759f));
    r = acpu_vf_mul(r, x);
    acpu_vf f = acpu_vf_div(one, acpu_vf_add(p, one));
    acpu_vf z = acpu_vf_mul(acpu_vf_mul(acpu_vf_mul(p, f), r), f);
    z = acpu_vf_select(acpu_vf_cmp_eq(z, z), z, acpu_vf_set1(0.0f));
    return acpu_vf_add(z, f);
}

static inline acpu_vf acpu_gelu_grad_body(acpu_vf dy, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(dy, acpu_gelu_grad_factor(x, acpu_vf_exp_poly));
}

static inline acpu_vf acpu_gelu_grad_factor16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_gelu_grad_factor(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FACTOR_KERNELS(gelu_grad, acpu_gelu_grad_body, acpu_gelu_grad_factor16, MUL, acpu_no_params)

/* GeluGradV2ErfPost's z (dx = z * dy). */
static inline acpu_vf acpu_gelu_grad_erf_factor(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    acpu_vf e = acpu_vf_erf(acpu_vf_mul(x, acpu_vf_set1(0.707106781f)));
    acpu_vf c = acpu_vf_add(acpu_vf_mul(e, acpu_vf_set1(0.5f)), acpu_vf_set1(0.5f));
    acpu_vf q = exp_fn(acpu_vf_mul(acpu_vf_mul(x, x), acpu_vf_set1(-0.5f)));
    acpu_vf m = acpu_vf_mul(acpu_vf_mul(q, acpu_vf_set1(0.3989422804f)), x);
    return acpu_vf_add(c, m);
}

static inline acpu_vf acpu_gelu_grad_erf_body(acpu_vf dy, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(acpu_gelu_grad_erf_factor(x, acpu_vf_exp_poly), dy);
}

static inline acpu_vf acpu_gelu_grad_erf_factor16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_gelu_grad_erf_factor(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FACTOR_KERNELS(gelu_grad_erf, acpu_gelu_grad_erf_body, acpu_gelu_grad_erf_factor16, MUL, acpu_no_params)

#endif /* ACPU_OPS_SILU_MATH_H_ */

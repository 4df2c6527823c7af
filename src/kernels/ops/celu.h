/* The CELU family's kernels.
 *
 * CeluV2 (aclnnCelu, aclnnInplaceCelu), in the arch35 kernel's order (celu_v2.h: CastToFloat,
 * ComputeExpm1NegBranch, CombineBranches, CastToOutput), one rounding per step:
 *   x' = x + 0 (fp32; fp16 / bf16 widened exactly);  u = x' * invAlpha;  e = exp(u);
 *   naive = e + (-1);  k = (u * (e + (-1))) / log(e)            (Kahan's expm1(u) = u (e-1) / ln e)
 *   k = (log(e) == 0) ? u : k;  m = (|u| < 0.5) ? k : naive;  n = m * alpha;
 *   y = max(0, x') + min(0, n)
 * invAlpha = 1/alpha from the tiling. The kernel's Mins / Maxs are min(0, n) and max(0, x') with the
 * vocabulary's rule (the second operand when unordered), so NaN propagates (doc/DECISIONS.md).
 * exp is ops/exp_poly.h's (its 16-bit flavour for fp16 / bf16 results), log ops/math_poly.h's.
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_CELU_LIST_H_
#define ACPU_OPS_CELU_LIST_H_

#include "common/acpu_attr.h"

/* An exp, a log and a division per element: a thread pays for itself from ~2K elements. */
#define ACPU_KERNELS_CELU(X) X(CELU_V2, celu_v2, 1, acpu_celu_params, acpu_celu_init, 2048, FLOATS)

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
#define ACPU_TABLES_CELU(T) T(CELU_V2, celu_v2, WHOLE)

/* CeluV2's tiling data scalars: alpha (ToFloat of the API's alpha) and invAlpha = 1.0f / alpha. */
typedef struct {
    float alpha, inv_alpha;
} acpu_celu_params;

static inline void acpu_celu_init(const acpu_attr_value *a, void *out)
{
    acpu_celu_params *p = out;
    p->alpha = a[0].f;
    p->inv_alpha = 1.0f / a[0].f;
}

#endif /* ACPU_OPS_CELU_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_CELU_MATH_H_)
#define ACPU_OPS_CELU_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/loops.h"
#include "kernels/ops/math_poly.h"

static inline acpu_vf acpu_celu_math(acpu_vf x, const acpu_celu_params *p, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf zero = acpu_vf_set1(0.0f), minus_one = acpu_vf_set1(-1.0f);
    acpu_vf u = acpu_vf_mul(x, acpu_vf_set1(p->inv_alpha));
    acpu_vf e = exp_fn(u);
    acpu_vf naive = acpu_vf_add(e, minus_one);
    acpu_vf le = acpu_vf_log_normal(e); /* used where |u| < 0.5: e in [0.6, 1.7] or NaN */
    acpu_vf k = acpu_vf_div(acpu_vf_mul(u, acpu_vf_add(e, minus_one)), le);
    k = acpu_vf_select(acpu_vf_cmp_eq(le, zero), u, k);
    acpu_vf m = acpu_vf_select(acpu_vf_cmp_lt(acpu_vf_abs(u), acpu_vf_set1(0.5f)), k, naive);
    acpu_vf n = acpu_vf_mul(m, acpu_vf_set1(p->alpha));
    return acpu_vf_add(acpu_vf_max(zero, x), acpu_vf_min(zero, n));
}

/* fp32: the kernel's CastToFloat is Adds(x, 0) (-0 becomes +0). */
static inline acpu_vf acpu_celu_body(acpu_vf x, const acpu_celu_params *p)
{
    return acpu_celu_math(acpu_vf_add(x, acpu_vf_set1(0.0f)), p, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_celu_body16(acpu_vf x, const acpu_celu_params *p)
{
    return acpu_celu_math(x, p, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FLOAT_KERNELS(1, celu_v2, acpu_celu_body, acpu_celu_body16, acpu_celu_params)

#endif /* ACPU_OPS_CELU_MATH_H_ */

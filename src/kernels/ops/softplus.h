/* The Softplus and Mish families' kernels (Mish = x * tanh(softplus(x))).
 *
 * SoftplusV2 (aclnnSoftplus), in the arch35 kernel's order (softplus_v2.h, ComputeFp32; fp16 / bf16
 * widened exactly and computed the same way in fp32):
 *   t = beta * x;  gt = t > threshold;  s = gt ? 0 : t;  e = exp(s);
 *   log1p(e) as the kernel writes it out: u = e + 1;  lp = log(u) * (e / (u - 1));  lp = (u == 1) ? e : lp;
 *   lp = (e + 1 == inf) ? inf : lp;  y = gt ? x : lp * invBeta
 * invBeta = 1/beta from the tiling (SafeInvBeta: +inf when |beta| <= FLT_EPSILON). An unordered
 * compare (t or threshold NaN) takes the softplus branch, which is NaN. log is ops/math_poly.h's.
 *
 * SoftplusV2Grad (aclnnSoftplusBackward), in the arch35 kernel's order (spec 3.5):
 *   z = beta * x;  z > threshold ? dy : dy / (1 + exp(-z))
 * a division, not a reciprocal-multiply. An unordered compare (z or threshold NaN) takes the
 * division branch. exp is the inlined ops/exp_poly.h: the fp32 one for fp32 results, its 16-bit
 * flavour for fp16/bf16 results, the fp64 one for double.
 *
 * Mish (aclnnMish, aclnnInplaceMish), in the arch35 kernel's order (mish_dag.h MishCustom; 16-bit
 * widened, computed in fp32, rounded once), tanh(softplus(x)) from exps, one rounding per step:
 *   a = x * -1;  b = x * -2;  a = exp(a);  b = exp(b);  a = a * 2;  a = a + 1;  b = b * 2;  b = a + b;
 *   n = a / b                                    ((2e^-x + 1) / (2e^-x + 1 + 2e^-2x), for x >= 0)
 *   c = x * 2;  c = exp(c);  d = exp(x);  c = d * 2 + c (Axpy: the product is exact);  d = c + 2;
 *   p = c / d                                    ((e^2x + 2e^x) / (e^2x + 2e^x + 2), for x < 0)
 *   t = (x < 0) ? p : n;  y = t * x
 * (x = -inf gives 0 * -inf = NaN; a NaN x takes n, NaN.)
 *
 * MishGrad (aclnnMishBackward), on (grad, x) in the arch35 kernel's order (mish_grad_dag.h
 * MishGradDAG: t as above, then MishGradCustom and the product):
 *   q = t * t;  q = q + -1;  q = q * x;  e = x * -1;  e = exp(e);  e = e + 1;  e = q / e;  z = t - e;
 *   dx = z * grad
 * (x = +-inf: inf * 0 inside, NaN, as PyTorch's.)
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_SOFTPLUS_LIST_H_
#define ACPU_OPS_SOFTPLUS_LIST_H_

#include <math.h>

#include "common/acpu_attr.h"

/* An exp per element: as ELU's exp mode, a thread pays for itself from ~2K elements. */
#define ACPU_KERNELS_SOFTPLUS(X)                                                                   \
    X(SOFTPLUS_GRAD, softplus_grad, 2, acpu_softplus_params, acpu_softplus_init, 2048, FLOATS_F64) \
    X(SOFTPLUS_V2, softplus_v2, 1, acpu_softplus_v2_params, acpu_softplus_v2_init, 2048, FLOATS)   \
    X(MISH, mish, 1, acpu_no_params, NULL, 1024, FLOATS)                                           \
    X(MISH_GRAD, mish_grad, 2, acpu_no_params, NULL, 1024, FLOATS)

/* T(ID, stem, form): the kernels that 16-bit calls may run from a table (kernels/acpu_kernels.h). */
#define ACPU_TABLES_SOFTPLUS(T)          \
    T(SOFTPLUS_GRAD, softplus_grad, DIV) \
    T(SOFTPLUS_V2, softplus_v2, WHOLE) T(MISH, mish, WHOLE) T(MISH_GRAD, mish_grad, MUL)

/* beta and threshold as the fp32 kernels read them (ToFloat) and as the double kernel does
 * (ToDouble). */
typedef struct {
    float beta, threshold;
    double beta_d, threshold_d;
} acpu_softplus_params;

static inline void acpu_softplus_init(const acpu_attr_value *a, void *out)
{
    acpu_softplus_params *p = out;
    p->beta = a[0].f;
    p->threshold = a[1].f;
    p->beta_d = a[0].d;
    p->threshold_d = a[1].d;
}

/* SoftplusV2's attributes as its tiling stores them (fp32): beta, threshold and invBeta. */
typedef struct {
    float beta, threshold, inv_beta;
} acpu_softplus_v2_params;

/* SafeInvBeta (softplus_v2_tiling.cpp): |beta| <= FLT_EPSILON gives +inf (a NaN beta gives NaN). */
static inline float acpu_softplus_v2_inv_beta(float beta)
{
    return fabsf(beta) <= 1.1920928955078125e-07f ? (float)INFINITY : 1.0f / beta;
}

static inline void acpu_softplus_v2_init(const acpu_attr_value *a, void *out)
{
    acpu_softplus_v2_params *p = out;
    p->beta = a[0].f;
    p->threshold = a[1].f;
    p->inv_beta = acpu_softplus_v2_inv_beta(a[0].f);
}

#endif /* ACPU_OPS_SOFTPLUS_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_SOFTPLUS_MATH_H_)
#define ACPU_OPS_SOFTPLUS_MATH_H_

#include "kernels/ops/exp_poly.h"
#include "kernels/ops/lookup.h"
#include "kernels/ops/loops.h"
#include "kernels/ops/math_poly.h"

static inline acpu_vf acpu_softplus_grad_math(acpu_vf dy, acpu_vf x, const acpu_softplus_params *p,
                                              acpu_vf_exp_fn exp_fn)
{
    acpu_vf z = acpu_vf_mul(acpu_vf_set1(p->beta), x);
    acpu_vf sig = acpu_vf_div(dy, acpu_vf_add(exp_fn(acpu_vf_neg(z)), acpu_vf_set1(1.0f)));
    return acpu_vf_select(acpu_vf_cmp_gt(z, acpu_vf_set1(p->threshold)), dy, sig);
}

static inline acpu_vf acpu_softplus_grad_body(acpu_vf dy, acpu_vf x, const acpu_softplus_params *p)
{
    return acpu_softplus_grad_math(dy, x, p, acpu_vf_exp_poly);
}

/* The 16-bit kernel as dy / f(x), f = z > threshold ? 1 : exp(-z) + 1: dy / 1 is dy exactly (a
 * NaN quieted, as the rounding to 16 bits quiets it anyway), so 16-bit calls may gather f
 * (ops/lookup.h). */
static inline acpu_vf acpu_softplus_grad_factor16(acpu_vf x, const acpu_softplus_params *p)
{
    acpu_vf z = acpu_vf_mul(acpu_vf_set1(p->beta), x);
    acpu_vf d = acpu_vf_add(acpu_vf_exp_poly16(acpu_vf_neg(z)), acpu_vf_set1(1.0f));
    return acpu_vf_select(acpu_vf_cmp_gt(z, acpu_vf_set1(p->threshold)), acpu_vf_set1(1.0f), d);
}

static inline acpu_vd acpu_softplus_grad_body_f64(acpu_vd dy, acpu_vd x, const acpu_softplus_params *p)
{
    acpu_vd z = acpu_vd_mul(acpu_vd_set1(p->beta_d), x);
    acpu_vd sig = acpu_vd_div(dy, acpu_vd_add(acpu_vd_exp_poly(acpu_vd_neg(z)), acpu_vd_set1(1.0)));
    return acpu_vd_select(acpu_vd_cmp_gt(z, acpu_vd_set1(p->threshold_d)), dy, sig);
}

static inline acpu_vf acpu_softplus_v2_math(acpu_vf x, const acpu_softplus_v2_params *p, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f), inf = acpu_vf_set1(INFINITY);
    acpu_vf t = acpu_vf_mul(x, acpu_vf_set1(p->beta));
    acpu_vmask gt = acpu_vf_cmp_gt(t, acpu_vf_set1(p->threshold));
    acpu_vf e = exp_fn(acpu_vf_select(gt, acpu_vf_set1(0.0f), t));
    acpu_vf u = acpu_vf_add(e, one);
    acpu_vf v = acpu_vf_add(u, acpu_vf_set1(-1.0f));
    acpu_vf lp = acpu_vf_mul(acpu_vf_log_normal(u), acpu_vf_div(e, v)); /* u >= 1 or NaN (+inf: replaced below) */
    lp = acpu_vf_select(acpu_vf_cmp_eq(u, one), e, lp);
    lp = acpu_vf_select(acpu_vf_cmp_eq(acpu_vf_add(e, one), inf), inf, lp);
    return acpu_vf_select(gt, x, acpu_vf_mul(lp, acpu_vf_set1(p->inv_beta)));
}

static inline acpu_vf acpu_softplus_v2_body(acpu_vf x, const acpu_softplus_v2_params *p)
{
    return acpu_softplus_v2_math(x, p, acpu_vf_exp_poly);
}

static inline acpu_vf acpu_softplus_v2_body16(acpu_vf x, const acpu_softplus_v2_params *p)
{
    return acpu_softplus_v2_math(x, p, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FLOAT_KERNELS(1, softplus_v2, acpu_softplus_v2_body, acpu_softplus_v2_body16, acpu_softplus_v2_params)
ACPU_DEFINE_FACTOR_KERNELS(softplus_grad, acpu_softplus_grad_body, acpu_softplus_grad_factor16, DIV,
                           acpu_softplus_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(softplus_grad_f64), double, acpu_vd, ACPU_VDLANES, f64,
                    acpu_softplus_grad_body_f64, acpu_softplus_params)

/* MishCustom's tanh(softplus(x)). The kernel computes both forms (n from exp(-x) and exp(-2x), p
 * from exp(x) and exp(2x)) and selects by x's sign; a lane needs only its own form's two exps, so
 * the arguments are selected first:
 *   e1 = exp(x < 0 ? x : x * -1),  e2 = exp(x < 0 ? x * 2 : x * -2)
 *   x >= 0 (or NaN): num = e1 * 2 + 1,  den = num + e2 * 2      (n)
 *   x < 0:           num = e2 + e1 * 2, den = num + 2           (p)
 * and one division num / den. Each lane runs its form's steps on the same operands in the same
 * order, so the bits are the two-form kernel's, for half the exps and divisions. */
static inline acpu_vf acpu_mish_tanh_sp(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    const acpu_vf one = acpu_vf_set1(1.0f), two = acpu_vf_set1(2.0f);
    acpu_vmask neg = acpu_vf_cmp_lt(x, acpu_vf_set1(0.0f));
    acpu_vf e1 = exp_fn(acpu_vf_select(neg, x, acpu_vf_mul(x, acpu_vf_set1(-1.0f))));
    acpu_vf e2 = exp_fn(acpu_vf_select(neg, acpu_vf_mul(x, two), acpu_vf_mul(x, acpu_vf_set1(-2.0f))));
    acpu_vf e1_2 = acpu_vf_mul(e1, two); /* exact */
    acpu_vf num = acpu_vf_select(neg, acpu_vf_add(e2, e1_2), acpu_vf_add(e1_2, one));
    acpu_vf den = acpu_vf_add(num, acpu_vf_select(neg, two, acpu_vf_mul(e2, two)));
    return acpu_vf_div(num, den);
}

static inline acpu_vf acpu_mish_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(acpu_mish_tanh_sp(x, acpu_vf_exp_poly), x);
}

static inline acpu_vf acpu_mish_body16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(acpu_mish_tanh_sp(x, acpu_vf_exp_poly16), x);
}

ACPU_DEFINE_FLOAT_KERNELS(1, mish, acpu_mish_body, acpu_mish_body16, acpu_no_params)

/* MishGradCustom's z (dx = z * grad): a factor of x alone, so 16-bit calls may gather it. */
static inline acpu_vf acpu_mish_grad_factor(acpu_vf x, acpu_vf_exp_fn exp_fn)
{
    acpu_vf t = acpu_mish_tanh_sp(x, exp_fn);
    acpu_vf q = acpu_vf_mul(acpu_vf_add(acpu_vf_mul(t, t), acpu_vf_set1(-1.0f)), x);
    acpu_vf e = acpu_vf_add(exp_fn(acpu_vf_mul(x, acpu_vf_set1(-1.0f))), acpu_vf_set1(1.0f));
    return acpu_vf_sub(t, acpu_vf_div(q, e));
}

static inline acpu_vf acpu_mish_grad_body(acpu_vf grad, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_mul(acpu_mish_grad_factor(x, acpu_vf_exp_poly), grad);
}

static inline acpu_vf acpu_mish_grad_factor16(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_mish_grad_factor(x, acpu_vf_exp_poly16);
}

ACPU_DEFINE_FACTOR_KERNELS(mish_grad, acpu_mish_grad_body, acpu_mish_grad_factor16, MUL, acpu_no_params)

#endif /* ACPU_OPS_SOFTPLUS_MATH_H_ */

/* The project's fp32 log, tanh and erf, inlined into the kernels as ops/exp_poly.h's exp is (the
 * intrinsics CANN's kernels call: AscendC::Ln / Log in SoftplusV2 and CeluV2, AscendC::Erf and
 * Vec::Erf in the GELU kernels; tanh for the kernels that want one), written once for every ISA on
 * the vocabulary (vec/vec_contract.h) with no ISA-specific rounding: the same bits everywhere.
 * The polynomials are weighted minimax fits with float32 coefficients (tools/math_poly_fit.py
 * refits them and prints their approximation errors, 0.003 - 0.07 ulp); the measured errors over
 * every fp32 input (tools/aclnn-cpu-expcheck, doc/NUMERICS.md) are the list's bounds
 * (kernels/acpu_kernels.h, ACPU_MATH_LIST).
 *
 * acpu_vf_log, the natural log:
 *   a subnormal x is scaled by 2^23 (exact) and its exponent corrected;
 *   x = 2^e * m, m = significand in [1, 2), halved (e + 1) when m > sqrt(2): m in [sqrt(1/2), sqrt(2)],
 *   f = m - 1 exactly (Sterbenz), log(x) = e*ln2 + log1p(f),  log1p(f) = f + f^2 * Q(f),
 *   Q of degree 8 (the fit's error 0.07 ulp);
 *   e*ln2_hi is exact (ln2_hi has 15 significant bits, |e| <= 150), s = e*ln2_hi + f is a Fast2Sum
 *   (|e*ln2_hi| >= 0.69 > |f| unless e = 0) whose rounding error s_err is kept, so the sum
 *   s + (f^2 Q(f) + e*ln2_lo + s_err) rounds once at the end;
 *   log(+0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, log(NaN) = NaN (the input), log(1) = +0.
 *   acpu_vf_log_normal skips the subnormal scaling and those special cases, for kernels whose
 *   argument is positive, normal and finite where its log is used (the same bits there).
 *
 * acpu_vf_tanh, odd, on a = |x| and the sign copied back (tanh(-0) = -0):
 *   a < 0.625:  a + a^3 * P(a^2), P of degree 5;
 *   otherwise:  1 - 2/(e + 1), e = exp(2 min(a, 9.5)) (tanh rounds to 1 above 9.01), with
 *               d = e + 1 and t = 2/d carried to twice the precision (Fast2Sum of e + 1, the exact
 *               residual 2 - t*d by FMA, one Newton correction) and 1 - t a Fast2Sum, so only the
 *               last addition rounds; e's own error (ops/exp_poly.h) remains.
 *
 * acpu_vf_erf, odd the same way:
 *   a < 1:   a + a * S(a^2), S of degree 6;
 *   a >= 1:  1 - erfc(a), erfc(a) = exp(M(a - 1) - a^2) for a clamped to [1, 4] (erf rounds to 1
 *            above 3.92), M ~ log(erfc(a)) + a^2 of degree 6, fitted with the weight
 *            erfc(a)/erf(a) (the error M passes on to erf); a^2 = a2 + a2_lo exactly (FMA) and
 *            M - a2 a Fast2Sum (|a2| >= |M|), so exp's argument carries both rounding errors to
 *            first order: erfc = e + e*(s_err - a2_lo), e = exp(M - a2) rounded.
 * NaN stays NaN through every branch (the vocabulary's clamp keeps it). */
#ifndef ACPU_OPS_MATH_POLY_H_
#define ACPU_OPS_MATH_POLY_H_

#include "kernels/ops/exp_poly.h"

/* log(2^e * m) for m the significand in [1, 2) and e the exponent (an integer-valued float): the
 * reduction to [sqrt(1/2), sqrt(2)] and the polynomial, no special input. */
static inline acpu_vf acpu_vf_log_parts(acpu_vf m, acpu_vf e)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    const acpu_vf ln2_hi = acpu_vf_set1(0.693145751953125f);                      /* 0x1.62e4p-1, 15 bits */
    const acpu_vf ln2_lo = acpu_vf_set1(1.428606765330187045e-06f);               /* ln 2 - ln2_hi, rounded */
    acpu_vmask big = acpu_vf_cmp_gt(m, acpu_vf_set1(1.41421353816986083984375f)); /* float(sqrt 2) */
    m = acpu_vf_select(big, acpu_vf_mul(m, acpu_vf_set1(0.5f)), m);
    e = acpu_vf_select(big, acpu_vf_add(e, one), e);
    acpu_vf f = acpu_vf_sub(m, one);
    acpu_vf q = acpu_vf_set1(-0.0762317031621933f);
    q = acpu_vf_fma(q, f, acpu_vf_set1(0.12914729118347168f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(-0.13247500360012054f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(0.141805961728096f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(-0.16608430445194244f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(0.20002013444900513f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(-0.25001609325408936f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(0.33333325386047363f));
    q = acpu_vf_fma(q, f, acpu_vf_set1(-0.49999988079071045f));
    acpu_vf hi = acpu_vf_mul(e, ln2_hi);
    acpu_vf s = acpu_vf_add(hi, f);
    acpu_vf s_err = acpu_vf_add(acpu_vf_sub(hi, s), f);
    acpu_vf tail = acpu_vf_fma(acpu_vf_mul(f, f), q, acpu_vf_fma(e, ln2_lo, s_err));
    return acpu_vf_add(s, tail);
}

static inline acpu_vf acpu_vf_log(acpu_vf x)
{
    acpu_vmask tiny = acpu_vf_cmp_lt(x, acpu_vf_set1(0x1p-126f)); /* subnormal (or <= 0) */
    acpu_vf xs = acpu_vf_select(tiny, acpu_vf_mul(x, acpu_vf_set1(0x1p23f)), x);
    acpu_vf e = acpu_vf_sub(acpu_vf_exponent(xs), acpu_vf_select(tiny, acpu_vf_set1(23.0f), acpu_vf_set1(0.0f)));
    acpu_vf r = acpu_vf_log_parts(acpu_vf_significand(xs), e);
    r = acpu_vf_select(acpu_vf_cmp_eq(x, acpu_vf_set1(INFINITY)), x, r);
    r = acpu_vf_select(acpu_vf_cmp_eq(x, acpu_vf_set1(0.0f)), acpu_vf_set1(-INFINITY), r);
    r = acpu_vf_select(acpu_vf_cmp_lt(x, acpu_vf_set1(0.0f)), acpu_vf_set1(NAN), r);
    return acpu_vf_select(acpu_vf_cmp_eq(x, x), r, x);
}

/* acpu_vf_log for a kernel whose argument is a positive normal finite float or NaN (softplus's
 * 1 + e; CeluV2's exp(u) where the kernel keeps the log, |u| < 0.5): the same bits for those
 * inputs, without the subnormal scaling and the +-0, negative and +inf cases (their results are
 * unspecified here). NaN stays the input. */
static inline acpu_vf acpu_vf_log_normal(acpu_vf x)
{
    acpu_vf r = acpu_vf_log_parts(acpu_vf_significand(x), acpu_vf_exponent(x));
    return acpu_vf_select(acpu_vf_cmp_eq(x, x), r, x);
}

static inline acpu_vf acpu_vf_tanh(acpu_vf x)
{
    const acpu_vf one = acpu_vf_set1(1.0f), two = acpu_vf_set1(2.0f);
    acpu_vf a = acpu_vf_abs(x);
    acpu_vf a2 = acpu_vf_mul(a, a);
    acpu_vf p = acpu_vf_set1(0.002152681117877364f);
    p = acpu_vf_fma(p, a2, acpu_vf_set1(-0.008190012536942959f));
    p = acpu_vf_fma(p, a2, acpu_vf_set1(0.021706894040107727f));
    p = acpu_vf_fma(p, a2, acpu_vf_set1(-0.05394817888736725f));
    p = acpu_vf_fma(p, a2, acpu_vf_set1(0.13333220779895782f));
    p = acpu_vf_fma(p, a2, acpu_vf_set1(-0.3333333134651184f));
    acpu_vf small = acpu_vf_fma(a, acpu_vf_mul(a2, p), a);
    acpu_vf e = acpu_vf_exp_poly(acpu_vf_mul(acpu_vf_clamp(a, acpu_vf_set1(0.0f), acpu_vf_set1(9.5f)), two));
    acpu_vf d = acpu_vf_add(e, one);
    acpu_vf d_err = acpu_vf_add(acpu_vf_sub(e, d), one); /* e + 1 = d + d_err exactly (e >= 1) */
    acpu_vf t = acpu_vf_div(two, d);
    acpu_vf rho = acpu_vf_fma(acpu_vf_neg(t), d, two); /* 2 - t*d, exact */
    acpu_vf t_lo = acpu_vf_mul(acpu_vf_fma(acpu_vf_neg(t), d_err, rho), acpu_vf_mul(t, acpu_vf_set1(0.5f)));
    acpu_vf h = acpu_vf_sub(one, t);
    acpu_vf h_err = acpu_vf_sub(acpu_vf_sub(one, h), t); /* 1 - t = h + h_err exactly (t <= 1) */
    acpu_vf large = acpu_vf_add(h, acpu_vf_sub(h_err, t_lo));
    acpu_vf r = acpu_vf_select(acpu_vf_cmp_lt(a, acpu_vf_set1(0.625f)), small, large);
    return acpu_vf_copysign(r, x);
}

static inline acpu_vf acpu_vf_erf(acpu_vf x)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf a = acpu_vf_abs(x);
    acpu_vf a2 = acpu_vf_mul(a, a);
    acpu_vf s = acpu_vf_set1(7.806903158780187e-05f);
    s = acpu_vf_fma(s, a2, acpu_vf_set1(-0.0007997853099368513f));
    s = acpu_vf_fma(s, a2, acpu_vf_set1(0.005187162198126316f));
    s = acpu_vf_fma(s, a2, acpu_vf_set1(-0.026853347197175026f));
    s = acpu_vf_fma(s, a2, acpu_vf_set1(0.11283578723669052f));
    s = acpu_vf_fma(s, a2, acpu_vf_set1(-0.3761262595653534f));
    s = acpu_vf_fma(s, a2, acpu_vf_set1(0.12837916612625122f));
    acpu_vf small = acpu_vf_fma(a, s, a);
    acpu_vf c = acpu_vf_clamp(a, one, acpu_vf_set1(4.0f));
    acpu_vf t = acpu_vf_sub(c, one); /* exact */
    acpu_vf m = acpu_vf_set1(0.0001991971512325108f);
    m = acpu_vf_fma(m, t, acpu_vf_set1(-0.001880231429822743f));
    m = acpu_vf_fma(m, t, acpu_vf_set1(0.00996723584830761f));
    m = acpu_vf_fma(m, t, acpu_vf_set1(-0.041547663509845734f));
    m = acpu_vf_fma(m, t, acpu_vf_set1(0.15689398348331451f));
    m = acpu_vf_fma(m, t, acpu_vf_set1(-0.6389679312705994f));
    m = acpu_vf_fma(m, t, acpu_vf_set1(-0.8496055006980896f));
    acpu_vf c2 = acpu_vf_mul(c, c);
    acpu_vf c2_lo = acpu_vf_fma(c, c, acpu_vf_neg(c2)); /* c^2 = c2 + c2_lo exactly */
    acpu_vf u = acpu_vf_sub(m, c2);
    acpu_vf u_err = acpu_vf_sub(m, acpu_vf_add(u, c2)); /* m - c2 = u + u_err exactly */
    acpu_vf ex = acpu_vf_exp_poly(u);
    acpu_vf erfc = acpu_vf_fma(ex, acpu_vf_sub(u_err, c2_lo), ex);
    acpu_vf large = acpu_vf_sub(one, erfc);
    acpu_vf r = acpu_vf_select(acpu_vf_cmp_lt(a, one), small, large);
    return acpu_vf_copysign(r, x);
}

#endif /* ACPU_OPS_MATH_POLY_H_ */

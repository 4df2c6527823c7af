/* exp for kernels whose result is rounded to fp16 or bf16, inlined (SLEEF's is an out-of-line call
 * that spills every live vector register), written once for every ISA on top of the vocabulary's
 * acpu_vf_fma / acpu_vf_clamp / acpu_vf_round / acpu_vf_scale_pow2.
 *
 *   x is clamped to [-104, 89] (NaN kept): exp rounds to +0 below and to +inf above in fp32 anyway;
 *   q = rint(x * log2(e)),  r = (x - q*ln2_hi) - q*ln2_lo   (FMA, so both steps are exact or nearly);
 *   exp(r) = 1 + (r + r^2 * P(r)),  |r| <= ln2/2,
 *   P(r) = c0 + c1 r + c2 r^2 + c3 r^3 + c4 r^4, a weighted minimax fit (Lawson iterations on
 *   Chebyshev nodes) of (exp(r) - 1 - r) / r^2 minimising the relative error of exp: 0.064 ulp of fp32
 *   (tools/exp_poly_fit.py refits it and prints that);
 *   exp(x) = 2^q * exp(r), the scaling rounding once (subnormal results as IEEE's).
 * Measured by tests/test_elu_math.c and test_softplus_math.c through the 16-bit kernels: every
 * 16-bit result below 1 ulp, at least 99.99% correctly rounded. fp32 and fp64 outputs keep SLEEF. */
#ifndef ACPU_OPS_EXP_POLY_H_
#define ACPU_OPS_EXP_POLY_H_

/* An exp flavour, passed to the op bodies as a constant so that it is inlined. */
typedef acpu_vf (*acpu_vf_exp_fn)(acpu_vf);

static inline acpu_vf acpu_vf_exp_poly(acpu_vf x)
{
    const acpu_vf log2e = acpu_vf_set1(1.44269502163f);
    const acpu_vf neg_ln2_hi = acpu_vf_set1(-0.693147182464599609375f); /* -float(ln 2) */
    const acpu_vf neg_ln2_lo = acpu_vf_set1(1.904654299957768e-09f);    /* -(ln 2 - float(ln 2)) */
    x = acpu_vf_clamp(x, acpu_vf_set1(-104.0f), acpu_vf_set1(89.0f));
    acpu_vf q = acpu_vf_round(acpu_vf_mul(x, log2e));
    acpu_vf r = acpu_vf_fma(q, neg_ln2_hi, x);
    r = acpu_vf_fma(q, neg_ln2_lo, r);
    acpu_vf p = acpu_vf_set1(0.001381461275741458f);
    p = acpu_vf_fma(p, r, acpu_vf_set1(0.008368710055947304f));
    p = acpu_vf_fma(p, r, acpu_vf_set1(0.04166838899254799f));
    p = acpu_vf_fma(p, r, acpu_vf_set1(0.1666652113199234f));
    p = acpu_vf_fma(p, r, acpu_vf_set1(0.4999999403953552f));
    acpu_vf s = acpu_vf_fma(acpu_vf_mul(r, r), p, r);
    return acpu_vf_scale_pow2(acpu_vf_add(s, acpu_vf_set1(1.0f)), q);
}

#endif /* ACPU_OPS_EXP_POLY_H_ */
